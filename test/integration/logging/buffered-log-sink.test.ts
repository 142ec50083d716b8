import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BufferedLogSink } from '../../../src/adapters/logging/buffered-log-sink.js';
import { batchWriterOf } from '../../../src/adapters/logging/log-batch-writer.js';
import { SqlLogStore } from '../../../src/adapters/logging/sql-log-store.js';
import { openOrm } from '../../../src/adapters/postgres/database.js';
import type { LogEvent } from '../../../src/domain/logging/log-event.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { eventually } from '../../support/test-service.js';
import { sleep, tapConsole, type ConsoleTap } from './logging-test-helpers.js';
import { startTogglingProxy, type TogglingProxy } from './tcp-toggle-proxy.js';

// The buffer and its console fallback against a real PostgreSQL, reached through a proxy that can cut it off.
let db: TestDatabase;
let proxy: TogglingProxy;
let orm: MikroORM;
let store: SqlLogStore;
let tap: ConsoleTap;
const sinks: BufferedLogSink[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  proxy = await startTogglingProxy(db.url);
  orm = await openOrm(proxy.url, 4);
  store = new SqlLogStore(orm.em);
});
beforeEach(async () => {
  await db.sql('delete from log');
  tap?.stop();
  tap = tapConsole();
});
afterAll(async () => {
  tap?.stop();
  for (const sink of sinks) await sink.close();
  await orm?.close(true);
  await proxy?.close();
  await db?.drop();
});

const event = (i: number, name = 'buffer_probe'): LogEvent => ({ level: 'info', source: 'api', event: name, detail: { i }, time: new Date() });
const rowCount = async (name = 'buffer_probe'): Promise<number> =>
  Number((await db.sql<{ n: string }>('select count(*) as n from log where log_event = $1', [name]))[0]!.n);
const sink = (options: { flushMs: number; batchMax: number; bufferMax: number }, writes?: { count: number }): BufferedLogSink => {
  const created = new BufferedLogSink(
    batchWriterOf(async (batch) => {
      if (writes) writes.count += 1;
      await store.append(batch);
    }),
    options,
  );
  sinks.push(created);
  return created;
};

