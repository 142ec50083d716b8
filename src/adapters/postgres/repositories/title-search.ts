import type { PageRequest } from '../../../domain/shared/page.js';
import { planKeyset, whereOf } from '../../kits/sql/keyset.js';
import type { SqlRead } from '../../kits/sql/select-rows.js';
import { toId } from './row-mapping.js';
import { titleMatchesByWords } from './title-words.js';

/**
 * How far a walk of a table's primary key goes before it turns to the table's index (for author names, the names'
 * trigram index; book titles have the title words instead, and walk only for terms those cannot answer, their last
 * resort a scan). The walk reads rows in key order and stops at a full page, so its cost follows the term's rarity;
 * the trigram index costs what the posting lists of the term's trigrams cost, which is high when they are common
 * ("silent river") even though the term is rare. PostgreSQL's choice between the two rests on a sampled estimate that
 * flips from one ANALYZE to the next, so the choice is made here, from what the walk actually finds.
 */
export interface TitleWalkBudget {
  /** Rows read first; the matches among them estimate how far a full page lies. */
  probeRows: number;
  /** The longest walk worth taking; a page estimated to lie further is read through the index. */
  maxRows: number;
}

export const DEFAULT_TITLE_WALK: TitleWalkBudget = { probeRows: 4_000, maxRows: 50_000 };

/**
 * The walk goes on from where it stopped, as far as the matches found so far say the page's remaining rows lie, and this
 * much further: a shorter step costs one more statement, a longer one rows read for nothing.
 */
const WALK_MARGIN = 1.25;
/**
 * A probe that finds nothing says little of a term a little rarer than one row in `probeRows`, and for a phrase the
 * index it would turn to can cost far more than a walk: words that are common on their own ("silent river") make a
 * rare phrase of common trigrams (at 10M books its index query took 390 ms, against some 15 ms of walking). So an empty
 * probe of a phrase is followed by a walk this many times longer in all (when the budget allows) before the index. A
 * single word goes to the index at once: a word rarer than the probe has rare trigrams too, and searches by an author's
 * name (none in titles) would each pay the longer walk for nothing (about 5 ms at 1M books).
 */
const SECOND_PROBE_FACTOR = 4;

/** A table searched by a folded text column, in the order of its key (the primary key). */
export interface ContainsSearch {
  table: string;
  key: string;
  text: string;
}

export const BOOK_TITLES: ContainsSearch = { table: 'book', key: 'book_id', text: 'title_search' };

/**
 * Ids of the first `request.size + 1` books past the page's key whose folded title contains `pattern`
 * (a LIKE pattern), in the page's read order: from the title words (title-words.ts) when the term has a piece to read
 * them by, else by walking the book table (its "index" then a scan: a term without three letters or digits in a row
 * has no trigram for an index to narrow by, and a fragment inside more than a thousand words is common enough to fill
 * a page within the walk).
 */
export async function titleMatches(read: SqlRead, pattern: string, request: PageRequest, budget: TitleWalkBudget): Promise<number[]> {
  return (await titleMatchesByWords(read, pattern, request)) ?? containsMatches(read, BOOK_TITLES, pattern, request, budget);
}

/**
 * Ids of the first `request.size + 1` rows of `search.table` past the page's key whose `search.text` contains
 * `pattern` (a LIKE pattern), in the page's read order: walks of the key, each going on where the last stopped, or the
 * table's trigram index (a scan where there is none), as the walks find.
 */
export async function containsMatches(
  read: SqlRead,
  search: ContainsSearch,
  pattern: string,
  request: PageRequest,
  budget: TitleWalkBudget,
): Promise<number[]> {
  const limit = request.size + 1;
  const phrase = isPhrase(pattern);
  const found: number[] = [];
  let walked = 0;
  let rows = budget.probeRows;
  while (rows > 0) {
    const step = await walkOn(read, search, pattern, request, { skip: walked, rows, wanted: limit - found.length });
    walked += rows;
    found.push(...step.found);
    if (found.length === limit || step.ended) return found;
    rows = nextWalk(found.length, walked, limit, phrase, budget);
  }
  return indexMatches(read, search, pattern, request);
}

