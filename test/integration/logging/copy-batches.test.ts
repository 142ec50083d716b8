import { describe, expect, it } from 'vitest';
import { BufferedLogSink } from '../../../src/adapters/logging/buffered-log-sink.js';
import { LogBatchRefused } from '../../../src/adapters/logging/log-batch-refused.js';
import { batchWriterOf } from '../../../src/adapters/logging/log-batch-writer.js';
import { MAX_DETAIL_BYTES } from '../../../src/domain/logging/log-detail.js';
import { TRUNCATED_KEY, sanitiseDetail } from '../../../src/domain/logging/log-detail-sanitiser.js';
import type { LogEvent } from '../../../src/domain/logging/log-event.js';
import { utf8Bytes } from '../../../src/domain/logging/log-text.js';
import { useLogWriters } from './logging-test-helpers.js';

// Batches are written with COPY in its text format (log-insert.ts), by the writer thread and on the ORM's pool: every
// character COPY reads specially must come back from the table exactly as it was recorded.
const w = useLogWriters();

const writers = {
  'the writer thread': (batch: readonly LogEvent[]) => w.thread.write(batch),
  "the ORM's pool": (batch: readonly LogEvent[]) => w.store.append(batch),
};

/** Every character COPY's text format reads specially, and text that looks like its escapes. */
const AWKWARD = 'tab\there, new\nline, CR\rCRLF\r\n, back\\slash \\\\ \\t \\n \\N \\. "quotes" \'single\' 😀 é 中文 \u2028 \u007f \u0001 \b \f \\u0000 \\ud800 end\\';
/** A long text cut to the size limit by the sanitiser, as the sinks record it. */
const atLimit = sanitiseDetail({ stack: `${AWKWARD}\n`.repeat(2000) });

const at = Date.UTC(2026, 10, 26, 9, 15, 42, 999);
const event = (i: number, detail: Record<string, unknown>, time = new Date(at + i)): LogEvent => ({ level: 'warn', source: 'auth', event: 'copy_probe', detail, time });
const awkwardDetails: Array<Record<string, unknown>> = [
  { text: AWKWARD },
  { [AWKWARD]: AWKWARD, nested: { list: [AWKWARD, 1, 2.5, true, null, { deep: AWKWARD }] }, empty: '' },
  { '\\N': '\\N', '\\.': '\\.', '\t': '\n', '': '\r' },
  {},
  atLimit,
];
const stored = () =>
  w.db.sql<{ time: Date; level: string; source: string; event: string; detail: Record<string, unknown>; text: string }>(
    `select log_time as time, log_level as level, log_source as source, log_event as event, log_detail as detail, log_detail::text as text
     from log where log_event = 'copy_probe' order by log_id`,
  );
/** PostgreSQL has no year 0: refused by the table, not by the writer. */
const yearZero = new Date('0000-06-01T00:00:00Z');

describe.each(Object.entries(writers))('a batch written by %s', (_name, write) => {
  it('comes back from the table exactly as recorded: every awkward character, unicode, a detail at the size limit', async () => {
    expect(atLimit[TRUNCATED_KEY]).toBe(true);
    expect(utf8Bytes(JSON.stringify(atLimit))).toBeGreaterThan(MAX_DETAIL_BYTES - 100);
    const batch = awkwardDetails.map((detail, i) => event(i, detail));
    await write(batch);
    const rows = await stored();
    expect(rows.map((r) => r.detail)).toEqual(awkwardDetails);
    expect((rows[0]!.detail as { text: string }).text).toBe(AWKWARD);
    expect(rows.map((r) => new Date(r.time).toISOString())).toEqual(batch.map((e) => e.time.toISOString()));
    expect(rows.map((r) => [r.level, r.source, r.event])).toEqual(batch.map(() => ['warn', 'auth', 'copy_probe']));
  });

  it('stores names as given, tabs and backslashes included', async () => {
    await write([{ ...event(0, { i: 0 }), source: 'src\twith\\tab\nand line' }]);
    expect((await w.db.sql<{ source: string }>(`select log_source as source from log where log_event = 'copy_probe'`))[0]!.source).toBe('src\twith\\tab\nand line');
  });

  it('writes 500 events of 16 KiB in one COPY, and a refusal early in such a batch leaves the connection usable', async () => {
    const big = Array.from({ length: 500 }, (_, i) => event(i, i % 2 ? atLimit : { i, text: AWKWARD }));
    await write(big);
    expect((await stored()).length).toBe(500);
    await w.db.sql('delete from log');
    // The server refuses the third row while megabytes of the batch are still on their way.
    const refused = big.map((e, i) => (i === 2 ? { ...e, time: yearZero } : e));
    await expect(write(refused)).rejects.toBeInstanceOf(LogBatchRefused);
    expect(await stored()).toEqual([]);
    await write(big.slice(0, 3));
    expect((await stored()).map((r) => r.detail)).toEqual(big.slice(0, 3).map((e) => e.detail));
  });

  it('a batch with a bad row is refused whole, then split by the buffer so every good row is stored', async () => {
    const counted: LogEvent[] = [];
    const sink = new BufferedLogSink(batchWriterOf(write), { flushMs: 60_000, batchMax: 500, bufferMax: 10_000 }, { afterWrite: async (batch) => void counted.push(...batch) });
    const details = Array.from({ length: 40 }, (_, i) => ({ i, text: AWKWARD, more: awkwardDetails[i % 4] }));
    details.forEach((detail, i) => sink.record(event(i, detail, i === 23 ? yearZero : new Date(at + i))));
    await sink.close();
    const good = details.filter((d) => d.i !== 23);
    expect((await stored()).map((r) => r.detail)).toEqual(good);
    expect(counted.map((e) => e.detail)).toEqual(good);
    const spilled = w.tap.lines().filter((l) => l.log_event === 'copy_probe');
    expect(spilled).toHaveLength(1);
    expect(spilled[0]).toMatchObject({ fallback: 'database_refused_event', log_detail: { i: 23, text: AWKWARD } });
  });
});
