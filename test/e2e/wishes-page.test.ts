// The wishes, books and alerts pages in a real browser against a real service: covers, authors, formats, prices and
// sparklines drawn from the batch resources, the request budget of a page of 20 wishes, in-place and bulk changes,
// alerts by day with "mark all read", and axe-core's WCAG 2.1 AA rules on each page.
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, openSession, signIn, startWebHarness, uniqueIsbn, type WebHarness } from './support/web-harness.js';
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

/**
 * The ids of the sort and filter selects whose longest choice is wider than the room for it: the select's inner width
 * less its padding and the 20 px or so Chromium's menu arrow takes, the text measured in the select's own font.
 */
const CUT_CHOICES = `[...document.querySelectorAll('#wish-view select')].filter((select) => {
  const style = getComputedStyle(select);
  const probe = document.createElement('span');
  probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre';
  probe.style.font = style.font;
  document.body.append(probe);
  const widest = Math.max(...[...select.options].map((option) => { probe.textContent = option.text; return probe.getBoundingClientRect().width; }));
  probe.remove();
  return widest > select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
}).map((select) => select.id)`;

/** Waits until the locator's text matches (pages fill in data after they load). */
async function expectText(locator: Locator, text: string | RegExp): Promise<void> {
  await expect.poll(async () => ((await locator.count()) > 0 ? await locator.first().innerText() : ''), { timeout: 10_000 }).toMatch(text);
}

const call = (token: string, method: string, path: string, body?: unknown): Promise<any> => apiCall(h, token, method, path, body);

/** A reader in Germany buying paperbacks in euros, reading English. */
async function aReader(name: string): Promise<string> {
  const token = h.t.token(name);
  await call(token, 'PUT', '/api/user/preferences', { country: 'DE', currency: 'EUR', formats: ['paperback'] });
  await call(token, 'POST', '/api/user/preferences/languages', { language_id: englishId });
  return token;
}

