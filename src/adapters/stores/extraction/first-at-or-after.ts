/**
 * In `items` sorted by position, the index of the first whose position is at or after `from` (`items.length` when
 * none is): a binary search, for the positions a scan of the page noted (json-ld-blocks.ts).
 */
export function firstAtOrAfter<T>(items: readonly T[], from: number, positionOf: (item: T) => number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (positionOf(items[middle] as T) < from) low = middle + 1;
    else high = middle;
  }
  return low;
}
