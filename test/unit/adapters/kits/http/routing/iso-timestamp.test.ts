import { describe, expect, it } from 'vitest';
import { isoTimestamp } from '../../../../../../src/adapters/kits/http/routing/iso-timestamp.js';

describe('isoTimestamp', () => {
  it('formats exactly as Date#toISOString', () => {
    const samples = [
      0,
      Date.UTC(2024, 0, 1, 0, 0, 20),
      Date.UTC(2026, 10, 22, 6, 5, 9, 7),
      Date.UTC(1999, 11, 31, 23, 59, 59, 999),
      Date.UTC(2000, 1, 29, 12, 0, 0, 10),
      Date.UTC(1000, 0, 1),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    ];
    // And a spread of instants between 1970 and 2100, with milliseconds.
    for (let i = 0; i < 2000; i++) samples.push(Math.floor((i * 2_053_368_451_117) % 4_102_444_800_000));
    for (const ms of samples) expect(isoTimestamp(new Date(ms))).toBe(new Date(ms).toISOString());
  });

  it('falls back to the built-in outside four-digit years, and throws like it for an invalid date', () => {
    for (const ms of [Date.UTC(999, 11, 31), Date.UTC(10000, 0, 1), -62198755200000]) {
      expect(isoTimestamp(new Date(ms))).toBe(new Date(ms).toISOString());
    }
    expect(() => isoTimestamp(new Date(Number.NaN))).toThrow(RangeError);
  });
});
