import { describe, expect, it } from 'vitest';
import { BufferedLogSink } from '../../../src/adapters/logging/buffered-log-sink.js';
import { batchWriterOf } from '../../../src/adapters/logging/log-batch-writer.js';
import { ThreadLogWriter } from '../../../src/adapters/logging/thread-log-writer.js';
import { LogBatchRefused } from '../../../src/adapters/logging/log-batch-refused.js';
import { MAX_DETAIL_DEPTH } from '../../../src/domain/logging/log-detail.js';
import { apiError, type LogEvent } from '../../../src/domain/logging/log-event.js';
import { depthOf, nested } from '../../unit/logging/detail-shapes.js';
import { useLogWriters } from './logging-test-helpers.js';

// Events the table cannot take as they are, recorded by the service itself: sanitised by the sink, and a batch the
// table still refuses is split so that only the refused event goes to the console.
const w = useLogWriters();

const at = new Date('2026-11-25T10:00:00Z');
const event = (i: number, detail: Record<string, unknown> = { i }, time = at): LogEvent => ({ level: 'error', source: 'api', event: 'refused_probe', detail, time });
/** PostgreSQL has no year 0: the one thing a sanitised event can still hold that the table refuses. */
const yearZero = new Date('0000-06-01T00:00:00Z');
const stored = () => w.db.sql<{ detail: Record<string, any> }>(`select log_detail as detail from log where log_event = 'refused_probe' order by log_id`);
const consoleProbes = () => w.tap.lines().filter((l) => l.log_event === 'refused_probe');

const writers = {
  // The shared thread is wrapped so a sink's close does not stop it for the next test.
  'the writer thread': () => batchWriterOf((batch) => w.thread.write(batch)),
  "the ORM's pool": () => batchWriterOf((batch: readonly LogEvent[]) => w.store.append(batch)),
};

describe.each(Object.entries(writers))('BufferedLogSink writing through %s', (_name, writer) => {
  it('writes the service\'s own events with lone surrogates, U+0000, 5,000 levels or a cycle, sanitised', async () => {
    const cyclic: Record<string, unknown> = { i: 4 };
    cyclic.self = cyclic;
    const sink = new BufferedLogSink(writer(), { flushMs: 60_000, batchMax: 500, bufferMax: 10_000 });
    // What the HTTP error handler records when a JWT's name claim ends up in an error message.
    sink.record(apiError({ endpoint: 'GET /api/user/preferences', status: 500, message: "values ('bob', NULL, 'x\u0000\ud800y')" }, at));
    sink.record(event(1, { name: '\udc00 tail \ud83d', 'key\ud800': true }));
    sink.record(event(2, nested(5000)));
    sink.record(event(3, cyclic));
    await sink.close();
    expect(consoleProbes()).toEqual([]);
    const [api] = await w.db.sql<{ detail: Record<string, unknown> }>(`select log_detail as detail from log where log_event = 'api_error'`);
    expect(api!.detail.message).toBe("values ('bob', NULL, 'x\uFFFDy')");
    const rows = (await stored()).map((r) => r.detail);
    expect(rows[0]).toEqual({ name: '\uFFFD tail \uFFFD', 'key\uFFFD': true });
    expect(depthOf(rows[1])).toBe(MAX_DETAIL_DEPTH);
    expect(rows[2]).toEqual({ i: 4, self: '[circular]' });
  });

  it('splits a batch the table refuses: the good events are written and counted, only the bad one goes to the console', async () => {
    const counted: LogEvent[] = [];
    const sink = new BufferedLogSink(writer(), { flushMs: 60_000, batchMax: 500, bufferMax: 10_000 }, { afterWrite: async (batch) => void counted.push(...batch) });
    for (let i = 0; i < 100; i++) sink.record(event(i, { i }, i === 37 ? yearZero : at));
    await sink.close();
    expect((await stored()).map((r) => r.detail.i)).toEqual(Array.from({ length: 100 }, (_, i) => i).filter((i) => i !== 37));
    expect(counted.map((e) => e.detail.i)).toHaveLength(99);
    const spilled = consoleProbes();
    expect(spilled).toHaveLength(1);
    expect(spilled[0]).toMatchObject({ fallback: 'database_refused_event', log_detail: { i: 37 } });
    expect(w.tap.lines().some((l) => /refused an event/.test(String(l.message)))).toBe(true);
  });
});

describe('the writers tell a refused batch from an unreachable database', () => {
  it('reject with LogBatchRefused when the table refuses the content', async () => {
    await expect(w.thread.write([event(1, { i: 1 }, yearZero)])).rejects.toBeInstanceOf(LogBatchRefused);
    await expect(w.store.append([event(1, { i: 1 }, yearZero)])).rejects.toBeInstanceOf(LogBatchRefused);
    // Details are sanitised by the sinks only: written directly, jsonb's refusals reach the writer.
    await expect(w.thread.write([event(1, { text: 'a\u0000b' })])).rejects.toBeInstanceOf(LogBatchRefused);
    await expect(w.store.append([event(1, { text: 'a\ud800b' })])).rejects.toBeInstanceOf(LogBatchRefused);
    await expect(w.store.append([event(1, { i: 1 }, new Date(Number.NaN))])).rejects.toBeInstanceOf(LogBatchRefused);
  });

  it('and an unreachable database is not split: every event goes to the console at once', async () => {
    let writes = 0;
    const down = new ThreadLogWriter('postgres://postgres:postgres@127.0.0.1:1/none');
    try {
      await expect(down.write([event(1)])).rejects.not.toBeInstanceOf(LogBatchRefused);
      const sink = new BufferedLogSink(
        batchWriterOf(async (batch) => {
          writes += 1;
          await down.write(batch);
        }),
        { flushMs: 60_000, batchMax: 500, bufferMax: 10_000 },
      );
      for (let i = 0; i < 8; i++) sink.record(event(i));
      await sink.close();
      expect(writes).toBe(1);
      expect(consoleProbes().map((l) => l.fallback)).toEqual(Array(8).fill('database_unavailable'));
    } finally {
      await down.close();
    }
  });
});
