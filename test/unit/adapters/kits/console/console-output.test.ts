import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleLine, consoleLogger, eventToConsole } from '../../../../../src/adapters/kits/console/console-output.js';
import { MAX_DETAIL_BYTES } from '../../../../../src/domain/logging/log-detail.js';
import type { LogEvent } from '../../../../../src/domain/logging/log-event.js';
import { tapConsole } from '../../../../integration/logging/logging-test-helpers.js';
import { nested } from '../../../logging/detail-shapes.js';

// The console is the fallback of every other path: it must never throw, whatever the event holds.
const event = (detail: unknown, time: unknown = new Date(0)): LogEvent =>
  ({ level: 'error', source: 'api', event: 'console_probe', detail, time }) as LogEvent;

afterEach(() => vi.restoreAllMocks());

describe('eventToConsole', () => {
  it('writes a detail nested 5,000 deep (or 200,000) as one bounded line instead of overflowing the stack', () => {
    const tap = tapConsole();
    try {
      expect(() => eventToConsole(event(nested(5000)), 'database_unavailable')).not.toThrow();
      expect(() => eventToConsole(event(nested(200_000)), 'database_unavailable')).not.toThrow();
      const lines = tap.lines().filter((l) => l.log_event === 'console_probe');
      expect(lines).toHaveLength(2);
      for (const line of lines) {
        expect(line.fallback).toBe('database_unavailable');
        expect(JSON.stringify(line.log_detail)).toContain('[nested deeper than 32 levels]');
      }
    } finally {
      tap.stop();
    }
  });

  it('writes cycles, a huge detail, a throwing getter and an invalid time without throwing, each line bounded', () => {
    const tap = tapConsole();
    try {
      const cyclic: Record<string, unknown> = { a: 1 };
      cyclic.self = cyclic;
      const hostile = { get boom(): never { throw new Error('getter failed') } };
      for (const e of [event(cyclic), event({ blob: 'x'.repeat(5_000_000) }), event(hostile), event({ n: 1n }, new Date(Number.NaN))]) {
        expect(() => eventToConsole(e, 'buffer_full')).not.toThrow();
      }
      const lines = tap.lines().filter((l) => l.log_event === 'console_probe');
      expect(lines.map((l) => l.log_detail)).toEqual([
        { a: 1, self: '[circular]' },
        expect.objectContaining({ detail_truncated: true }),
        { detail_unreadable: 'getter failed' },
        { n: '1' },
      ]);
      expect(lines[3]!.log_time).toBeNull();
      for (const line of lines) expect(Buffer.byteLength(JSON.stringify(line.log_detail))).toBeLessThanOrEqual(MAX_DETAIL_BYTES);
    } finally {
      tap.stop();
    }
  });
});

describe('consoleLine', () => {
  it('falls back to one short stdout line when winston throws, and swallows a failure of that too', () => {
    vi.spyOn(consoleLogger, 'log').mockImplementation(() => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    const written: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    expect(() => consoleLine('warn', 'log table unavailable', { count: 3 })).not.toThrow();
    expect(written).toHaveLength(1);
    expect(JSON.parse(written[0]!)).toEqual({ level: 'warn', message: 'log table unavailable', fallback_error: 'Maximum call stack size exceeded' });
    write.mockImplementation(() => {
      throw new Error('EPIPE');
    });
    expect(() => eventToConsole(event({ i: 1 }), 'sink_closed')).not.toThrow();
  });
});