/**
 * How many more rows to walk, or 0 to turn to the index: as far as the rate of matches so far says the page's remaining
 * rows lie (a probe's length at least: a step costs a round trip and a skip past the rows already read, so the last
 * match or two are not chased in slivers), when the whole walk stays within the budget. A phrase is walked as far as the budget allows all the same: the
 * estimate rests on a handful of matches (one title in 1,400 for `silent river`: the probe finds 2.8 on average, and
 * with two or fewer — nearly half the time — the estimate passes 50,000 rows), and a phrase's index query costs what the
 * posting lists of its common trigrams cost (135–390 ms at 10M books), against 10–12 ms for the longest walk.
 */
function nextWalk(matches: number, walked: number, limit: number, phrase: boolean, budget: TitleWalkBudget): number {
  const left = budget.maxRows - walked;
  if (matches === 0) return phrase && walked === budget.probeRows ? Math.max(0, Math.min(left, (SECOND_PROBE_FACTOR - 1) * walked)) : 0;
  const estimate = Math.max(budget.probeRows, Math.ceil((WALK_MARGIN * walked * (limit - matches)) / matches));
  if (estimate <= left) return estimate;
  return phrase ? Math.max(0, left) : 0;
}

/** One walk of the key: past the page's key, it skips the rows earlier walks read, reads `rows`, and stops at `wanted` matches. */
interface WalkStep {
  skip: number;
  rows: number;
  wanted: number;
}

/**
 * What a walk found: its first `step.wanted` matches, and whether it reached the table's end (then it has seen every
 * row past the page's key).
 */
async function walkOn(read: SqlRead, search: ContainsSearch, pattern: string, request: PageRequest, step: WalkStep): Promise<Walked> {
  const { table, key, text } = search;
  // Unqualified, so the same condition and order serve the walk and its outer query.
  const plan = planKeyset(key, 'asc', request);
  // A walk going on starts past the last row read before it, found again in the primary key alone (an index-only scan
  // of the rows skipped costs a tenth of walking them again, and no statement of its own).
  const start =
    step.skip === 0
      ? { condition: plan.condition, params: plan.params }
      : {
          condition: `${key} ${plan.reversed ? '<' : '>'} (select ${key} from ${table} ${whereOf([plan.condition])} order by ${plan.orderBy} offset ? limit 1)`,
          params: [...plan.params, step.skip - 1],
        };
  // The walk's last row in read order is the table's last (`max`, or `min` read backwards) when it reached the end.
  const last = `(select ${plan.reversed ? 'min' : 'max'}(${key}) from ${table})`;
  // The inner limit pins the plan to the primary key: the next `rows` rows, in key order, read as a stream that the outer
  // limit stops at the last match wanted. The row at the table's end comes back too, matching or not, after every match:
  // the outer limit keeps it whenever fewer matches are found.
  const answer = await read(
    `select w.${key}, w.hit, w.${key} = ${last} as at_end
     from (select t.${key}, t.${text} like ? as hit from ${table} t ${whereOf([start.condition])} order by ${plan.orderBy} limit ?) w
     where w.hit or w.${key} = ${last} order by ${plan.orderBy} limit ?`,
    [pattern, ...start.params, step.rows, step.wanted],
  );
  const found = answer.filter((r) => r.hit === true).map((r) => toId(r[key]));
  return { found, ended: answer.some((r) => r.at_end === true) };
}

/**
 * Every match through the trigram index (a rare term), then the page; MATERIALIZED keeps PostgreSQL from turning this
 * back into a walk of the primary key.
 */
async function indexMatches(read: SqlRead, search: ContainsSearch, pattern: string, request: PageRequest): Promise<number[]> {
  const { table, key, text } = search;
  const plan = planKeyset(key, 'asc', request);
  const indexed = await read(
    `with m as materialized (select t.${key} from ${table} t where t.${text} like ?)
     select ${key} from m ${whereOf([plan.condition])} order by ${plan.orderBy} limit ?`,
    [pattern, ...plan.params, plan.limit],
  );
  return indexed.map((r) => toId(r[key]));
}

/** What a walk of the primary key found: its first matches wanted, and whether it reached the table's end. */
interface Walked {
  found: number[];
  ended: boolean;
}

/** A LIKE pattern of several words (`%silent river%`): a space inside it. */
function isPhrase(pattern: string): boolean {
  return /\S\s+\S/.test(pattern);
}
