// The per-user limit of on-demand price fetches, over real HTTP and PostgreSQL: a user past FETCH_USER_LIMIT gets 429
// with Retry-After and the stores are not asked; another user is not affected; a request the edition's cooldown
// refuses costs the user nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoStoreServer, startDemoStoreServer } from '../../../src/adapters/demo/stores/index.js';
import { startTestService, type TestService } from '../../support/test-service.js';

let demo: DemoStoreServer;
let t: TestService;
let englishId: number;

beforeAll(async () => {
  demo = await startDemoStoreServer({ port: 0 });
  t = await startTestService({
    DEMO_STORE_URL: demo.url,
    STORE_MIN_INTERVAL_MS: '0',
    FETCH_RETRIES: '0',
    FETCH_USER_LIMIT: '2',
    FETCH_USER_WINDOW: '1h',
  });
  englishId = Number((await t.db.sql<{ language_id: string }>("select language_id from language where language_code = 'en'"))[0]!.language_id);
});
afterAll(async () => {
  await t.stop();
  await demo.close();
});

let serial = 0;
async function edition(): Promise<number> {
  const body = `97800003${String(serial++).padStart(4, '0')}`;
  const sum = [...body].reduce((acc, digit, k) => acc + Number(digit) * (k % 2 === 0 ? 1 : 3), 0);
  const isbn = `${body}${(10 - (sum % 10)) % 10}`;
  const book = await t.call('POST', '/api/books', { body: { book_original_title: `Limited ${isbn}` } });
  const created = await t.call('POST', `/api/books/${book.body.book_id}/editions`, { body: { isbn, format: 'paperback', language_id: englishId } });
  expect(created.status, created.text).toBe(201);
  return created.body.edition_id;
}

const totalRequests = (): number => Object.values(demo.stats()).reduce((sum, store) => sum + store.requests, 0);

describe('POST /api/editions/:editionId/prices: per-user limit', () => {
  it('answers 429 with Retry-After past the limit, asks no store, and leaves other users alone', async () => {
    const token = t.token('limited-ann');
    const [a, b, c] = [await edition(), await edition(), await edition()];
    expect((await t.call('POST', `/api/editions/${a}/prices`, { token })).status).toBe(201);
    // The edition's cooldown refuses this one: it does not count against Ann.
    expect((await t.call('POST', `/api/editions/${a}/prices`, { token })).status).toBe(429);
    expect((await t.call('POST', `/api/editions/${b}/prices`, { token })).status).toBe(201);

    const before = totalRequests();
    const refused = await t.call('POST', `/api/editions/${c}/prices`, { token });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'rate_limited' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(totalRequests()).toBe(before);

    // Another user fetches the same edition at once.
    expect((await t.call('POST', `/api/editions/${c}/prices`, { token: t.token('limited-bob') })).status).toBe(201);
  });

  it('starts a new window once the old one is over', async () => {
    const token = t.token('limited-cy');
    const [a, b, c] = [await edition(), await edition(), await edition()];
    expect((await t.call('POST', `/api/editions/${a}/prices`, { token })).status).toBe(201);
    expect((await t.call('POST', `/api/editions/${b}/prices`, { token })).status).toBe(201);
    expect((await t.call('POST', `/api/editions/${c}/prices`, { token })).status).toBe(429);
    await t.db.sql(
      `update on_demand_fetch_quota set window_start = window_start - interval '1 hour'
       where user_id = (select user_id from app_user where subject = 'limited-cy')`,
    );
    expect((await t.call('POST', `/api/editions/${c}/prices`, { token })).status).toBe(201);
  });
});
