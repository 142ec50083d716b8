// The orders of a list of wishes as the domain states them: the sort names, the page key, the saving and the
// comparison. The orders of whole lists are the shared case table's (list-wishes-order.test.ts, wish-order.test.ts).
import { describe, expect, it } from 'vitest';
import { compareSortPositions, pageKeyOf, savingOf, SAVING_RATIO_SCALE, WISH_SORTS, wishOrderOf } from '../../../../src/domain/wishes/wish-order.js';

describe('wishOrderOf', () => {
  it('reads a leading "-" as descending', () => {
    expect(WISH_SORTS.map(wishOrderOf)).toEqual(
      ['created_at', 'created_at', 'title', 'title', 'price', 'price', 'saving', 'saving'].map((field, i) => ({ field, descending: i % 2 === 1 })),
    );
  });
});

describe('pageKeyOf', () => {
  it('keys the date-added orders by wish id and the others by book id', () => {
    const wish = { id: 3, bookId: 40 };
    expect(pageKeyOf(wishOrderOf('-created_at'), wish)).toBe(3);
    for (const sort of ['title', '-price', 'saving'] as const) expect(pageKeyOf(wishOrderOf(sort), wish)).toBe(40);
  });
});

describe('compareSortPositions', () => {
  const at = (value: bigint | string | null, key: number) => ({ missing: value === null, values: [value ?? 0n], key });

  it('puts the positions without a value last in both directions, and reverses values and ties with "-"', () => {
    const places = [at(null, 1), at(5n, 3), at(5n, 2), at(null, 4), at(1n, 9)];
    const sorted = (sort: 'price' | '-price') => [...places].sort((a, b) => compareSortPositions(wishOrderOf(sort), a, b)).map((p) => p.key);
    expect(sorted('price')).toEqual([9, 2, 3, 1, 4]);
    expect(sorted('-price')).toEqual([3, 2, 9, 4, 1]);
  });

  it('compares text by code point, as PostgreSQL\'s "C" collation does', () => {
    const title = wishOrderOf('title');
    expect(compareSortPositions(title, at('\uE000', 1), at('😀', 2))).toBeLessThan(0);
    expect(compareSortPositions(title, at('ab', 1), at('abc', 2))).toBeLessThan(0);
    expect(compareSortPositions(title, at('b', 1), at('abc', 2))).toBeGreaterThan(0);
  });
});

describe('the saving', () => {
  it('is the distance above the lowest, relative (scaled) and in minor units; never negative; a lowest of 0 counts as 1', () => {
    expect(savingOf(1200n, 1000n)).toEqual({ ratio: SAVING_RATIO_SCALE / 5n, amount: 200n });
    expect(savingOf(400n, 300n)).toEqual({ ratio: 333_333_333_333_333_333_333_333n, amount: 100n });
    expect(savingOf(900n, 1000n)).toEqual({ ratio: 0n, amount: 0n });
    expect(savingOf(0n, 0n)).toEqual({ ratio: 0n, amount: 0n });
    expect(savingOf(100n, 0n)).toEqual({ ratio: 100n * SAVING_RATIO_SCALE, amount: 100n });
  });

  it('tells apart ratios that differ by about 10^-20 (amounts of 10^10 minor units)', () => {
    const order = wishOrderOf('saving');
    const place = (best: bigint, lowest: bigint, key: number) => ({ missing: false, values: Object.values(savingOf(best, lowest)), key });
    // 1/10^10 and 1/(10^10 − 2): 2 × 10^-20 apart; the larger key first would show the ratio was not compared.
    const a = place(10_000_000_001n, 10_000_000_000n, 2);
    const b = place(9_999_999_999n, 9_999_999_998n, 1);
    expect(compareSortPositions(order, a, b)).toBeLessThan(0);
  });
});
