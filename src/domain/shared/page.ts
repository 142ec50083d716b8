/**
 * Keyset pagination, independent of HTTP: where a page starts and how many rows it holds.
 * `after`/`before` are primary keys of the neighbouring page's edge rows; `last` means the final page.
 */
export type PageWindow =
  | { kind: 'first' }
  | { kind: 'after'; key: number }
  | { kind: 'before'; key: number }
  | { kind: 'last' };

export interface PageRequest {
  window: PageWindow;
  size: number;
}

/** The rows of one page in display order, and whether more rows exist in the direction the page was read. */
export interface PageSlice<T> {
  items: T[];
  hasMore: boolean;
}

export type KeyOrder = 'asc' | 'desc';
