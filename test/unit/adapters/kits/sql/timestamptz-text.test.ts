import { describe, expect, it } from 'vitest';
import { timestamptzMillis } from '../../../../../src/adapters/kits/sql/timestamptz-text.js';

describe('timestamptzMillis (PostgreSQL ISO output of a timestamptz)', () => {
  it('reads UTC stamps, with and without a fraction, microseconds truncated', () => {
    expect(timestamptzMillis('2026-01-15 10:00:00+00')).toBe(Date.UTC(2026, 0, 15, 10, 0, 0));
    expect(timestamptzMillis('2026-01-15 10:00:00.25+00')).toBe(Date.UTC(2026, 0, 15, 10, 0, 0, 250));
    expect(timestamptzMillis('2026-01-15 10:00:00.123999+00')).toBe(Date.UTC(2026, 0, 15, 10, 0, 0, 123));
    expect(timestamptzMillis('2026-01-15 10:00:00.5+00')).toBe(Date.UTC(2026, 0, 15, 10, 0, 0, 500));
  });

  it('reads offsets of hours, minutes and seconds, either sign', () => {
    expect(timestamptzMillis('2026-01-15 12:00:00+02')).toBe(Date.UTC(2026, 0, 15, 10, 0, 0));
    expect(timestamptzMillis('2026-01-15 04:30:00-05:30')).toBe(Date.UTC(2026, 0, 15, 10, 0, 0));
    expect(timestamptzMillis('1900-01-01 00:19:32+00:19:32')).toBe(Date.UTC(1900, 0, 1, 0, 0, 0));
  });

  it('floors before 1970 as the truncated components do, and keeps years below 100 and BC years', () => {
    expect(timestamptzMillis('1969-12-31 23:59:59.9995+00')).toBe(-1);
    const year44 = new Date(0);
    year44.setUTCFullYear(44, 2, 15);
    expect(timestamptzMillis('0044-03-15 00:00:00+00')).toBe(year44.getTime());
    const bc = new Date(0);
    bc.setUTCFullYear(-43, 2, 15);
    expect(timestamptzMillis('0044-03-15 00:00:00+00 BC')).toBe(bc.getTime());
    expect(timestamptzMillis('12026-01-15 10:00:00+00')).toBe(new Date('+012026-01-15T10:00:00Z').getTime());
  });

  it('refuses what is not a timestamptz', () => {
    expect(() => timestamptzMillis('infinity')).toThrow(RangeError);
    expect(() => timestamptzMillis('2026-01-15T10:00:00Z')).toThrow(/ISO date style/);
  });
});
