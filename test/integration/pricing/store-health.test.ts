// Store health (C11.3) and the batch of every store's health, over real HTTP: real fetches against the
// demonstration stores, on demand and by the daily run, counted as they end; bad input; unknown ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestScope } from '../../../src/application/shared/request-scope.js';
import { StartFetchRun } from '../../../src/application/pricing/start-fetch-run.js';
import { type DemoStoreServer, type DemoStoreSlug, startDemoStoreServer } from '../../../src/adapters/demo/stores/index.js';
import { bookWithEdition, storeIdByKey } from '../../support/pricing-integration-helpers.js';
import { eventually, startTestService, type TestService } from '../../support/test-service.js';

const SLUGS: DemoStoreSlug[] = ['paperback-palace', 'ebook-emporium', 'buchhandlung', 'corner-bookshop'];

let demo: DemoStoreServer;
let t: TestService;
const stores = {} as Record<DemoStoreSlug, number>;

beforeAll(async () => {
  demo = await startDemoStoreServer({ port: 0 });
  t = await startTestService({ DEMO_STORE_URL: demo.url, STORE_MIN_INTERVAL_MS: '0', FETCH_RETRIES: '0', FETCH_TIMEOUT_MS: '5000', FETCH_COOLDOWN: '0' });
  for (const slug of SLUGS) stores[slug] = await storeIdByKey(t, `demo-${slug}`);
});
afterAll(async () => {
  await t?.stop();
  await demo?.close();
});

const health = async (storeId: number) => {
  const res = await t.call('GET', `/api/stores/${storeId}/health`);
  expect(res.status, res.text).toBe(200);
  return res.body;
};

/** A health report without its `since`, which moves with the clock between two requests. */
const counts = ({ since: _since, ...rest }: Record<string, unknown>) => rest;

function expectBalanced(h: { attempts: number; prices: number; refusals: Record<string, number> }): void {
  expect(h.attempts).toBe(h.prices + Object.values(h.refusals).reduce((a, b) => a + b, 0));
}

describe('GET /api/stores/:storeId/health', () => {
  it('counts on-demand and daily fetches as they end: prices, refusals by kind, the last price and the last failure', async () => {
    const before = await health(stores['paperback-palace']);
    expect(before).toEqual({
      store_id: stores['paperback-palace'], since: expect.any(String), attempts: 0, prices: 0, refusals: {}, last_price_at: null, last_failure: null,
    });
    expect(Math.abs(Date.parse(before.since) - (Date.now() - 7 * 86_400_000))).toBeLessThan(60_000);

    const { bookId, editionId, isbn } = await bookWithEdition(t, 'Health Check');
    demo.set('paperback-palace', isbn, { kind: 'price', amount: '12.99' });
    demo.set('ebook-emporium', isbn, { kind: 'captcha' });
    demo.set('buchhandlung', isbn, { kind: 'no_price' });
    demo.set('corner-bookshop', isbn, { kind: 'not_found' });

    const fetched = await t.call('POST', `/api/editions/${editionId}/prices`);
    expect(fetched.status, fetched.text).toBe(201);
    const palace = await health(stores['paperback-palace']);
    expect(palace).toMatchObject({ attempts: 1, prices: 1, refusals: {}, last_failure: null });
    expect(Date.parse(palace.last_price_at)).toBeGreaterThan(Date.now() - 60_000);
    const emporium = await health(stores['ebook-emporium']);
    expect(emporium).toMatchObject({ attempts: 1, prices: 0, refusals: { blocked: 1 }, last_price_at: null });
    expect(emporium.last_failure).toEqual({ kind: 'blocked', message: expect.any(String), at: expect.any(String) });
    expect(await health(stores.buchhandlung)).toMatchObject({ attempts: 1, refusals: { no_price: 1 }, last_failure: { kind: 'no_price' } });
    expect(await health(stores['corner-bookshop'])).toMatchObject({ attempts: 1, refusals: { not_found: 1 }, last_failure: { kind: 'not_found' } });

    // The daily run asks the same stores (the book is wished and monitored); one store answers differently now.
    expect((await t.call('POST', '/api/wishes', { body: { book_id: bookId } })).status).toBe(201);
    demo.set('corner-bookshop', isbn, { kind: 'price', amount: '10.50' });
    const run = await t.service.container.get(RequestScope).run(() => t.service.container.get(StartFetchRun).execute('manual'));
    expect(run.taskCount).toBe(4);
    await eventually(async () => {
      const [row] = await t.db.sql<{ completed_at: Date | null }>('select completed_at from fetch_run where fetch_run_id = $1', [run.runId]);
      expect(row!.completed_at).not.toBeNull();
    }, 30_000);

    expect(await health(stores['paperback-palace'])).toMatchObject({ attempts: 2, prices: 2, refusals: {} });
    expect(await health(stores['ebook-emporium'])).toMatchObject({ attempts: 2, prices: 0, refusals: { blocked: 2 } });
    const corner = await health(stores['corner-bookshop']);
    expect(corner).toMatchObject({ attempts: 2, prices: 1, refusals: { not_found: 1 }, last_failure: { kind: 'not_found' } });
    expect(Date.parse(corner.last_price_at)).toBeGreaterThan(Date.parse(corner.last_failure.at));
    for (const slug of SLUGS) expectBalanced(await health(stores[slug]));
  });

  it('leaves out what ended before the last 7 days', async () => {
    const storeId = stores.buchhandlung;
    const now = await health(storeId);
    await t.db.sql(
      `insert into store_fetch_outcome (store_id, minute, outcome, fetch_count, last_at, last_message)
       values ($1, date_trunc('minute', now() - interval '7 days 5 minutes'), 'timeout', 3, now() - interval '7 days 5 minutes', 'too slow')`,
      [storeId],
    );
    expect(counts(await health(storeId))).toEqual(counts(now));
  });

  it('answers 404 for an unknown store, 400 for a malformed id and 401 without a token', async () => {
    const missing = await t.call('GET', '/api/stores/99999999/health');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('not_found');
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const res = await t.call('GET', `/api/stores/${bad}/health`);
      expect(res.status, bad).toBe(400);
      expect(res.body.details[0].field).toBe('storeId');
    }
    expect((await t.call('GET', `/api/stores/${stores['paperback-palace']}/health`, { token: null })).status).toBe(401);
  });

  it('is readable by any authenticated user', async () => {
    const res = await t.call('GET', `/api/stores/${stores['paperback-palace']}/health`, { token: t.token('someone-else') });
    expect(res.status).toBe(200);
    expect(res.body.store_id).toBe(stores['paperback-palace']);
  });
});

