import type { KeyOrder, PageRequest, PageSlice } from '../../../src/domain/shared/page.js';

/**
 * One keyset page over rows held in memory, read the way the SQL repositories read it: rows ordered by their key
 * (`asc` or `desc`), the `size` rows after or before a key (or at either end), and whether more rows lie in the
 * direction the page was read.
 */
export function keysetPage<T>(rows: readonly T[], keyOf: (row: T) => number, order: KeyOrder, request: PageRequest): PageSlice<T> {
  const sign = order === 'asc' ? 1 : -1;
  const ordered = [...rows].sort((a, b) => sign * (keyOf(a) - keyOf(b)));
  const comesAfter = (row: T, key: number) => sign * (keyOf(row) - key) > 0;
  const comesBefore = (row: T, key: number) => sign * (keyOf(row) - key) < 0;
  const window = request.window;
  switch (window.kind) {
    case 'first':
      return forward(ordered, request.size);
    case 'after':
      return forward(
        ordered.filter((row) => comesAfter(row, window.key)),
        request.size,
      );
    case 'before':
      return backward(
        ordered.filter((row) => comesBefore(row, window.key)),
        request.size,
      );
    case 'last':
      return backward(ordered, request.size);
  }
}

function forward<T>(rows: T[], size: number): PageSlice<T> {
  return { items: rows.slice(0, size), hasMore: rows.length > size };
}

function backward<T>(rows: T[], size: number): PageSlice<T> {
  return { items: rows.slice(Math.max(0, rows.length - size)), hasMore: rows.length > size };
}
