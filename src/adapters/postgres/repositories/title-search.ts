import type { PageRequest } from '../../../domain/shared/page.js';
import { planKeyset, whereOf } from '../../kits/sql/keyset.js';
import type { SqlRead } from '../../kits/sql/select-rows.js';
import { toId } from './row-mapping.js';

/**
 * How far a title (or author name) search walks the primary key before it turns to the trigram index. The walk reads rows in
 * key order and stops at a full page, so its cost follows the term's rarity; the trigram index costs what the
 * posting lists of the term's trigrams cost, which is high when they are common ("silent river") even though
 * the term is rare. PostgreSQL's choice between the two rests on a sampled estimate that flips from one
 * ANALYZE to the next, so the choice is made here, from what the walk actually finds.
 */
export interface TitleWalkBudget {
  /** Rows read first; the matches among them estimate how far a full page lies. */
  probeRows: number;
  /** The longest walk worth taking; a page estimated to lie further is read through the index. */
  maxRows: number;
}

export const DEFAULT_TITLE_WALK: TitleWalkBudget = { probeRows: 4_000, maxRows: 50_000 };

/** The probe is a small sample: walk half as far again as it suggests. */
const WALK_MARGIN = 1.5;
/**
 * A probe that finds nothing says little of a term a little rarer than one row in `probeRows`, and for a phrase the
 * index it would turn to can cost far more than a walk: words that are common on their own ("silent river") make a
 * rare phrase of common trigrams (at 10M books its index query took 390 ms, against some 15 ms of walking). So an empty
 * probe of a phrase is followed by one this many times longer (when the budget allows) before the index. A single word
 * goes to the index at once: a word rarer than the probe has rare trigrams too, and searches by an author's name (none
 * in titles) would each pay the longer walk for nothing (about 5 ms at 1M books).
 */
const SECOND_PROBE_FACTOR = 4;

/** A table searched by a folded text column, in the order of its key (the primary key). */
export interface ContainsSearch {
  table: string;
  key: string;
  text: string;
}

const BOOK_TITLES: ContainsSearch = { table: 'book', key: 'book_id', text: 'title_search' };

/**
 * Ids of the first `request.size + 1` books past the page's key whose folded title contains `pattern`
 * (a LIKE pattern), in the page's read order.
 */
export function titleMatches(read: SqlRead, pattern: string, request: PageRequest, budget: TitleWalkBudget): Promise<number[]> {
  return containsMatches(read, BOOK_TITLES, pattern, request, budget);
}

/**
 * Ids of the first `request.size + 1` rows of `search.table` past the page's key whose `search.text` contains
 * `pattern` (a LIKE pattern), in the page's read order: the walk of the key, or the trigram index, as the walk finds.
 */
export async function containsMatches(
  read: SqlRead,
  search: ContainsSearch,
  pattern: string,
  request: PageRequest,
  budget: TitleWalkBudget,
): Promise<number[]> {
  const { table, key, text } = search;
  // Unqualified, so the same condition and order serve the walk, its outer query and the index query.
  const plan = planKeyset(key, 'asc', request);
  const where = whereOf([plan.condition]);

  // The walk's last row in read order is the table's last (`max`, or `min` read backwards) when it reached the end:
  // then it has seen every row past the page's key, and its matches are all there are.
  const last = `(select ${plan.reversed ? 'min' : 'max'}(${key}) from ${table})`;
  const walk = async (rows: number): Promise<Walked> => {
    // The inner limit pins the plan to the primary key: the first `rows` rows past the key, in key order. The row at
    // the table's end comes back too, matching or not, as the last one in read order: the outer limit (one more than
    // the page) keeps it whenever the page is not full.
    const answer = await read(
      `select w.${key}, w.hit, w.${key} = ${last} as at_end
       from (select t.${key}, t.${text} like ? as hit from ${table} t ${where} order by ${plan.orderBy} limit ?) w
       where w.hit or w.${key} = ${last} order by ${plan.orderBy} limit ?`,
      [pattern, ...plan.params, rows, plan.limit + 1],
    );
    const found = answer.filter((r) => r.hit === true).map((r) => toId(r[key]));
    return { found: found.slice(0, plan.limit), ended: answer.some((r) => r.at_end === true) };
  };

  let walked = budget.probeRows;
  let { found, ended } = await walk(walked);
  if (found.length === plan.limit || ended) return found;
  if (found.length === 0 && isPhrase(pattern) && SECOND_PROBE_FACTOR * walked <= budget.maxRows) {
    walked *= SECOND_PROBE_FACTOR;
    ({ found, ended } = await walk(walked));
    if (found.length === plan.limit || ended) return found;
  }
  if (found.length > 0) {
    const estimate = Math.ceil((WALK_MARGIN * walked * plan.limit) / found.length);
    // A phrase estimated past the budget is still walked as far as the budget allows: the estimate rests on a handful
    // of matches (one title in 1,400 for `silent river`: the probe finds 2.8 on average, and with two or fewer — nearly
    // half the time — the estimate passes 50,000 rows), and a phrase's index query costs what the posting lists of its
    // common trigrams cost (135–390 ms at 10M books), against 10–12 ms for the longest walk.
    const rows = estimate <= budget.maxRows ? estimate : isPhrase(pattern) ? budget.maxRows : null;
    if (rows !== null && rows > walked) {
      walked = rows;
      ({ found, ended } = await walk(walked));
      if (found.length === plan.limit || ended) return found;
    }
  }
  // Every match comes through the trigram index (a rare term), then the page; MATERIALIZED keeps PostgreSQL from
  // turning this back into a walk of the primary key.
  const indexed = await read(
    `with m as materialized (select t.${key} from ${table} t where t.${text} like ?)
     select ${key} from m ${where} order by ${plan.orderBy} limit ?`,
    [pattern, ...plan.params, plan.limit],
  );
  return indexed.map((r) => toId(r[key]));
}

/** What a walk of the primary key found: its matches (at most a page), and whether it reached the table's end. */
interface Walked {
  found: number[];
  ended: boolean;
}

/** A LIKE pattern of several words (`%silent river%`): a space inside it. */
function isPhrase(pattern: string): boolean {
  return /\S\s+\S/.test(pattern);
}
