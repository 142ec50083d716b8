import type { EntityManager } from '@mikro-orm/postgresql';
import type { KeyOrder, PageRequest, PageSlice } from '../../../domain/shared/page.js';
import { selectRows, type SqlRead } from './select-rows.js';

export interface KeysetPlan {
  /** Extra condition on the key, with `?` placeholders; null on first/last pages. */
  condition: string | null;
  params: number[];
  orderBy: string;
  limit: number;
  /** Rows were read against display order (prev/last pages) and must be reversed. */
  reversed: boolean;
}

/**
 * Plans a keyset read: a page is "the next `size` rows after (or before) a key", never an OFFSET,
 * so the cost of a page does not depend on its depth. One extra row tells whether more exist.
 */
export function planKeyset(keyColumn: string, order: KeyOrder, request: PageRequest): KeysetPlan {
  const forward = order === 'asc' ? 'asc' : 'desc';
  const backward = order === 'asc' ? 'desc' : 'asc';
  const after = order === 'asc' ? '>' : '<';
  const before = order === 'asc' ? '<' : '>';
  const limit = request.size + 1;
  const w = request.window;
  switch (w.kind) {
    case 'first':
      return { condition: null, params: [], orderBy: `${keyColumn} ${forward}`, limit, reversed: false };
    case 'after':
      return { condition: `${keyColumn} ${after} ?`, params: [w.key], orderBy: `${keyColumn} ${forward}`, limit, reversed: false };
    case 'before':
      return { condition: `${keyColumn} ${before} ?`, params: [w.key], orderBy: `${keyColumn} ${backward}`, limit, reversed: true };
    case 'last':
      return { condition: null, params: [], orderBy: `${keyColumn} ${backward}`, limit, reversed: true };
  }
}

/** Trims the probe row and restores display order. */
export function sliceOf<T>(rows: T[], plan: KeysetPlan): PageSlice<T> {
  const hasMore = rows.length === plan.limit;
  const items = hasMore ? rows.slice(0, plan.limit - 1) : rows;
  return { items: plan.reversed ? items.reverse() : items, hasMore };
}

/** Builds `where a and b and c` from the non-null conditions. */
export function whereOf(conditions: ReadonlyArray<string | null>): string {
  const present = conditions.filter((c): c is string => c !== null);
  return present.length === 0 ? '' : `where ${present.join(' and ')}`;
}

/** Escapes LIKE wildcards so a user's `%` or `_` matches literally. */
export function likeContains(folded: string): string {
  return `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The text a piece of a likeContains pattern matches: its escapes undone (`\%` is `%`). */
export function likeText(piece: string): string {
  return piece.replace(/\\(.)/g, '$1');
}

export interface PageQuery {
  /** Select list and from clause, e.g. `select w.* from wish w`. */
  selectFrom: string;
  /** Filters with their parameters, joined with `and`. */
  filters: Array<[condition: string, params: unknown[]]>;
  key: string;
  order: KeyOrder;
}

/** Runs one keyset page query and maps its rows, through selectRows or the reads of a session (timed-reads.ts). */
export async function queryPage<T>(
  db: EntityManager | SqlRead,
  query: PageQuery,
  request: PageRequest,
  map: (row: Record<string, unknown>) => T,
): Promise<PageSlice<T>> {
  const plan = planKeyset(query.key, query.order, request);
  const sql = `${query.selectFrom} ${whereOf([...query.filters.map(([c]) => c), plan.condition])} order by ${plan.orderBy} limit ?`;
  const params = [...query.filters.flatMap(([, p]) => p), ...plan.params, plan.limit];
  const rows = typeof db === 'function' ? await db(sql, params) : await selectRows(db, sql, params);
  return sliceOf(rows.map(map), plan);
}
