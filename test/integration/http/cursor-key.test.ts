import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/config.js';
import { CursorCodec } from '../../../src/adapters/kits/http/pagination/cursor-codec.js';
import { type RunningService, startService } from '../../../src/composition/api-service.js';
import { startTestService, TEST_JWT_SECRET, type TestService } from '../../support/test-service.js';

let t: TestService;
let second: RunningService;

beforeAll(async () => {
  t = await startTestService();
  // A second instance on the same database, as behind a load balancer.
  second = await startService(loadConfig({ NODE_ENV: 'test', DATABASE_URL: t.db.url, JWT_SECRET: TEST_JWT_SECRET, HOST: '127.0.0.1', PORT: '0' }));
  for (const name of ['Cursor Author One', 'Cursor Author Two', 'Cursor Author Three']) {
    expect((await t.call('POST', '/api/authors', { body: { author_name: name } })).status).toBe(201);
  }
});

afterAll(async () => {
  await second?.stop();
  await t?.stop();
});

describe('pagination cursors', () => {
  it('are honoured by every instance on the same database', async () => {
    const first = await t.call('GET', '/api/authors?per_page=1');
    const next = first.body._links.next.href as string;
    const here = await t.call('GET', next);
    const there = await t.call('GET', `http://127.0.0.1:${second.port}${next}`);
    expect(there.status).toBe(200);
    expect(there.body.data).toEqual(here.body.data);
  });

  it('are keyed with the database secret, not a key written in the source', async () => {
    const [row] = await t.db.sql<{ value: string }>("select value from service_secret where name = 'cursor'");
    const value = row!.value;
    expect(value).toMatch(/^[0-9a-f]{64}$/);
    const first = await t.call('GET', '/api/authors?per_page=1');
    const cursor = new URL(first.body._links.next.href as string, t.baseUrl).searchParams.get('cursor')!;
    const state = new CursorCodec(value).forListing('/api/authors').decode(cursor);
    // The same position signed with the old constant key is refused.
    const forged = new CursorCodec('shelfwatch-cursor-v1').forListing('/api/authors').encode(state);
    const res = await t.call('GET', `/api/authors?per_page=1&cursor=${forged}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_cursor');
  });
});
