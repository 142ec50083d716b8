// The book page in Chromium: its editions and price chart (uPlot) from one price-history request, the tooltip by
// pointer and keyboard, the range buttons, the lowest price ever marked, the number of API requests a render takes,
// and how smooth the chart stays with 5 years of daily prices at 10 stores.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectText, openSession, signIn, startWebHarness, uniqueIsbn, type WebHarness } from './support/web-harness.js';
import { languageIdOf } from '../support/pricing-integration-helpers.js';

let h: WebHarness;
let englishId: number;

beforeAll(async () => {
  h = await startWebHarness();
  englishId = await languageIdOf(h.t, 'en');
});
afterAll(async () => {
  await h?.stop();
});

const DAY = 86_400_000;
const dayOf = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

async function storeId(key: string): Promise<number> {
  const [row] = await h.t.db.sql<{ store_id: string }>('select store_id from store where store_key = $1', [key]);
  return Number(row!.store_id);
}

/** A book with one paperback edition (and an author), created through the API as `token`'s user. */
async function bookWithEdition(token: string, title: string): Promise<{ bookId: number; editionId: number }> {
  const author = await h.t.call('POST', '/api/authors', { token, body: { author_name: `${title} Author` } });
  const book = await h.t.call('POST', '/api/books', { token, body: { book_original_title: title, author_ids: [author.body.author_id] } });
  expect(book.status, book.text).toBe(201);
  const edition = await h.t.call('POST', `/api/books/${book.body.book_id}/editions`, {
    token,
    body: { isbn: uniqueIsbn(), format: 'paperback', language_id: englishId, publisher: 'Chart House', published_year: 2020 },
  });
  expect(edition.status, edition.text).toBe(201);
  return { bookId: book.body.book_id, editionId: edition.body.edition_id };
}

/** Daily quotes, one per day from `fromDaysAgo` to `toDaysAgo` at noon UTC, with `amountMinor(daysAgo)`. */
async function dailyQuotes(editionId: number, store: number, fromDaysAgo: number, toDaysAgo: number, amountSql: string): Promise<void> {
  await h.t.db.sql(
    `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind)
     select $1, $2, ${amountSql}, 'EUR', 'in_stock', 'https://store.example/p', date_trunc('day', now()) - make_interval(days => d) + interval '12 hours', 'daily'
     from generate_series($4::integer, $3::integer) as d`,
    [editionId, store, fromDaysAgo, toDaysAgo],
  );
}

