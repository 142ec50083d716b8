import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoStoreServer, startDemoStoreServer } from '../../../src/adapters/demo/stores/index.js';
import { startTestService, type TestService } from '../../support/test-service.js';

let demo: DemoStoreServer;
let t: TestService;
let englishId: number;

beforeAll(async () => {
  demo = await startDemoStoreServer({ port: 0 });
  t = await startTestService({ DEMO_STORE_URL: demo.url, STORE_MIN_INTERVAL_MS: '0', FETCH_RETRIES: '0', FETCH_TIMEOUT_MS: '3000' });
  englishId = Number((await t.db.sql<{ language_id: string }>("select language_id from language where language_code = 'en'"))[0]!.language_id);
});
afterAll(async () => {
  await t.stop();
  await demo.close();
});

async function edition(isbn: string, format = 'paperback'): Promise<number> {
  const book = await t.call('POST', '/api/books', { body: { book_original_title: `Priced ${isbn}` } });
  const created = await t.call('POST', `/api/books/${book.body.book_id}/editions`, { body: { isbn, format, language_id: englishId } });
  expect(created.status).toBe(201);
  return created.body.edition_id;
}

async function storeId(key: string): Promise<number> {
  return Number((await t.db.sql<{ store_id: string }>('select store_id from store where store_key = $1', [key]))[0]!.store_id);
}

describe('POST /api/editions/:editionId/prices', () => {
  it('fetches every active store selling the format and stores one quote per answering store', async () => {
    const id = await edition('9780306406157', 'hardcover');
    demo.set('paperback-palace', '9780306406157', { kind: 'price', amount: '12.99' });
    demo.set('buchhandlung', '9780306406157', { kind: 'price', amount: '18.09' });
    demo.set('corner-bookshop', '9780306406157', { kind: 'not_found' });

    const res = await t.call('POST', `/api/editions/${id}/prices`);
    expect(res.status).toBe(201);
    const byStore = new Map(res.body.data.map((q: { store_id: number }) => [q.store_id, q]));
    expect(byStore.get(await storeId('demo-paperback-palace'))).toMatchObject({
      edition_id: id, amount: '12.99', currency: 'EUR', availability: 'in_stock', quote_kind: 'daily',
    });
    expect(byStore.get(await storeId('demo-buchhandlung'))).toMatchObject({ amount: '18.09', currency: 'EUR' });
    // The ebook store does not sell hardcovers: it was not asked.
    expect(byStore.has(await storeId('demo-ebook-emporium'))).toBe(false);
    expect(res.body.failed).toEqual([{ store_id: await storeId('demo-corner-bookshop'), error: 'not_found', message: expect.any(String) }]);
    expect(demo.stats()['ebook-emporium'].requests).toBe(0);

    const listed = await t.call('GET', `/api/editions/${id}/prices`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((q: { price_quote_id: number }) => q.price_quote_id)).toEqual(
      [...res.body.data.map((q: { price_quote_id: number }) => q.price_quote_id)].sort((a, b) => b - a),
    );
  });

  it('answers 429 with Retry-After within the cooldown, without asking the stores again', async () => {
    const id = await edition('9780141185910');
    expect((await t.call('POST', `/api/editions/${id}/prices`)).status).toBe(201);
    const before = demo.stats()['paperback-palace'].requests;
    const again = await t.call('POST', `/api/editions/${id}/prices`);
    expect(again.status).toBe(429);
    expect(again.body.error).toBe('rate_limited');
    const retryAfter = Number(again.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(demo.stats()['paperback-palace'].requests).toBe(before);
  });

  it('reports each kind of store failure', async () => {
    const id = await edition('9780261102217');
    demo.set('paperback-palace', '9780261102217', { kind: 'captcha' });
    demo.set('ebook-emporium', '9780261102217', { kind: 'not_found' });
    demo.set('buchhandlung', '9780261102217', { kind: 'ambiguous' });
    demo.set('corner-bookshop', '9780261102217', { kind: 'rate_limited', retryAfterSeconds: 3600 });
    const res = await t.call('POST', `/api/editions/${id}/prices`);
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual([]);
    const errors = Object.fromEntries(res.body.failed.map((f: { store_id: number; error: string }) => [f.store_id, f.error]));
    expect(errors).toEqual({
      [await storeId('demo-paperback-palace')]: 'blocked',
      [await storeId('demo-ebook-emporium')]: 'not_found',
      [await storeId('demo-buchhandlung')]: 'ambiguous_price',
      [await storeId('demo-corner-bookshop')]: 'rate_limited',
    });
  });

  it('answers 404 for an unknown edition and 400 for a malformed id', async () => {
    expect((await t.call('POST', '/api/editions/99999999/prices')).status).toBe(404);
    expect((await t.call('GET', '/api/editions/99999999/prices')).status).toBe(404);
    expect((await t.call('POST', '/api/editions/abc/prices')).status).toBe(400);
  });
});
