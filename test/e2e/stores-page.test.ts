// The stores page in Chromium: the user's stores and the others, each with its health from real fetches at the
// demonstration stores (a working store, a failing one with its failure in words), in at most 5 API requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectText, openSession, signIn, startWebHarness, uniqueIsbn, type WebHarness } from './support/web-harness.js';

let h: WebHarness;

beforeAll(async () => {
  h = await startWebHarness();
});
afterAll(async () => {
  await h?.stop();
});

async function storeId(key: string): Promise<number> {
  const [row] = await h.t.db.sql<{ store_id: string }>('select store_id from store where store_key = $1', [key]);
  return Number(row!.store_id);
}

describe('the stores page', () => {
  it("shows the user's stores and the others, a working store and a failing one with the failure in words", async () => {
    const token = h.t.token('store-watcher');
    // Germany, euros, paperbacks: the international euro stores and the German one are the user's; the British one is not.
    const prefs = await h.t.call('PUT', '/api/user/preferences', { token, body: { country: 'DE', currency: 'EUR', formats: ['paperback'] } });
    expect(prefs.status, prefs.text).toBe(200);
    const [row] = await h.t.db.sql<{ language_id: string }>("select language_id from language where language_code = 'en'");
    const book = await h.t.call('POST', '/api/books', { token, body: { book_original_title: 'Store Health' } });
    const isbn = uniqueIsbn();
    const edition = await h.t.call('POST', `/api/books/${book.body.book_id}/editions`, { token, body: { isbn, format: 'paperback', language_id: Number(row!.language_id) } });
    expect(edition.status, edition.text).toBe(201);
    h.demo.set('paperback-palace', isbn, { kind: 'price', amount: '11.00' });
    h.demo.set('ebook-emporium', isbn, { kind: 'captcha' });
    h.demo.set('buchhandlung', isbn, { kind: 'no_price' });
    h.demo.set('corner-bookshop', isbn, { kind: 'not_found' });
    for (let i = 0; i < 2; i++) {
      const fetched = await h.t.call('POST', `/api/editions/${edition.body.edition_id}/prices`, { token });
      expect(fetched.status, fetched.text).toBe(201);
    }

    const s = await openSession(h, 'stores health');
    const { page } = s;
    await signIn(page, token);
    const apiRequests: string[] = [];
    // Only this page's requests: the wishes page that sign-in lands on may still be loading.
    await page.waitForLoadState('networkidle');
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') && request.frame().url().includes('/stores.html')) apiRequests.push(`${request.method()} ${url.pathname}${url.search}`);
    });
    await page.goto('/stores.html');

    const item = (key: number) => page.locator(`.store[data-store-id="${key}"]`);
    const palace = item(await storeId('demo-paperback-palace'));
    const emporium = item(await storeId('demo-ebook-emporium'));
    const buch = item(await storeId('demo-buchhandlung'));
    const corner = item(await storeId('demo-corner-bookshop'));
    // Mine and the others.
    await expectText(page.locator('#user-store-list'), /Paperback Palace/);
    expect(await page.locator('#user-store-list').locator(palace).count()).toBe(1);
    expect(await page.locator('#user-store-list').locator(buch).count()).toBe(1);
    expect(await page.locator('#store-list').locator(corner).count()).toBe(1);
    expect(await page.locator('#user-store-list').locator(corner).count()).toBe(0);

    // A healthy store: its prices and the last one's time.
    await expectText(palace.locator('.health-line'), 'Working 2 fetches: 2 prices read, 0 refused');
    await expectText(palace.locator('.last-price'), /^Last price read \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
    expect(await palace.locator('.last-failure').count()).toBe(0);
    // Failing ones: the refusals by kind and the last failure in words.
    await expectText(emporium.locator('.health-line'), 'Failing 2 fetches: 0 prices read, 2 refused');
    await expectText(emporium.locator('.refusals'), 'robot check: 2');
    await expectText(emporium.locator('.last-failure'), /^Last failure .* UTC: the store showed a robot check\./);
    await expectText(emporium.locator('.last-price'), 'No price read in the last 7 days.');
    await expectText(buch.locator('.last-failure'), /the page had no price\./);
    await expectText(corner.locator('.last-failure'), /the store had no page for the book\./);
    // The exchange rates: whether prices in other currencies convert today, and if not, why (as the API says).
    const rates = await h.t.call('GET', '/api/exchange-rates/health', { token });
    expect(rates.status).toBe(200);
    const ratesBox = page.locator('#rates-health');
    await expectText(ratesBox.locator('.health-line'), rates.body.usable ? /^Converting/ : /^Not converting/);
    if (rates.body.problem) await expectText(ratesBox.locator('.last-failure'), rates.body.problem as string);
    expect(await ratesBox.getAttribute('aria-busy')).toBe('false');
    // A refusal's message may hold a long address (a refused connection names it): on a phone it wraps instead of
    // widening the page (the service here does not fetch rates, so the sentence is put in as one would read).
    await page.setViewportSize({ width: 360, height: 740 });
    await ratesBox.locator('.last-failure').evaluate((p) => {
      p.textContent = 'The last refresh was refused (unavailable): fetch failed http://rates.example.org/stats/eurofxref/eurofxref-hist-90d.xml?an-unbreakable-part-of-a-long-address.';
    });
    expect(await page.evaluate<number>('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 800 });
    await s.shot('stores');

    await page.waitForLoadState('networkidle');
    expect(apiRequests.length, apiRequests.join('\n')).toBeLessThanOrEqual(5);
    expect(apiRequests.filter((r) => r.includes('health')).sort()).toEqual(['GET /api/exchange-rates/health', 'GET /api/store-health?per_page=100']);
    await s.close();
  });
});