/** A small cover the page's Content-Security-Policy allows (`data:`), with a colour of its own. */
const cover = (fill: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="48" height="72"><rect width="48" height="72" fill="${fill}"/></svg>`)}`;

interface Made {
  bookId: number;
  editionId: number;
  isbn: string;
  wishId: number;
}

/** A book by `authorIds` with one paperback edition (with a cover), wished by the reader. */
async function aWishedBook(token: string, title: string, authorIds: number[], coverFill: string | null): Promise<Made> {
  const book = await call(token, 'POST', '/api/books', { book_original_title: title, author_ids: authorIds });
  const isbn = uniqueIsbn();
  const edition = await call(token, 'POST', `/api/books/${book.book_id}/editions`, { isbn, format: 'paperback', language_id: englishId });
  if (coverFill) await h.t.db.sql('update edition set cover_url = $1 where edition_id = $2', [cover(coverFill), edition.edition_id]);
  const wish = await call(token, 'POST', '/api/wishes', { book_id: book.book_id });
  return { bookId: book.book_id, editionId: edition.edition_id, isbn, wishId: wish.wish_id };
}

/** Fetches the edition's prices now, with the demonstration store Paperback Palace answering `amount`. */
async function fetchPrice(token: string, made: Made, amount: string): Promise<void> {
  for (const store of ['paperback-palace', 'ebook-emporium', 'buchhandlung', 'corner-bookshop'] as const) {
    h.demo.set(store, made.isbn, store === 'paperback-palace' ? { kind: 'price', amount, availability: 'in_stock' } : { kind: 'not_found' });
  }
  const res = await h.t.call('POST', `/api/editions/${made.editionId}/prices`, { token });
  expect(res.status, res.text).toBe(201);
}

/** An older daily quote, as yesterday's or last month's fetch would have stored it. */
async function pastQuote(made: Made, storeId: number, amountMinor: number, daysAgo: number): Promise<void> {
  await h.t.db.sql(
    `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind)
     values ($1, $2, $3, 'EUR', 'in_stock', 'https://store.example/past', now() - make_interval(days => $4), 'daily')`,
    [made.editionId, storeId, amountMinor, daysAgo],
  );
}

async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the wishes page', () => {
  it('shows a page of 20 wishes with covers, authors, format, best price, sparkline and lowest ever, in at most 5 API requests', async () => {
    const token = await aReader('wishes-page-reader');
    const leGuin = (await call(token, 'POST', '/api/authors', { author_name: 'Ursula K. Le Guin' })).author_id;
    const butler = (await call(token, 'POST', '/api/authors', { author_name: 'Octavia E. Butler' })).author_id;
    const made: Made[] = [];
    made.push(await aWishedBook(token, 'The Dispossessed', [leGuin], '#a33'));
    made.push(await aWishedBook(token, 'Kindred', [butler], null));
    made.push(await aWishedBook(token, 'Parable Of The Talents', [butler, leGuin], '#3a3'));
    for (let i = 4; i <= 21; i++) made.push(await aWishedBook(token, `Filler Wish ${String(i).padStart(2, '0')}`, [], null));
    const [dispossessed, kindred, talents] = made as [Made, Made, Made];
    await fetchPrice(token, dispossessed, '12.00');
    await fetchPrice(token, kindred, '9.50');
    const storeId = (await call(token, 'GET', `/api/wishes?book_id=${dispossessed.bookId}`)).data[0].best_price.store_id;
    await pastQuote(dispossessed, storeId, 1500, 30);
    await pastQuote(dispossessed, storeId, 1000, 10);

    const s = await openSession(h, 'wishes page of twenty');
    const { page } = s;
    await signIn(page, token);
    // Sign-in lands on this page: let that visit finish, then count a fresh one.
    await page.waitForLoadState('networkidle');
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) requests.push(`${url.pathname}${url.search}`);
    });
    await page.goto('/wishes.html');
    const rows = page.locator('#wish-list .items li.item');
    await expect.poll(() => rows.count()).toBe(20);
    await page.waitForLoadState('networkidle');
    // On a wide screen too, every choice of the sort and filter selects shows whole.
    expect(await page.evaluate<string[]>(CUT_CHOICES)).toEqual([]);

    const row = (made_: Made) => page.locator(`#wish-list [data-wish-id="${made_.wishId}"]`);
    await expectText(row(dispossessed).locator('.title'), 'The Dispossessed');
    await expectText(row(dispossessed).locator('.authors'), 'Ursula K. Le Guin');
    await expectText(row(talents).locator('.authors'), 'Octavia E. Butler, Ursula K. Le Guin');
    expect(await row(dispossessed).locator('img.cover').getAttribute('src')).toBe(cover('#a33'));
    expect(await row(dispossessed).locator('img.cover').getAttribute('loading')).toBe('lazy');
    expect(await row(kindred).locator('img.cover').count()).toBe(0);
    expect(await row(kindred).locator('.cover-none').count()).toBe(1);
    await expectText(row(dispossessed).locator('.format'), 'Paperback');
    await expectText(row(dispossessed).locator('.best-price'), /12\.00 EUR at Paperback Palace[^,]*, in stock/);
    await expectText(row(dispossessed).locator('.lowest-ever'), '20 % above the lowest ever: +2.00 EUR (lowest 10.00 EUR)');
    // The sparkline: three days (30 and 10 days ago, today) from the one price-history request.
    await expect.poll(() => row(dispossessed).locator('svg.sparkline path').count()).toBe(1);
    expect(await row(dispossessed).locator('svg.sparkline').getAttribute('aria-label')).toMatch(/^3 daily lowest prices in 90 days, from 15\.00 EUR .* to 12\.00 EUR .*; lowest 10\.00 EUR/);
    expect((await row(dispossessed).locator('svg.sparkline path').getAttribute('d'))!.split(' L')).toHaveLength(3);
    await expectText(row(kindred).locator('.lowest-ever'), 'lowest ever');
    await expectText(row(talents).locator('.wish-prices'), 'No price in your stores yet.');
    await expectText(row(talents).locator('.sparkline-slot'), 'No prices in 90 days');

    // The budget: the wishes, their books and authors by id, the histories, and the badge: 5 requests, no more.
    expect(requests, requests.join('\n')).toHaveLength(5);
    expect(requests.map((r) => r.split('?')[0]).sort()).toEqual(['/api/alerts', '/api/authors', '/api/books', '/api/wishes', '/api/wishes/price-history']);
    expect(requests.find((r) => r.startsWith('/api/books?'))).toMatch(/ids=[\d,%C]+/);
    expect(requests.find((r) => r.startsWith('/api/alerts?'))).toBe('/api/alerts?is_read=false&per_page=100');
    expect(await axeViolations(page)).toEqual([]);
    await s.shot('wishes');

    // Paging follows the links: the 21st wish is on the next page.
    await page.getByRole('navigation', { name: 'Wishes: pages' }).getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await expectText(rows.first().locator('.title'), 'Filler Wish');

    // The API sorts all the wishes, not the page shown: Z to A brings the last wish added to the first page, and the
    // next page follows the same order. A new order is one listing: four requests (the badge is not asked again).
    requests.length = 0;
    await page.getByLabel('Sort by').selectOption('-title');
    const titles = page.locator('#wish-list .items li.item .title');
    await expect.poll(async () => (await titles.allInnerTexts()).slice(0, 4)).toEqual(['The Dispossessed', 'Parable Of The Talents', 'Kindred', 'Filler Wish 21']);
    await expect.poll(() => rows.count()).toBe(20);
    await page.waitForLoadState('networkidle');
    expect(requests.filter((r) => r.startsWith('/api/wishes?'))).toEqual(['/api/wishes?per_page=20&sort=-title']);
    expect(requests, requests.join('\n')).toHaveLength(4);
    await page.getByRole('navigation', { name: 'Wishes: pages' }).getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => titles.allInnerTexts()).toEqual(['Filler Wish 04']);
    await s.close();
  });

  it('sorts and filters, edits a max price in place with the field error shown, and changes several wishes at once', async () => {
    const token = await aReader('wishes-page-editor');
    const a = await aWishedBook(token, 'Bulk Alpha', [], null);
    const b = await aWishedBook(token, 'Bulk Bravo', [], null);
    const c = await aWishedBook(token, 'Bulk Charlie', [], null);
    await fetchPrice(token, a, '20.00');
    await fetchPrice(token, b, '5.00');
    const s = await openSession(h, 'wishes sort filter bulk', { width: 375, height: 800 });
    const { page } = s;
    await signIn(page, token);
    const titles = page.locator('#wish-list .items li.item .title');
    await expect.poll(() => titles.allInnerTexts()).toEqual(['Bulk Alpha', 'Bulk Bravo', 'Bulk Charlie']);
    // No sideways scrolling on a phone, and every choice of the sort and filter selects shows whole.
    expect(await page.evaluate<number>('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(375);
    expect(await page.evaluate<string[]>(CUT_CHOICES)).toEqual([]);
    await s.shot('wishes-phone');

    // Sorted by the API; a wish without a price is last whichever way prices go.
    await page.getByLabel('Sort by').selectOption('price');
    await expect.poll(() => titles.allInnerTexts()).toEqual(['Bulk Bravo', 'Bulk Alpha', 'Bulk Charlie']);
    await page.getByLabel('Sort by').selectOption({ label: 'Price, highest first' });
    await expect.poll(() => titles.allInnerTexts()).toEqual(['Bulk Alpha', 'Bulk Bravo', 'Bulk Charlie']);
    await page.getByLabel('Sort by').selectOption({ label: 'Newest first' });
    await expect.poll(() => titles.allInnerTexts()).toEqual(['Bulk Charlie', 'Bulk Bravo', 'Bulk Alpha']);
    await page.getByLabel('Sort by').selectOption('title');
    await expect.poll(() => titles.allInnerTexts()).toEqual(['Bulk Alpha', 'Bulk Bravo', 'Bulk Charlie']);

    // In place: a refused amount is shown beside the field; a good one is saved and shown in the row.
    const rowB = page.locator(`#wish-list [data-wish-id="${b.wishId}"]`);
    await rowB.getByLabel('Max price (EUR)').fill('twelve');
    await rowB.getByRole('button', { name: 'Save' }).click();
    await expectText(rowB.locator('.field-error'), /.+/);
    expect(await rowB.getByLabel('Max price (EUR)').getAttribute('aria-invalid')).toBe('true');
    await rowB.getByLabel('Max price (EUR)').fill('6.00');
    await rowB.getByRole('button', { name: 'Save' }).click();
    await expectText(rowB.locator('.form-status'), 'Saved');
    await expectText(rowB.locator('.under-max-badge'), 'Under your max of 6.00 EUR');

    await page.getByLabel('Show only wishes under my max price').check();
    await expect.poll(() => titles.allInnerTexts()).toEqual(['Bulk Bravo']);
    await page.getByLabel('Show only wishes under my max price').uncheck();
    await expect.poll(() => titles.count()).toBe(3);

    // Bulk: set a max price on two, with a refused amount first.
    const select = (made: Made) => page.locator(`#wish-${made.wishId}-select`);
    await select(a).check();
    await select(c).check();
    await expectText(page.locator('#selected-count'), '2 wishes selected.');
    await page.getByLabel('Max price for the selected').fill('x');
    await page.getByRole('button', { name: 'Set max price' }).click();
    await expectText(page.locator('#bulk-form .field-error'), /.+/);
    await page.getByLabel('Max price for the selected').fill('9.99');
    await page.getByRole('button', { name: 'Set max price' }).click();
    await expectText(page.locator('#bulk-status'), 'Max price 9.99 EUR set on 2 wishes.');
    const wishes = async () => (await call(token, 'GET', '/api/wishes')).data as Array<{ wish_id: number; is_monitored: boolean; max_price: { amount: string } | null }>;
    expect((await wishes()).map((w) => [w.wish_id, w.max_price?.amount ?? null])).toEqual([[a.wishId, '9.99'], [b.wishId, '6.00'], [c.wishId, '9.99']]);

    // Monitoring off for all on the page.
    await page.getByLabel('Select all on this page').check();
    await expectText(page.locator('#selected-count'), '3 wishes selected.');
    await page.getByRole('button', { name: 'Stop monitoring' }).click();
    await expectText(page.locator('#bulk-status'), 'Monitoring turned off for 3 wishes.');
    expect((await wishes()).map((w) => w.is_monitored)).toEqual([false, false, false]);
    await page.getByLabel('Monitoring').selectOption('true');
    await expectText(page.locator('#wish-list .empty:not([hidden])'), 'No wish matches these filters.');
    await page.getByLabel('Monitoring').selectOption('');
    await expect.poll(() => titles.count()).toBe(3);

    // Remove asks first; cancelling removes nothing.
    await select(c).check();
    await page.getByRole('button', { name: 'Remove…' }).click();
    await expectText(page.locator('#remove-question'), 'Remove 1 wish from your wishes?');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectText(page.locator('#bulk-status'), 'Nothing removed.');
    await page.getByRole('button', { name: 'Remove…' }).click();
    await page.getByRole('button', { name: 'Yes, remove them' }).click();
    await expectText(page.locator('#bulk-status'), 'Removed 1 wish.');
    await expect.poll(() => titles.allInnerTexts()).toEqual(['Bulk Alpha', 'Bulk Bravo']);
    expect((await wishes()).map((w) => w.wish_id)).toEqual([a.wishId, b.wishId]);
    expect(await page.getByRole('link', { name: 'Import your reading list' }).getAttribute('href')).toBe('/import.html');
    expect(await axeViolations(page)).toEqual([]);
    await s.shot('wishes-after-bulk');
    await s.close();
  });

  it('shows a converted best price beside the store’s own, and its shipping', async () => {
    // A reader in Britain buying in euros who converts: the Corner Bookshop (GBP) reaches them, shipping 2.99 GBP.
    const token = h.t.token('wishes-page-converting');
    await call(token, 'PUT', '/api/user/preferences', { country: 'GB', currency: 'EUR', formats: ['paperback'], convert_currencies: true });
    const today = new Date().toISOString().slice(0, 10);
    await h.t.db.sql(
      `insert into reference_rate (rate_date, currency, per_euro) values ($1, 'GBP', 0.8)
       on conflict (currency, rate_date) do update set per_euro = excluded.per_euro`,
      [today],
    );
    const made = await aWishedBook(token, 'The Left Hand of Darkness', [], null);
    for (const store of ['paperback-palace', 'ebook-emporium', 'buchhandlung', 'corner-bookshop'] as const) {
      h.demo.set(store, made.isbn, store === 'corner-bookshop' ? { kind: 'price', amount: '10.99', availability: 'in_stock' } : { kind: 'not_found' });
    }
    expect((await h.t.call('POST', `/api/editions/${made.editionId}/prices`, { token })).status).toBe(201);

    const s = await openSession(h, 'wishes page converted');
    const { page } = s;
    await signIn(page, token);
    await page.goto('/wishes.html');
    const row = page.locator(`#wish-list [data-wish-id="${made.wishId}"]`);
    // 10.99 GBP at 1.25 = 13.74 EUR; shipping 2.99 GBP = 3.74 EUR (3.7375); delivered 17.48 EUR.
    await expectText(row.locator('.best-price'), /10\.99 GBP ≈ 13\.74 EUR at Corner Bookshop[^,]*, in stock/);
    await expectText(row.locator('.shipping'), '+ 2.99 GBP shipping (≈ 17.48 EUR delivered)');
    await expectText(row.locator('.lowest-ever'), 'lowest ever');
    expect(await axeViolations(page)).toEqual([]);
    await s.close();
  });
});

