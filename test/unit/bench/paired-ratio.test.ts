import { describe, expect, it } from 'vitest';
import { median, pairedRatio } from '../../../bench/paired-ratio.js';

describe('median', () => {
  it('takes the middle value, or the mean of the two middle values', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('pairedRatio', () => {
  it('gives a zero-width interval when every pair agrees', () => {
    expect(pairedRatio([0.97, 0.97, 0.97])).toEqual({ median: 0.97, low: 0.97, high: 0.97, pairs: 3 });
  });

  it('brackets the median with an interval that narrows as pairs are added', () => {
    const noisy = Array.from({ length: 40 }, (_, i) => 1 + ((i * 37) % 21) / 100 - 0.1);
    const few = pairedRatio(noisy.slice(0, 10));
    const many = pairedRatio(noisy);
    for (const estimate of [few, many]) {
      expect(estimate.low).toBeLessThanOrEqual(estimate.median);
      expect(estimate.high).toBeGreaterThanOrEqual(estimate.median);
    }
    expect(many.high - many.low).toBeLessThan(few.high - few.low);
    expect(many.median).toBeCloseTo(1.005, 10); // the two middle values of 40 are 1.00 and 1.01
  });

  it('is reproducible: the resampling is seeded', () => {
    const ratios = [0.91, 1.04, 0.98, 1.1, 0.95, 1.01, 0.99];
    expect(pairedRatio(ratios)).toEqual(pairedRatio(ratios));
  });

  it('refuses an empty comparison', () => {
    expect(() => pairedRatio([])).toThrow('no pairs');
  });
});