/** The `.u-over` box (the plot area) and the pixel of a time in it, under the chart's current x range. */
async function plotBox(page: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  const over = page.locator('#price-chart .u-over').first();
  await over.scrollIntoViewIfNeeded();
  const box = await over.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

describe('the book page', () => {
  it('draws each store’s line from one history request, with a tooltip by pointer and keyboard, ranges and the lowest ever marked', async () => {
    const token = h.t.token('chart-reader');
    const { bookId, editionId } = await bookWithEdition(token, 'The Charted Book');
    const palace = await storeId('demo-paperback-palace');
    const buch = await storeId('demo-buchhandlung');
    // Palace: a price every day for 400 days, 5.00 on the day 200 days ago (its lowest ever), up to today.
    await dailyQuotes(editionId, palace, 400, 0, `case when d = 200 then 500 else 1200 + (d % 7) * 10 end`);
    // Buchhandlung: a consolidated month two years ago and 40 days of daily prices, ending 20 days ago.
    await h.t.db.sql(
      `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind, month, min_minor, max_minor, avg_minor, sample_count, sum_minor)
       values ($1, $2, 1500, 'EUR', 'in_stock', 'https://store.example/m', '2024-06-28T12:00:00Z', 'monthly', '2024-06-01', 1400, 1600, 1500, 30, 45000)`,
      [editionId, buch],
    );
    await dailyQuotes(editionId, buch, 60, 20, '1400');
    const wished = await h.t.call('POST', '/api/wishes', { token, body: { book_id: bookId } });
    expect(wished.status).toBe(201);

    const s = await openSession(h, 'book chart');
    const { page } = s;
    await signIn(page, token);
    const apiRequests: string[] = [];
    // Only this page's requests: the wishes page that sign-in lands on may still be loading.
    await page.waitForLoadState('networkidle');
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') && request.frame().url().includes('/book.html')) apiRequests.push(`${request.method()} ${url.pathname}${url.search}`);
    });
    await page.goto(`/book.html?id=${bookId}`);
    await expectText(page.locator('h1'), 'The Charted Book');
    await expectText(page.locator('#book-authors'), 'by The Charted Book Author');
    await expectText(page.locator('#edition-list .items'), 'paperback, English, Chart House, 2020');
    await expect.poll(() => page.locator('#price-chart .price-chart[data-drawn="true"]').count()).toBe(1);
    await expect.poll(() => page.locator('#wish-toggle').getAttribute('aria-pressed')).toBe('true');
    await page.waitForLoadState('networkidle');
    // Every request the page makes to render, the navigation's unread badge included.
    expect(apiRequests.length, apiRequests.join('\n')).toBeLessThanOrEqual(5);
    expect(apiRequests.filter((r) => r.includes('/price-history'))).toEqual([`GET /api/books/${bookId}/price-history`]);
    expect(apiRequests.some((r) => r.includes('/prices'))).toBe(false);

    await expectText(page.locator('#store-prices'), /Paperback Palace[^:]*: 12\.\d0 EUR in stock/);
    await expectText(page.locator('#price-chart .legend'), /Paperback Palace[^:]*: 401 daily, 0 monthly/);
    await expectText(page.locator('#price-chart .legend'), /Buchhandlung[^:]*: 41 daily, 1 monthly/);
    await expectText(page.locator('#price-chart .lowest-ever'), new RegExp(`Lowest ever: 5\\.00 EUR at Paperback Palace.* \\(${dayOf(200)}\\)`));
    await s.shot('book-chart');

    // The pointer on the last date (only Paperback Palace has a price today): store, price and date.
    const tooltip = page.locator('#price-chart .chart-tooltip');
    const box = await plotBox(page);
    // The cursor takes the point nearest the pointer: at the right edge, the last one.
    await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2);
    await expect.poll(() => tooltip.isVisible()).toBe(true);
    await expectText(tooltip, new RegExp(`^Paperback Palace.*\\n12\\.\\d0 EUR\\n${dayOf(0)}$`));
    expect(await tooltip.getAttribute('data-when')).toBe(dayOf(0));
    await page.mouse.move(box.x + box.width / 2, box.y + box.height + 200);
    await expect.poll(() => tooltip.isVisible()).toBe(false);

    // The keyboard: the chart takes focus; Home is the first point shown, ↓ moves to the next store at that date.
    const frame = page.locator('#price-chart .chart-frame');
    await frame.focus();
    await page.keyboard.press('Home');
    await expect.poll(() => tooltip.getAttribute('data-when')).toBe('2024-06');
    await expectText(tooltip, /^Buchhandlung.*\n15\.00 EUR\nmonth 2024-06$/);
    await page.keyboard.press('End');
    await expect.poll(() => tooltip.getAttribute('data-when')).toBe(dayOf(0));
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => tooltip.getAttribute('data-when')).toBe(dayOf(1));

    // The range buttons are buttons (keyboard reachable) that say which one is pressed, and change what is shown.
    const range = (label: string) => page.locator('#chart-range').getByRole('button', { name: label, exact: true });
    expect(await range('All').getAttribute('aria-pressed')).toBe('true');
    await range('30 days').focus();
    await page.keyboard.press('Space');
    await expect.poll(() => range('30 days').getAttribute('aria-pressed')).toBe('true');
    expect(await range('All').getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => page.locator('#price-chart .price-chart').getAttribute('data-range')).toBe('30');
    await frame.focus();
    await page.keyboard.press('Home');
    await expect.poll(() => tooltip.getAttribute('data-when')).toBe(dayOf(30));
    await range('90 days').click();
    await frame.focus();
    await page.keyboard.press('Home');
    await expect.poll(() => tooltip.getAttribute('data-when')).toBe(dayOf(90));
    await s.shot('book-chart-90-days');
    await s.close();
  });

  it('says why each store’s latest price is what it is: the part of the store’s page it was read from, and which parts agree', async () => {
    const token = h.t.token('evidence-reader');
    const isbn = uniqueIsbn();
    const book = await h.t.call('POST', '/api/books', { token, body: { book_original_title: 'The Explained Price' } });
    expect(book.status, book.text).toBe(201);
    const edition = await h.t.call('POST', `/api/books/${book.body.book_id}/editions`, { token, body: { isbn, format: 'paperback', language_id: englishId } });
    expect(edition.status, edition.text).toBe(201);
    for (const slug of ['ebook-emporium', 'buchhandlung', 'corner-bookshop'] as const) h.demo.set(slug, isbn, { kind: 'not_found' });
    h.demo.set('paperback-palace', isbn, { kind: 'price', amount: '12.99' });
    // A quote stored before quotes kept their evidence: its store's line says nothing about why.
    await h.t.db.sql(
      `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind)
       values ($1, $2, 1400, 'EUR', 'in_stock', 'https://store.example/old', now() - interval '1 day', 'daily')`,
      [edition.body.edition_id, await storeId('demo-buchhandlung')],
    );

    const s = await openSession(h, 'book evidence');
    const { page } = s;
    await signIn(page, token);
    await page.goto(`/book.html?id=${book.body.book_id}`);
    await expectText(page.locator('#store-prices'), /Buchhandlung[^:]*: 14\.00 EUR/);
    expect(await page.locator('#store-prices .price-evidence').count()).toBe(0);

    await page.locator('#fetch-now').click();
    await expectText(page.locator('#fetch-result'), /1 new price: Paperback Palace[^:;]* 12\.99 EUR\./);
    const palace = page.locator('#store-prices li', { hasText: 'Paperback Palace' });
    await expectText(palace.locator('.price-evidence'), /^Read from the store's structured data(; .+ agrees?)?\.$/);
    expect(await palace.locator('.price-evidence').getAttribute('title')).toMatch(/^json-ld "12\.99" EUR/);
    expect(await page.locator('#store-prices li', { hasText: 'Buchhandlung' }).locator('.price-evidence').count()).toBe(0);
    await s.shot('book-price-evidence');
    await s.close();
  });

  it('stays smooth with 5 years of daily prices at 10 stores: time to draw, hover response, range switch', async () => {
    const token = h.t.token('big-chart-reader');
    const { bookId, editionId } = await bookWithEdition(token, 'Five Years Of Prices');
    // Six more stores beside the four demonstration stores (inactive: only their history matters here).
    await h.t.db.sql(
      `insert into store (store_key, store_name, country, currency, formats, homepage_url, product_url_template, is_active)
       select 'chart-store-' || n, 'Chart Store ' || n, null, 'EUR', '{paperback}', 'https://chart-store-' || n || '.example/',
              'https://chart-store-' || n || '.example/{isbn13}', false
       from generate_series(1, 6) as n on conflict (store_key) do nothing`,
    );
    const stores = await h.t.db.sql<{ store_id: string }>("select store_id from store where store_key like 'demo-%' or store_key like 'chart-store-%' order by store_id");
    expect(stores).toHaveLength(10);
    for (const [i, row] of stores.entries()) {
      await dailyQuotes(editionId, Number(row.store_id), 5 * 365, 0, `1000 + ${i * 50} + ((d * ${i + 3}) % 400)`);
    }
    const s = await openSession(h, 'book chart five years');
    const { page } = s;
    await signIn(page, token);
    const started = Date.now();
    await page.goto(`/book.html?id=${bookId}`);
    await expect.poll(() => page.locator('#price-chart .price-chart[data-drawn="true"]').count(), { timeout: 30_000 }).toBe(1);
    const pageReadyMs = Date.now() - started;
    await expectText(page.locator('#price-chart .legend'), /Chart Store 6[^:]*: 1826 daily/);

    // Browser code as text: the tests' TypeScript knows no DOM.
    const drawMs = await page.evaluate<number>("performance.getEntriesByName('price-chart-draw')[0]?.duration ?? -1");
    // Hover: a synthetic pointer move over 40 places of the plot, each timed until the tooltip shows its point.
    const hover = await page.evaluate<{ median: number; worst: number }>(`(async () => {
      const over = document.querySelector('#price-chart .u-over');
      const tooltip = document.querySelector('#price-chart .chart-tooltip');
      const rect = over.getBoundingClientRect();
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const times = [];
      for (let k = 0; k < 40; k++) {
        const before = tooltip.dataset.when;
        const t0 = performance.now();
        over.dispatchEvent(new MouseEvent('mousemove', { clientX: rect.left + ((k + 0.5) / 40) * rect.width, clientY: rect.top + rect.height / 2, bubbles: true }));
        while (tooltip.dataset.when === before && performance.now() - t0 < 1000) await frame();
        await frame();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      return { median: times[Math.floor(times.length / 2)], worst: times[times.length - 1] };
    })()`);
    const rangeMs = await page.evaluate<number>(`(async () => {
      const button = [...document.querySelectorAll('#chart-range button')].find((b) => b.textContent === '365 days');
      const t0 = performance.now();
      button.click();
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return performance.now() - t0;
    })()`);
    // Written to docs/web-ui.md; the bounds here only catch a chart that has become slow.
    console.log(`[chart 5y×10 stores] page ready ${pageReadyMs} ms, draw ${drawMs.toFixed(1)} ms, hover median ${hover.median.toFixed(1)} ms (worst ${hover.worst.toFixed(1)} ms), range switch ${rangeMs.toFixed(1)} ms`);
    expect(drawMs).toBeGreaterThan(0);
    expect(drawMs).toBeLessThan(1000);
    expect(hover.median).toBeLessThan(100);
    expect(rangeMs).toBeLessThan(250);
    await s.shot('book-chart-five-years');
    await s.close();
  });
});