describe('GET /api/store-health', () => {
  it("answers every store's health by store id, the same as each store's own", async () => {
    const all = await t.call('GET', '/api/store-health?per_page=100');
    expect(all.status, all.text).toBe(200);
    const [count] = await t.db.sql<{ n: string }>('select count(*) as n from store');
    expect(all.body.data).toHaveLength(Number(count!.n));
    const ids = all.body.data.map((h: { store_id: number }) => h.store_id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
    for (const slug of SLUGS) {
      expect(counts(all.body.data.find((h: { store_id: number }) => h.store_id === stores[slug]))).toEqual(counts(await health(stores[slug])));
    }
  });

  it('takes an ids filter (unknown ids absent, links repeating it) and pages by C4', async () => {
    const ids = `${stores['corner-bookshop']},99999999,${stores['paperback-palace']}`;
    const res = await t.call('GET', `/api/store-health?ids=${ids}&per_page=1`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((h: { store_id: number }) => h.store_id)).toEqual([Math.min(stores['corner-bookshop'], stores['paperback-palace'])]);
    expect(res.body._links.next.href).toContain(`ids=${encodeURIComponent(ids)}`);
    const next = await t.call('GET', res.body._links.next.href);
    expect(next.body.data.map((h: { store_id: number }) => h.store_id)).toEqual([Math.max(stores['corner-bookshop'], stores['paperback-palace'])]);
    expect(next.body._links.next).toBeUndefined();
  });

  it('refuses a bad ids list or page size with 400 naming the parameter', async () => {
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    for (const [query, field] of [['ids=', 'ids'], ['ids=1,,2', 'ids'], ['ids=1,', 'ids'], ['ids=a', 'ids'], ['ids=0', 'ids'], [`ids=${many}`, 'ids'], ['per_page=0', 'per_page'], ['per_page=101', 'per_page']]) {
      const res = await t.call('GET', `/api/store-health?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error).toBe('validation_failed');
      expect(res.body.details[0].field, query).toBe(field);
    }
    expect((await t.call('GET', '/api/store-health?cursor=garbage')).status).toBe(400);
    expect((await t.call('GET', '/api/store-health', { token: null })).status).toBe(401);
  });
});
