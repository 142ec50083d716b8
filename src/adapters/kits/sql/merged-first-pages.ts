import type { PageRequest } from '../../../domain/shared/page.js';
import { planKeyset } from './keyset.js';
import type { SqlRead } from './select-rows.js';

/** Whose rows are paged: each row of `owners` (a row source with its alias) owns the rows of `table` that `owned` picks. */
export interface MergedPagesOf {
  /** A row source naming each owner once or more, e.g. `unnest(?::text[]) as v(word)`. */
  owners: string;
  /** The paged table with its alias, e.g. `author_word aw`. */
  table: string;
  /** The condition tying a row of the table to its owner, e.g. `aw.word = v.word`. */
  owned: string;
  /** The table's alias and its key column, ascending, e.g. `aw` and `author_id`. */
  alias: string;
  key: string;
  params: readonly unknown[];
}

/**
 * The keys of the first `request.size + 1` rows past the page's key owned by any of a few owners, in the page's read
 * order, each once: the first page of each owner's rows (one descent of an index on the owner and key each), merged.
 * For owners with many rows each (an author's books, a word's authors), instead of reading every row of every owner
 * and sorting them.
 */
export async function mergedFirstPages(read: SqlRead, request: PageRequest, of: MergedPagesOf): Promise<unknown[]> {
  const { sql, params } = mergedFirstPagesSql(request, of);
  const found = await read(sql, params);
  return found.map((row) => row[of.key]);
}

/** mergedFirstPages' statement, to read or to nest (its rows: the keys, as column `of.key`, in the page's read order). */
export function mergedFirstPagesSql(request: PageRequest, of: MergedPagesOf): { sql: string; params: unknown[] } {
  const each = planKeyset(`${of.alias}.${of.key}`, 'asc', request);
  const merged = planKeyset(`x.${of.key}`, 'asc', request);
  return {
    sql: `select x.${of.key} from ${of.owners}
     cross join lateral (select ${of.alias}.${of.key} from ${of.table} where ${of.owned} ${each.condition ? `and ${each.condition}` : ''}
       order by ${each.orderBy} limit ?) x
     group by x.${of.key} order by ${merged.orderBy} limit ?`,
    params: [...of.params, ...each.params, each.limit, merged.limit],
  };
}
