import type { PageRequest } from '../../../domain/shared/page.js';
import { SAVING_RATIO_SCALE, type WishOrder } from '../../../domain/wishes/wish-order.js';
import type { KeysetPlan } from '../../kits/sql/keyset.js';
import { ALL_NEEDS, BEST_COLUMNS, bestOffer, lowest, LOWEST_COLUMNS, READER, type ReaderNeeds, winnerDetails } from './sql-wish-prices.js';

/*
 * A page of the user's wishes by title, price or saving (domain/wishes/wish-order.ts states the orders; the shared
 * case table test/contracts/rules/wish-order.ts holds this statement to them). These values are worked out when the
 * wishes are read, from the user's scope, so every wish of the user (that passes the filters) is ranked to find a
 * page: a cost bounded by one user's wishes, whatever the page's depth (docs/benchmarks.md, "Best price on a page of
 * wishes"). The cursor holds one key, a book id: the page starts after (or before) that book's place in the order,
 * worked out the same way for the book alone, so the place exists even when the wish was removed or left a filter.
 */

/**
 * How an order is written in SQL over wish `w`, reader `r`, its best offer `best`, its lowest `lowest`, its book `b`.
 * Prices are compared in the reader's currency (`user_minor`: converted when the user converts currencies).
 */
interface OrderSql {
  /** True when the wish has nothing to be ordered by (it comes last in both directions). */
  missing: string;
  /** The values compared in turn (constant when `missing`), before the book id. */
  values: string[];
  /** The best offer is needed to rank the wishes (else it is read for the page only, unless a filter needs it). */
  ranksByBest: boolean;
  /** The lowest price is needed to rank the wishes (else it is read for the page only). */
  ranksByLowest: boolean;
  /** The book row `b` is needed. */
  readsBook: boolean;
}

const SAVING_AMOUNT = 'greatest(best.user_minor - lowest.user_low_minor, 0)';

function orderSqlOf(order: WishOrder): OrderSql {
  switch (order.field) {
    case 'title':
      // Byte order of UTF-8, i.e. code point order, as the domain compares.
      return { missing: 'false', values: ['b.title_search collate "C"'], ranksByBest: false, ranksByLowest: false, readsBook: true };
    case 'price':
      return { missing: 'best.user_minor is null', values: ['coalesce(best.user_minor, 0)'], ranksByBest: true, ranksByLowest: false, readsBook: false };
    case 'saving':
      return {
        missing: '(best.user_minor is null or lowest.user_low_minor is null)',
        values: [
          // (best − lowest) × scale / lowest, rounded down; a lowest of 0 counts as 1 (the domain's savingOf).
          `coalesce(div(${SAVING_AMOUNT}::numeric * ${SAVING_RATIO_SCALE}, greatest(lowest.user_low_minor, 1)), 0)`,
          `coalesce(${SAVING_AMOUNT}, 0)`,
        ],
        ranksByBest: true,
        ranksByLowest: true,
        readsBook: false,
      };
    case 'created_at':
      throw new Error('created_at is read in wish id order (pricedWishesStatement)');
  }
}


/** The place columns: `sort_missing`, `sort_0`, `sort_1`, … */
function placeColumns(sql: OrderSql): string {
  return [`(${sql.missing}) as sort_missing`, ...sql.values.map((v, i) => `${v} as sort_${i}`)].join(', ');
}

/** `(q.sort_0, …, q.book_id)` */
const placeTuple = (sql: OrderSql, alias: string): string => `(${[...sql.values.map((_, i) => `${alias}.sort_${i}`), `${alias}.book_id`].join(', ')})`;

const lines = (...parts: Array<string | false>): string => parts.filter(Boolean).join('\n  ');

export interface SortedWishesStatement {
  sql: string;
  params: unknown[];
  /** How to turn the rows into the page (sliceOf). */
  plan: KeysetPlan;
}

/** Conditions on the wish `w` and its best offer `best`, with `?` placeholders. */
export interface SortedWishesFilters {
  conditions: Array<[condition: string, params: unknown[]]>;
  /** Some condition reads the best offer (below_max_price, format): it is then worked out for every wish. */
  readBest: boolean;
}

