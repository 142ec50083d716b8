import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LogBatchRefused } from '../../../src/adapters/logging/log-batch-refused.js';
import { ThreadLogWriter } from '../../../src/adapters/logging/thread-log-writer.js';
import type { LogEvent } from '../../../src/domain/logging/log-event.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { startTogglingProxy, type TogglingProxy } from './tcp-toggle-proxy.js';

// The API's log writer: batches written by a worker thread on its own connection, through a proxy that can cut it.
let db: TestDatabase;
let proxy: TogglingProxy;
let writer: ThreadLogWriter;

beforeAll(async () => {
  db = await createTestDatabase();
  proxy = await startTogglingProxy(db.url);
  writer = new ThreadLogWriter(proxy.url);
});
beforeEach(async () => {
  await db.sql('delete from log');
  proxy.up();
});
afterAll(async () => {
  await writer?.close();
  await proxy?.close();
  await db?.drop();
});

const event = (i: number, detail: Record<string, unknown> = { i }): LogEvent => ({
  level: 'warn',
  source: 'auth',
  event: 'thread_probe',
  detail,
  time: new Date(Date.UTC(2026, 10, 24, 9, 0, 0, i)),
});
const stored = () =>
  db.sql<{ time: Date; level: string; source: string; event: string; detail: Record<string, unknown> }>(
    `select log_time as time, log_level as level, log_source as source, log_event as event, log_detail as detail
     from log where log_event = 'thread_probe' order by log_id`,
  );

describe('ThreadLogWriter', () => {
  it('writes a batch with one statement, every field as given', async () => {
    const batch = Array.from({ length: 300 }, (_, i) => event(i));
    await writer.write(batch);
    const rows = await stored();
    expect(rows).toHaveLength(300);
    expect(rows.map((r) => r.detail)).toEqual(batch.map((e) => e.detail));
    expect(rows[7]).toMatchObject({ level: 'warn', source: 'auth', event: 'thread_probe' });
    expect(rows.map((r) => new Date(r.time).toISOString())).toEqual(batch.map((e) => e.time.toISOString()));
  });

  it('writes a detail the structured clone cannot copy as JSON would', async () => {
    await writer.write([event(0, { text: 'ok' }), event(1, { i: 1, callback: () => 'dropped', nested: { ok: true } })]);
    expect((await stored()).map((r) => r.detail)).toEqual([{ text: 'ok' }, { i: 1, nested: { ok: true } }]);
  });

  it('rejects with LogBatchRefused what the table refuses (the sinks sanitise text before; see refused-events.test.ts)', async () => {
    await expect(writer.write([event(0, { text: 'a\u0000b' })])).rejects.toBeInstanceOf(LogBatchRefused);
    await expect(writer.write([event(1, { text: 'a\ud800b' }), event(2, { f: () => 1 })])).rejects.toBeInstanceOf(LogBatchRefused);
    expect(await stored()).toEqual([]);
  });

  it('rejects while the database is down, and writes again when it is back', async () => {
    await writer.write([event(0)]);
    proxy.down();
    const failure = await writer.write([event(1)]).then(() => null, (error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(LogBatchRefused); // so the buffer does not split (and retry) while it is down
    proxy.up();
    await writer.write([event(2)]);
    expect((await stored()).map((r) => r.detail.i)).toEqual([0, 2]);
  });
});
