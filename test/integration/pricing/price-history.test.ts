// GET /api/books/:bookId/price-history over real HTTP: a book's editions with their series per store and currency,
// daily points folded per day, consolidated months as stored, the window, the bounds and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoStoreServer, startDemoStoreServer } from '../../../src/adapters/demo/stores/index.js';
import { addEdition, bookWithEdition, languageIdOf, pricingIsbn, storeIdByKey } from '../../support/pricing-integration-helpers.js';
import { demoStoresAnswer } from '../../support/demo-answers.js';
import { startTestService, type TestService } from '../../support/test-service.js';

let demo: DemoStoreServer;
let t: TestService;

beforeAll(async () => {
  demo = await startDemoStoreServer({ port: 0 });
  t = await startTestService({ DEMO_STORE_URL: demo.url, STORE_MIN_INTERVAL_MS: '0', FETCH_RETRIES: '0', FETCH_TIMEOUT_MS: '5000', FETCH_COOLDOWN: '0' });
});
afterAll(async () => {
  await t?.stop();
  await demo?.close();
});

const DAY = 86_400_000;
const daysAgo = (n: number, hour = 12) => {
  const d = new Date(Date.now() - n * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

async function dailyQuote(editionId: number, storeId: number, minor: number, at: Date, currency = 'EUR'): Promise<void> {
  await t.db.sql(
    `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind)
     values ($1, $2, $3, $4, 'in_stock', 'https://store.example/p', $5, 'daily')`,
    [editionId, storeId, minor, currency, at.toISOString()],
  );
}

async function monthlyQuote(editionId: number, storeId: number, month: string, minor: { last: number; min: number; max: number; avg: number; n: number }): Promise<void> {
  await t.db.sql(
    `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind, month, min_minor, max_minor, avg_minor, sample_count, sum_minor)
     values ($1, $2, $3, 'EUR', 'in_stock', 'https://store.example/m', ($4 || '-28T12:00:00Z')::timestamptz, 'monthly', ($4 || '-01')::date, $5, $6, $7, $8, $7::bigint * $8::integer)`,
    [editionId, storeId, minor.last, month, minor.min, minor.max, minor.avg, minor.n],
  );
}

describe('GET /api/books/:bookId/price-history', () => {
  it("answers every edition with one series per store and currency: latest, lowest ever, daily and monthly points", async () => {
    const palace = await storeIdByKey(t, 'demo-paperback-palace');
    const corner = await storeIdByKey(t, 'demo-corner-bookshop');
    const { bookId, editionId, isbn } = await bookWithEdition(t, 'Charted Waters');
    const second = await addEdition(t, bookId, { format: 'ebook', languageCode: 'de' });

    await monthlyQuote(editionId, palace, '2024-03', { last: 1500, min: 1100, max: 1600, avg: 1400, n: 20 });
    await dailyQuote(editionId, palace, 1300, daysAgo(40));
    await dailyQuote(editionId, palace, 1250, daysAgo(2, 8));
    await dailyQuote(editionId, palace, 1200, daysAgo(2, 9));
    await dailyQuote(editionId, palace, 1280, daysAgo(2, 10));
    await dailyQuote(editionId, corner, 999, daysAgo(3), 'GBP');
    // A real fetch too: the on-demand path stores today's quote.
    demoStoresAnswer(demo, isbn, { 'paperback-palace': ['12.10'] });
    expect((await t.call('POST', `/api/editions/${editionId}/prices`)).status).toBe(201);

    const res = await t.call('GET', `/api/books/${bookId}/price-history`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ book_id: bookId, since: null, truncated: false });
    expect(res.body.editions.map((e: { edition_id: number }) => e.edition_id)).toEqual([editionId, second.editionId]);
    const [first, other] = res.body.editions;
    expect(first).toMatchObject({ isbn, format: 'paperback', language_code: 'en', language_name: 'English', cover_url: null });
    expect(other).toMatchObject({ isbn: second.isbn, format: 'ebook', language_code: 'de', series: [] });
    expect(first.series.map((s: { store_id: number; currency: string }) => [s.store_id, s.currency])).toEqual(
      [[palace, 'EUR'], [corner, 'GBP']].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const palaceSeries = first.series.find((s: { store_id: number }) => s.store_id === palace);
    expect(palaceSeries).toMatchObject({
      store_name: expect.stringContaining('Paperback Palace'),
      currency: 'EUR',
      latest: { amount: '12.10', availability: 'in_stock' },
      lowest: { amount: '11.00' },
      monthly: [{ month: '2024-03', amount: '15.00', min_amount: '11.00', max_amount: '16.00', avg_amount: '14.00', sample_count: 20 }],
    });
    const day = (n: number) => daysAgo(n).toISOString().slice(0, 10);
    expect(palaceSeries.daily).toEqual([
      { date: day(40), amount: '13.00', min_amount: '13.00', max_amount: '13.00', quote_count: 1 },
      // Three quotes on one day: the day's last price and its range.
      { date: day(2), amount: '12.80', min_amount: '12.00', max_amount: '12.80', quote_count: 3 },
      { date: new Date().toISOString().slice(0, 10), amount: '12.10', min_amount: '12.10', max_amount: '12.10', quote_count: 1 },
    ]);
    const cornerSeries = first.series.find((s: { store_id: number }) => s.store_id === corner);
    expect(cornerSeries).toMatchObject({ currency: 'GBP', latest: { amount: '9.99' }, lowest: { amount: '9.99' }, monthly: [] });

    // A window keeps the latest and lowest ever but only its own points.
    const month = await t.call('GET', `/api/books/${bookId}/price-history?days=30`);
    expect(month.status).toBe(200);
    expect(Math.abs(Date.parse(month.body.since) - (Date.now() - 30 * DAY))).toBeLessThan(60_000);
    const windowed = month.body.editions[0].series.find((s: { store_id: number }) => s.store_id === palace);
    expect(windowed.daily.map((d: { date: string }) => d.date)).toEqual([day(2), new Date().toISOString().slice(0, 10)]);
    expect(windowed.monthly).toEqual([]);
    expect(windowed.lowest.amount).toBe('11.00');
  });

  it('answers a book without editions, and a book with more editions than one answer carries as truncated', async () => {
    const empty = await t.call('POST', '/api/books', { body: { book_original_title: 'No Editions' } });
    const none = await t.call('GET', `/api/books/${empty.body.book_id}/price-history?days=365`);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ book_id: empty.body.book_id, editions: [], truncated: false });

    const big = await t.call('POST', '/api/books', { body: { book_original_title: 'Many Editions' } });
    const language = await languageIdOf(t, 'en');
    const isbns = Array.from({ length: 101 }, () => pricingIsbn());
    await t.db.sql(`insert into edition (book_id, isbn, format, language_id) select $1, unnest($2::text[]), 'paperback', $3`, [big.body.book_id, isbns, language]);
    const res = await t.call('GET', `/api/books/${big.body.book_id}/price-history`);
    expect(res.status).toBe(200);
    expect(res.body.truncated).toBe(true);
    expect(res.body.editions).toHaveLength(100);
  });

  it('answers 404 for an unknown book, 400 for a bad id or window and 401 without a token', async () => {
    const missing = await t.call('GET', '/api/books/99999999/price-history');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('not_found');
    for (const bad of ['abc', '0', '1.5']) {
      const res = await t.call('GET', `/api/books/${bad}/price-history`);
      expect(res.status, bad).toBe(400);
      expect(res.body.details[0].field).toBe('bookId');
    }
    const book = await t.call('POST', '/api/books', { body: { book_original_title: 'Windowed' } });
    for (const days of ['0', '-1', 'abc', '1.5', '3661', '', '030']) {
      const res = await t.call('GET', `/api/books/${book.body.book_id}/price-history?days=${days}`);
      expect(res.status, days).toBe(400);
      expect(res.body.details[0].field, days).toBe('days');
    }
    expect((await t.call('GET', `/api/books/${book.body.book_id}/price-history?days=3660`)).status).toBe(200);
    expect((await t.call('GET', `/api/books/${book.body.book_id}/price-history`, { token: null })).status).toBe(401);
  });
});