/**
 * One statement: the user's wishes matching `filters` ranked by `order`, the page after or before the key's book (or
 * at either end), each with its best and lowest price, as pricedWishFromRow reads them. What ranking does not need is
 * read for the page alone (a title order without a price filter reads 101 best offers, not one per wish).
 */
export function sortedWishesStatement(
  userId: number,
  filters: SortedWishesFilters,
  order: WishOrder,
  request: PageRequest,
  needs: ReaderNeeds = ALL_NEEDS,
): SortedWishesStatement {
  const sql = orderSqlOf(order);
  const BEST_JOIN = `left join lateral (${bestOffer(needs)}) best on true`;
  const LOWEST_JOIN = `left join lateral (${lowest(needs)}) lowest on true`;
  const bestRanked = sql.ranksByBest || filters.readBest;
  const w = request.window;
  // prev and last pages are read against the display order, then reversed; wishes without a value stay last.
  const reversed = w.kind === 'before' || w.kind === 'last';
  const valuesDescending = order.descending !== reversed;
  const direction = valuesDescending ? 'desc' : 'asc';
  const readOrder = (alias: string): string =>
    [`${alias}.sort_missing ${reversed ? 'desc' : 'asc'}`, ...sql.values.map((_, i) => `${alias}.sort_${i} ${direction}`), `${alias}.book_id ${direction}`].join(', ');

  const keyed = w.kind === 'after' || w.kind === 'before';
  // After the key in the order read: a later group, or the same group and further along the values.
  const further = valuesDescending ? '<' : '>';
  const laterGroup = reversed ? '<' : '>';
  const keyCondition = `(q.sort_missing ${laterGroup} k.sort_missing
      or (q.sort_missing = k.sort_missing and ${placeTuple(sql, 'q')} ${further} ${placeTuple(sql, 'k')}))`;
  // The key's place, worked out for its book alone: what the order reads, nothing else.
  const keyPlace = `,
key_place as (
  select ${placeColumns(sql)}, w.book_id
  from (select ?::bigint as book_id) w cross join reader r
  ${lines(sql.ranksByBest && BEST_JOIN, sql.ranksByLowest && LOWEST_JOIN, sql.readsBook && 'join book b on b.book_id = w.book_id')}
)`;
  const winner = bestRanked
    ? winnerDetails('w.best_edition_id', 'w.best_store_id', 'w.best_currency')
    : winnerDetails('best.edition_id', 'best.store_id', 'best.currency');

  const text = `with ${READER},
ranked as (
  select ${lines(
    'w.wish_id, w.book_id, w.is_monitored, w.max_price_minor, w.max_price_currency, w.created_at, r.currency as reader_currency,',
    'w.alert_drop_percent, w.alert_lowest_days,',
    bestRanked && `${BEST_COLUMNS},`,
    sql.ranksByLowest && `${LOWEST_COLUMNS},`,
    placeColumns(sql),
  )}
  from wish w cross join reader r
  ${lines(bestRanked && BEST_JOIN, sql.ranksByLowest && LOWEST_JOIN, sql.readsBook && 'join book b on b.book_id = w.book_id')}
  where ${['w.user_id = ?', ...filters.conditions.map(([c]) => c)].join(' and ')}
)${keyed ? keyPlace : ''},
page as (
  select q.* from ranked q${keyed ? ` cross join key_place k\n  where ${keyCondition}` : ''}
  order by ${readOrder('q')}
  limit ?
)
select ${lines(
    'w.*,',
    !bestRanked && `${BEST_COLUMNS},`,
    !sql.ranksByLowest && `${LOWEST_COLUMNS},`,
    `${winner.url} as best_url, ${winner.storeName} as best_store_name`,
  )}
from page w cross join reader r
${lines(!bestRanked && BEST_JOIN, !sql.ranksByLowest && LOWEST_JOIN)}
order by ${readOrder('w')}`;

  const limit = request.size + 1;
  const params = [userId, userId, ...filters.conditions.flatMap(([, p]) => p), ...(keyed ? [w.key] : []), limit];
  return { sql: text, params, plan: { condition: null, params: [], orderBy: readOrder('w'), limit, reversed } };
}
