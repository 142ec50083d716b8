import { describe, expect, it } from 'vitest';
import { firstAtOrAfter } from '../../../../../src/adapters/stores/extraction/first-at-or-after.js';

describe('firstAtOrAfter', () => {
  it('finds the first position at or after a point, as a walk through the list does', () => {
    const positions = [3, 3, 8, 20, 21, 40];
    for (let from = -1; from <= 42; from++) {
      const walked = positions.findIndex((at) => at >= from);
      expect(firstAtOrAfter(positions, from, (at) => at), String(from)).toBe(walked < 0 ? positions.length : walked);
    }
    expect(firstAtOrAfter([], 5, (at: number) => at)).toBe(0);
  });

  it('reads the position of each item', () => {
    const parts = [{ at: 2 }, { at: 9 }, { at: 15 }];
    expect(firstAtOrAfter(parts, 10, (part) => part.at)).toBe(2);
  });
});
