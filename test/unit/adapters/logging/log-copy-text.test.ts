import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LogBatchRefused } from '../../../../src/adapters/logging/log-batch-refused.js';
import { logCopyText } from '../../../../src/adapters/logging/log-insert.js';
import type { LogEvent } from '../../../../src/domain/logging/log-event.js';

// The batch as COPY's text format reads it (log-insert.ts). Decoded here as PostgreSQL decodes it, so what the table
// stores is exactly the event's text; the database round trip is in test/integration/logging/copy-batches.test.ts.

const UNESCAPE: Record<string, string> = { '\\': '\\', t: '\t', n: '\n', r: '\r' };

/** COPY text format to rows, as the server reads it (only the escapes logCopyText writes; anything else fails). */
function decode(text: string): Array<Array<string | null>> {
  expect(text.endsWith('\n') || text === '').toBe(true);
  return text
    .split('\n')
    .slice(0, -1)
    .map((line) =>
      line.split('\t').map((field) => {
        if (field === '\\N') return null;
        return field.replace(/\\(.)/gs, (_, c: string) => {
          const plain = UNESCAPE[c];
          if (plain === undefined) throw new Error(`unexpected escape \\${c}`);
          return plain;
        });
      }),
    );
}

const at = new Date('2026-11-26T09:15:42.007Z');
const event = (detail: Record<string, unknown>, time = at, names: Partial<LogEvent> = {}): LogEvent => ({
  level: 'warn',
  source: 'auth',
  event: 'auth_failed',
  detail,
  time,
  ...names,
});

describe('logCopyText', () => {
  it('writes one tab-separated line per event: time, level, source, event, detail as JSON, instance', () => {
    expect(logCopyText([event({ reason: 'invalid_signature' })])).toBe(
      '2026-11-26T09:15:42.007Z\twarn\tauth\tauth_failed\t{"reason":"invalid_signature"}\t\\N\n',
    );
    expect(logCopyText([event({}, at, { instance: 'api-1' })])).toBe('2026-11-26T09:15:42.007Z\twarn\tauth\tauth_failed\t{}\tapi-1\n');
    expect(logCopyText([])).toBe('');
  });

  it('escapes what COPY reads specially, so the stored text is the event\'s own', () => {
    const detail = { text: 'tab\there\nnew line\r\nCRLF back\\slash "quoted" \\N \\. \\u0000 😀 \u2028 \u007f \u0001', 'k\t\\': 1 };
    const names = { source: 'a\tb\\c\nd\r', event: '\\N' };
    const rows = decode(logCopyText([event(detail, at, names), event({}, at, names)]));
    expect(rows).toEqual([
      [at.toISOString(), 'warn', names.source, names.event, JSON.stringify(detail), null],
      [at.toISOString(), 'warn', names.source, names.event, '{}', null],
    ]);
    expect(JSON.parse(rows[0]![4]!)).toEqual(detail);
    // No raw line break or tab inside a line: the JSON text escapes control characters itself.
    expect(logCopyText([event(detail, at, names)]).split('\n')).toHaveLength(2);
  });

  it('writes a missing or null detail as {} and a missing name as NULL (the table then refuses the row)', () => {
    const odd = [event(undefined as never), event(null as never), event({ i: 1 }, at, { source: undefined as never, level: null as never })];
    expect(decode(logCopyText(odd)).map((r) => [r[1], r[2], r[4]])).toEqual([
      ['warn', 'auth', '{}'],
      ['warn', 'auth', '{}'],
      [null, null, '{"i":1}'],
    ]);
  });

  it('keeps each event\'s own names and time when they change within a batch', () => {
    const events = [
      event({ i: 0 }, new Date('2026-11-26T09:15:42.999Z')),
      event({ i: 1 }, new Date('2026-11-26T09:15:43.000Z'), { level: 'error' }),
      event({ i: 2 }, new Date('2026-11-26T09:15:43.000Z'), { level: 'error', source: 'api' }),
      event({ i: 3 }, new Date('2026-11-26T09:15:42.001Z'), { event: 'other' }),
      event({ i: 4 }, new Date('2026-11-26T09:15:42.001Z')),
    ];
    expect(decode(logCopyText(events))).toEqual(events.map((e) => [e.time.toISOString(), e.level, e.source, e.event, JSON.stringify(e.detail), null]));
  });

  it('writes any valid time as toISOString does, before 1970 and past year 9999 too', () => {
    const times = fc.array(fc.integer({ min: -8.64e15, max: 8.64e15 }), { minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(times, (ms) => {
        const events = ms.map((t) => event({}, new Date(t)));
        expect(decode(logCopyText(events)).map((r) => r[0])).toEqual(events.map((e) => e.time.toISOString()));
      }),
    );
  });

  it('round-trips any text in names and details', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    const row = fc.record({ level: text, source: text, event: text, detail: fc.dictionary(text, fc.oneof(text, fc.integer(), fc.constant(null))) });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 8 }), (rows) => {
        const events = rows.map((r) => event(r.detail, at, { level: r.level as LogEvent['level'], source: r.source, event: r.event }));
        // UTF-16 text as the driver sends it: lone surrogates become U+FFFD in the names (JSON escapes them in details).
        const wire = (s: string): string => Buffer.from(s, 'utf8').toString('utf8');
        expect(decode(wire(logCopyText(events)))).toEqual(
          events.map((e) => [at.toISOString(), wire(e.level), wire(e.source), wire(e.event), JSON.stringify(e.detail), null]),
        );
      }),
    );
  });

  it('refuses a batch it cannot write: an invalid time, a detail JSON cannot hold', () => {
    expect(() => logCopyText([event({}), event({}, new Date(Number.NaN))])).toThrow(LogBatchRefused);
    expect(() => logCopyText([event({ n: 1n })])).toThrow(LogBatchRefused);
    expect(() => logCopyText([{ ...event({}), time: '2026-11-26' as never }])).toThrow(LogBatchRefused);
  });
});