describe('the books page', () => {
  it('shows each book with its cover, authors and formats, the authors in one request', async () => {
    const token = await aReader('books-page-reader');
    const author = (await call(token, 'POST', '/api/authors', { author_name: 'Covered Author Person' })).author_id;
    const made = await aWishedBook(token, 'Zz Covered Book Shown', [author], '#33a');
    const s = await openSession(h, 'books with covers');
    const { page } = s;
    await signIn(page, token);
    await page.waitForLoadState('networkidle');
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) requests.push(url.pathname);
    });
    await page.goto('/books.html');
    await page.getByLabel('Title or author').fill('zz covered book');
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.locator(`#book-list [data-book-id="${made.bookId}"]`);
    await expectText(row.locator('.authors'), 'Covered Author Person');
    await expectText(row, /paperback · added/);
    expect(await row.locator('img.cover').getAttribute('src')).toBe(cover('#33a'));
    await page.waitForLoadState('networkidle');
    expect(requests.filter((r) => r === '/api/authors')).toHaveLength(2);
    expect(await axeViolations(page)).toEqual([]);
    await s.shot('books');
    await s.close();
  });
});

describe('the alerts page', () => {
  it('groups alerts by day, links each to its book and its store page, and marks them all read', async () => {
    const token = await aReader('alerts-page-reader');
    const made = await aWishedBook(token, 'Alerted Book', [], null);
    await fetchPrice(token, made, '11.00');
    const [user] = await h.t.db.sql<{ user_id: string }>("select user_id from app_user where subject = 'alerts-page-reader'");
    const wish = (await call(token, 'GET', `/api/wishes?book_id=${made.bookId}`)).data[0];
    const insert = (kind: string, daysAgo: number) =>
      h.t.db.sql(
        `insert into alert (user_id, wish_id, book_id, edition_id, store_id, alert_kind, amount_minor, currency, previous_minor, created_at)
         values ($1, $2, $3, $4, $5, $6, 1100, 'EUR', 1300, now() - make_interval(days => $7))`,
        [user!.user_id, made.wishId, made.bookId, made.editionId, wish.best_price.store_id, kind, daysAgo],
      );
    await insert('price_drop', 3);
    await insert('new_lowest', 3);
    await insert('below_max_price', 0);
    const s = await openSession(h, 'alerts by day');
    const { page } = s;
    await signIn(page, token);
    await expectText(page.locator('#unread-count'), '3');
    await page.waitForLoadState('networkidle');
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) requests.push(url.pathname);
    });
    await page.goto('/alerts.html');
    const items = page.locator('#alert-list .items li.item');
    await expect.poll(() => items.count()).toBe(3);
    const headings = await page.locator('#alert-list .group-heading').allInnerTexts();
    expect(headings).toHaveLength(2);
    expect(headings[0]).toMatch(/^Today, \d{4}-\d\d-\d\d$/);
    await expectText(items.first().locator('.title'), 'Alerted Book');
    expect(await items.first().locator('a.title').getAttribute('href')).toBe(`/book.html?id=${made.bookId}`);
    expect(await items.first().locator('a.store-link').getAttribute('href')).toBe(wish.best_price.url);
    await expectText(items.first().locator('a.store-link'), /View at Paperback Palace/);
    await page.waitForLoadState('networkidle');
    expect(requests.length, requests.join('\n')).toBeLessThanOrEqual(5);
    expect(await axeViolations(page)).toEqual([]);
    await s.shot('alerts-by-day');

    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expectText(page.locator('#alerts-summary'), '3 alerts marked read.');
    await expectText(page.locator('#unread-count'), '0');
    await expect.poll(() => page.locator('#alert-list .items .tag').allInnerTexts()).toEqual(['read', 'read', 'read']);
    expect((await call(token, 'GET', '/api/alerts?is_read=false')).data).toEqual([]);
    await s.close();
  });
});
