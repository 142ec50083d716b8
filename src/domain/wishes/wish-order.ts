/*
 * The orders of a list of wishes. `created_at` is the order they were added (the wish id). The others are worked out
 * from the user's book and prices when the list is read, in the user's scope (wish-prices.ts):
 *
 * - `title`: the book's title folded for search (case, accents, ß…: normalizeForSearch, the stored `title_search`),
 *   compared character by character (Unicode code points, no locale).
 * - `price`: the best price's amount.
 * - `saving`: how far the best price is above the lowest price ever, closest first — the "distance from the lowest
 *   ever" the wishes page shows. First by the distance relative to the lowest ((best − lowest) / lowest: the % the
 *   page shows before rounding, kept as an integer by SAVING_RATIO_SCALE; a lowest of 0 counts as one minor unit),
 *   then by the amount (best − lowest, the "+3.00" the page shows). 0 means the best price is the lowest ever: those
 *   wishes come first.
 *
 * A wish with nothing to order by (no best price for `price`, no best or lowest price for `saving`) comes after the
 * others in both directions. `-x` is `x` reversed, ties included, those wishes still last. Ties go to the book id: a
 * user wishes a book once, and the position of a book in the order depends on the user and the book alone, so a page
 * can be cut at a book the user has since removed from the wishes, or that has left a filter, and the next page still
 * starts where it should.
 *
 * The SQL statement (adapters/postgres/repositories/sql-wish-order.ts) orders the same way; one case table
 * (test/contracts/rules/wish-order.ts) holds both to it.
 */
export const WISH_SORTS = ['created_at', '-created_at', 'title', '-title', 'price', '-price', 'saving', '-saving'] as const;
export type WishSort = (typeof WISH_SORTS)[number];
export type WishOrderField = 'created_at' | 'title' | 'price' | 'saving';

export interface WishOrder {
  field: WishOrderField;
  descending: boolean;
}

/** Oldest first: the order they were added. */
export const DEFAULT_WISH_ORDER: WishOrder = { field: 'created_at', descending: false };

export function wishOrderOf(sort: WishSort): WishOrder {
  const descending = sort.startsWith('-');
  return { field: (descending ? sort.slice(1) : sort) as WishOrderField, descending };
}

/** The key a page of wishes in this order is cut at (a cursor's key): the wish id by date added, else the book id. */
export function pageKeyOf(order: WishOrder, wish: { id: number; bookId: number }): number {
  return order.field === 'created_at' ? wish.id : wish.bookId;
}

/** The relative distance is kept as an integer: (best − lowest) × 10^24 / lowest, rounded down (exact order below 10^12). */
export const SAVING_RATIO_SCALE = 10n ** 24n;

/** What a book is ordered by for a user: its folded title and, in the user's scope, its best and lowest price (minor units). */
export interface WishSortFacts {
  titleSearch: string;
  bestMinor: bigint | null;
  lowestMinor: bigint | null;
}

/** A wish's place in an order: without a value it is `missing` (last), else by `values`, then by `key`. */
export interface SortPosition {
  missing: boolean;
  values: Array<bigint | string>;
  key: number;
}

/** The distance of the best price from the lowest: relative (scaled by SAVING_RATIO_SCALE) and as an amount. */
export function savingOf(bestMinor: bigint, lowestMinor: bigint): { ratio: bigint; amount: bigint } {
  const amount = bestMinor > lowestMinor ? bestMinor - lowestMinor : 0n;
  return { ratio: (amount * SAVING_RATIO_SCALE) / (lowestMinor > 1n ? lowestMinor : 1n), amount };
}

/** The place of a book in `order` (not for `created_at`, whose place is the wish id alone). */
export function sortPositionOf(order: WishOrder, bookId: number, facts: WishSortFacts): SortPosition {
  switch (order.field) {
    case 'created_at':
      throw new Error('created_at orders by the wish id');
    case 'title':
      return { missing: false, values: [facts.titleSearch], key: bookId };
    case 'price':
      return facts.bestMinor === null ? { missing: true, values: [0n], key: bookId } : { missing: false, values: [facts.bestMinor], key: bookId };
    case 'saving': {
      if (facts.bestMinor === null || facts.lowestMinor === null) return { missing: true, values: [0n, 0n], key: bookId };
      const { ratio, amount } = savingOf(facts.bestMinor, facts.lowestMinor);
      return { missing: false, values: [ratio, amount], key: bookId };
    }
  }
}

/** Negative when `a` comes first in `order`, positive when `b` does, 0 for the same place. */
export function compareSortPositions(order: WishOrder, a: SortPosition, b: SortPosition): number {
  if (a.missing !== b.missing) return a.missing ? 1 : -1;
  const sign = order.descending ? -1 : 1;
  for (let i = 0; i < Math.max(a.values.length, b.values.length); i++) {
    const difference = compareValues(a.values[i] ?? 0n, b.values[i] ?? 0n);
    if (difference !== 0) return sign * difference;
  }
  return sign * Math.sign(a.key - b.key);
}

function compareValues(a: bigint | string, b: bigint | string): number {
  if (typeof a === 'string' && typeof b === 'string') return compareCodePoints(a, b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** By Unicode code point, as PostgreSQL's "C" collation orders UTF-8 text (UTF-16 code units would not, past U+FFFF). */
function compareCodePoints(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const difference = left[i]!.codePointAt(0)! - right[i]!.codePointAt(0)!;
    if (difference !== 0) return Math.sign(difference);
  }
  return Math.sign(left.length - right.length);
}