describe('BufferedLogSink with SqlLogStore', () => {
  it('writes nothing before LOG_FLUSH_MS, then everything in one bulk insert', async () => {
    const writes = { count: 0 };
    const s = sink({ flushMs: 400, batchMax: 500, bufferMax: 10_000 }, writes);
    for (let i = 0; i < 120; i++) s.record(event(i));
    await sleep(150);
    expect(await rowCount()).toBe(0);
    await eventually(async () => expect(await rowCount()).toBe(120), 3000);
    expect(writes.count).toBe(1);
  });

  it('writes as soon as LOG_BATCH_MAX events wait, long before the timer', async () => {
    const writes = { count: 0 };
    const s = sink({ flushMs: 60_000, batchMax: 100, bufferMax: 10_000 }, writes);
    for (let i = 0; i < 100; i++) s.record(event(i));
    // A full batch goes at once, in one insert; fewer events wait for the timer (a minute away).
    await eventually(async () => expect(await rowCount()).toBe(100), 3000);
    expect(writes.count).toBe(1);
    for (let i = 100; i < 150; i++) s.record(event(i));
    await sleep(300);
    expect(await rowCount()).toBe(100);
    expect(s.pending).toBe(50);
    // A graceful stop writes what was accepted.
    await s.close();
    expect(await rowCount()).toBe(150);
    expect(writes.count).toBe(2);
  });

  it('stores text as given, except what jsonb cannot hold (U+0000 dropped, a lone surrogate U+FFFD), without losing the rest of the batch', async () => {
    const awkward = ['a\u0000b', 'quote \' and "double"', 'back\\slash \\u0000 not a NUL', 'line\nbreak ✓ 😀', 'half \ud800 pair'];
    const s = sink({ flushMs: 60_000, batchMax: 500, bufferMax: 10_000 });
    for (const [i, text] of awkward.entries()) s.record({ ...event(i, 'text_probe'), detail: { text } });
    await s.close();
    const stored = await db.sql<{ text: string }>(`select log_detail->>'text' as text from log where log_event = 'text_probe' order by log_id`);
    expect(stored.map((r) => r.text)).toEqual(['ab', ...awkward.slice(1, 4), 'half \uFFFD pair']);
  });

  it('under steady load writes full batches only, not whatever arrived during the last write', async () => {
    const sizes: number[] = [];
    const s = new BufferedLogSink(
      batchWriterOf(async (batch) => {
        sizes.push(batch.length);
        await sleep(30);
        await store.append(batch);
      }),
      { flushMs: 60_000, batchMax: 100, bufferMax: 10_000 },
    );
    sinks.push(s);
    // About 60 events arrive during each 30 ms write: fewer than a batch.
    for (let i = 0; i < 1050; i += 10) {
      for (let j = i; j < i + 10; j++) s.record(event(j, 'steady_probe'));
      await sleep(5);
    }
    await s.close();
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(1050);
    expect(sizes.slice(0, -1).every((n) => n === 100)).toBe(true);
    expect(sizes.at(-1)).toBe(50);
    expect(await rowCount('steady_probe')).toBe(1050);
  });

  it('writes at most two batches at once, so the next batch is prepared while the database works on the last', async () => {
    let running = 0;
    const concurrency: number[] = [];
    const s = new BufferedLogSink(
      batchWriterOf(async (batch) => {
        running += 1;
        concurrency.push(running);
        await sleep(40);
        await store.append(batch);
        running -= 1;
      }),
      { flushMs: 60_000, batchMax: 100, bufferMax: 10_000 },
    );
    sinks.push(s);
    for (let i = 0; i < 600; i++) s.record(event(i, 'overlap_probe'));
    await s.close();
    expect(concurrency).toHaveLength(6);
    expect(Math.max(...concurrency)).toBe(2);
    const stored = await db.sql<{ i: number }>(`select (log_detail->>'i')::int as i from log where log_event = 'overlap_probe' order by 1`);
    expect(stored.map((r) => r.i)).toEqual(Array.from({ length: 600 }, (_, i) => i));
  });

  it('is bounded: past LOG_BUFFER_MAX the oldest events go to the console with a warning', async () => {
    const s = sink({ flushMs: 60_000, batchMax: 10_000, bufferMax: 50 }, undefined);
    for (let i = 0; i < 80; i++) s.record(event(i, 'overflow_probe'));
    expect(s.pending).toBe(50);
    const spilled = tap.lines().filter((l) => l.log_event === 'overflow_probe');
    expect(spilled.map((l) => l.log_detail.i)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(spilled.every((l) => l.fallback === 'buffer_full' && l.log_source === 'api' && typeof l.log_time === 'string')).toBe(true);
    expect(tap.lines().some((l) => l.level === 'warn' && /buffer full/.test(l.message))).toBe(true);
    await s.close();
    const stored = await db.sql<{ i: number }>(`select (log_detail->>'i')::int as i from log where log_event = 'overflow_probe' order by 1`);
    expect(stored.map((r) => r.i)).toEqual(Array.from({ length: 50 }, (_, i) => i + 30));
  });

  it('ready() answers at once below half of LOG_BUFFER_MAX, and past it once the backlog is written', async () => {
    const s = sink({ flushMs: 60_000, batchMax: 500, bufferMax: 100 }, undefined);
    for (let i = 0; i < 49; i++) s.record(event(i, 'ready_probe'));
    let settled = false;
    await s.ready().then(() => (settled = true));
    expect(settled).toBe(true);
    expect(await rowCount('ready_probe')).toBe(0); // nothing had to be written for that answer
    s.record(event(49, 'ready_probe'));
    // 50 waiting: ready() starts the write (the timer is a minute away) and resolves when it is done.
    await s.ready();
    expect(await rowCount('ready_probe')).toBe(50);
    expect(s.pending).toBe(0);
    expect(tap.lines().filter((l) => l.log_event === 'ready_probe')).toHaveLength(0);
  });

  it('ready() waits at most 2 s for a write that hangs, and never spills for it', async () => {
    const hanging = new BufferedLogSink(batchWriterOf(() => new Promise(() => undefined)), { flushMs: 60_000, batchMax: 10, bufferMax: 20 });
    for (let i = 0; i < 15; i++) hanging.record(event(i, 'hang_probe'));
    const started = Date.now();
    await hanging.ready();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(tap.lines().filter((l) => l.log_event === 'hang_probe')).toHaveLength(0);
  });

  it('spills to the console while the database is down and writes again when it is back', async () => {
    const s = sink({ flushMs: 100, batchMax: 500, bufferMax: 10_000 }, undefined);
    s.record(event(1, 'before_outage'));
    await eventually(async () => expect(await rowCount('before_outage')).toBe(1));
    proxy.down();
    for (let i = 0; i < 5; i++) s.record(event(i, 'during_outage'));
    await eventually(async () => expect(tap.lines().filter((l) => l.log_event === 'during_outage')).toHaveLength(5), 15_000);
    expect(tap.lines().filter((l) => l.log_event === 'during_outage').every((l) => l.fallback === 'database_unavailable')).toBe(true);
    await s.ready(); // a failed write does not keep the intake waiting
    proxy.up();
    for (let i = 0; i < 3; i++) s.record(event(i, 'after_outage'));
    await eventually(async () => expect(await rowCount('after_outage')).toBe(3), 15_000);
    expect(await rowCount('during_outage')).toBe(0);
  });
});
