import type { EditionFormat } from '../../../domain/catalog/edition.js';
import type { Availability } from '../../../domain/pricing/price-observation.js';
import { Money } from '../../../domain/shared/money.js';
import type { BestPrice, LowestPrice, PricedWish } from '../../../domain/wishes/wish-prices.js';
import { type Row, toDate, toId } from './row-mapping.js';

/*
 * The user's wishes with their prices, in one statement. A wish's scope: the editions of its book in one of the
 * user's formats and, when the user named readable languages, in one of them (an edition's language is the one it
 * is stored with, guessed by an import or not: the alert detector's rule); quotes in the user's currency; stores
 * the user can buy from (store_sells_to with the effective preferences, as /api/user/stores).
 *
 * Best price: the latest quote (by fetched_at, daily or monthly) of each (edition, store) in scope; out-of-stock
 * ones dropped; the lowest wins, ties going to the freshest quote, then the lowest edition and store id.
 * Lowest price: the lowest amount ever quoted in scope, a monthly quote counting with its month's minimum; ties go
 * to the earliest quote, then the lowest edition and store id.
 *
 * Both read edition_store_price (each pair's latest quote and lowest price, kept by triggers on price_quote), so a
 * wish costs no years of quotes; and each edition's cheapest store comes first in an index (migration 15), so a wish
 * costs one index step per edition and kind rather than a row per (edition, store): the winner is the first of the
 * editions' firsts, by the same order. The wishes are read in keyset order with the best
 * price beside each (so a below_max_price filter leaves pages full); the lowest price is looked up for the page only.
 * The orders by title, price and saving rank every wish of the user with the same pieces (sql-wish-order.ts).
 */

/**
 * The caller's scope, worked out once: currency, formats, readable languages and the stores they can buy from. Shared
 * with the price history (sql-wish-price-history.ts), so both read one scope. Takes the user id as its parameter.
 */
export const READER = `reader as (
  select p.currency, p.formats,
         array(select ul.language_id from user_language ul where ul.user_id = p.user_id) as language_ids,
         array(select s.store_id from store s where store_sells_to(s, p.country, p.currency, p.formats)) as store_ids
  from effective_preferences p where p.user_id = ?
)`;

/** The editions `e` of book `book_id` the reader `r` reads. */
export const readsEdition = (bookId: string): string =>
  `e.book_id = ${bookId} and e.format = any(r.formats)
     and (cardinality(r.language_ids) = 0 or e.language_id = any(r.language_ids))`;

/**
 * The edition `e`'s first summary in the reader's scope by `order`: one step along an index per edition (migration
 * 15), not a row per store. The store test is a filter on purpose (`+ 0`): as an index condition, PostgreSQL 18 sorts
 * the reader's store array again on every one of the page's thousand index scans, which cost more than the scans.
 */
const firstOfEdition = (columns: string, condition: string, order: string): string => `cross join lateral (
      select ${columns} from edition_store_price p
      where p.edition_id = e.edition_id and p.currency = r.currency and p.store_id + 0 = any(r.store_ids)${condition}
      order by ${order}, p.store_id
      limit 1) p`;

/**
 * Wish `w`'s best offer: edition_id, format, store_id, amount_minor, availability, fetched_at (no row without one).
 * Its URL and store name are read for the winner alone (`winnerDetails`), so the editions' steps stay in the index.
 */
export const BEST_OFFER = `select p.edition_id, e.format, p.store_id, p.amount_minor, p.availability, p.fetched_at
      from edition e
      ${firstOfEdition(
        `p.edition_id, p.store_id, p.latest_minor as amount_minor, p.latest_availability as availability,
               p.latest_fetched_at as fetched_at`,
        " and p.latest_availability <> 'out_of_stock'",
        'p.latest_minor, p.latest_fetched_at desc',
      )}
      where ${readsEdition('w.book_id')}
      order by p.amount_minor, p.fetched_at desc, p.edition_id, p.store_id
      limit 1`;

/** The URL and the store name of the best offer of edition `editionId` at store `storeId` (column expressions). */
export const winnerDetails = (editionId: string, storeId: string): { url: string; storeName: string } => ({
  url: `(select u.latest_url from edition_store_price u
                     where u.edition_id = ${editionId} and u.store_id = ${storeId} and u.currency = r.currency)`,
  storeName: `(select s.store_name from store s where s.store_id = ${storeId})`,
});

const BEST_WINNER = winnerDetails('b.edition_id', 'b.store_id');
const BEST = `select b.*, ${BEST_WINNER.url} as url,
                   ${BEST_WINNER.storeName} as store_name
    from (${BEST_OFFER}) b`;

/** Wish `w`'s lowest price ever in scope: edition_id, format, store_id, low_minor, fetched_at (no row without one). */
export const LOWEST = `select p.edition_id, e.format, p.store_id, p.low_minor, p.fetched_at
    from edition e
    ${firstOfEdition('p.edition_id, p.store_id, p.lowest_minor as low_minor, p.lowest_fetched_at as fetched_at', '', 'p.lowest_minor, p.lowest_fetched_at')}
    where ${readsEdition('w.book_id')}
    order by p.low_minor, p.fetched_at, p.edition_id, p.store_id
    limit 1`;

/** The columns pricedWishFromRow reads from a `lowest` row of LOWEST. */
export const LOWEST_COLUMNS = `lowest.edition_id as lowest_edition_id, lowest.format as lowest_format, lowest.store_id as lowest_store_id,
       lowest.low_minor as lowest_minor, lowest.fetched_at as lowest_fetched_at`;

/** True when the wish's max price is in the reader's currency and the best price is at or under it. */
export const BELOW_MAX_PRICE = '(w.max_price_currency = r.currency and best.amount_minor <= w.max_price_minor) is true';

export interface PricedWishQuery {
  /** Conditions on the wish `w` and its best price, with `?` placeholders. */
  filters: Array<[condition: string, params: unknown[]]>;
  /** The keyset condition on `w.wish_id`, or null. */
  keyset: string | null;
  keysetParams: unknown[];
  /** `asc` or `desc`: the order the rows are read in. */
  direction: 'asc' | 'desc';
  limit: number;
}

/** The condition that keeps wishes by their below-max-price state. */
export const belowMaxPriceIs = (value: boolean): [string, unknown[]] => [`(${BELOW_MAX_PRICE}) = ?`, [value]];

/** The condition that keeps wishes whose best price is for an edition in `format` (none without a best price). */
export const bestFormatIs = (format: string): [string, unknown[]] => ['best.format = ?', [format]];

/** One statement: the user's wishes matching the filters, in keyset order, each with its best and lowest price. */
export function pricedWishesStatement(userId: number, query: PricedWishQuery): { sql: string; params: unknown[] } {
  const conditions = ['w.user_id = ?', ...query.filters.map(([c]) => c), ...(query.keyset ? [query.keyset] : [])];
  const sql = `with ${READER},
page as (
  select w.wish_id, w.book_id, w.is_monitored, w.max_price_minor, w.max_price_currency, w.created_at,
         r.currency as reader_currency,
         best.edition_id as best_edition_id, best.format as best_format, best.store_id as best_store_id,
         best.store_name as best_store_name, best.amount_minor as best_minor,
         best.availability as best_availability, best.fetched_at as best_fetched_at, best.url as best_url,
         ${BELOW_MAX_PRICE} as below_max_price
  from wish w cross join reader r
  left join lateral (${BEST}) best on true
  where ${conditions.join(' and ')}
  order by w.wish_id ${query.direction}
  limit ?
)
select w.*, ${LOWEST_COLUMNS}
from page w cross join reader r
left join lateral (${LOWEST}) lowest on true
order by w.wish_id ${query.direction}`;
  const params = [userId, userId, ...query.filters.flatMap(([, p]) => p), ...query.keysetParams, query.limit];
  return { sql, params };
}

export function pricedWishFromRow(row: Row): PricedWish {
  const maxCurrency = row.max_price_currency as string | null;
  const currency = String(row.reader_currency).trim();
  const money = (minor: unknown): Money => Money.fromMinor(BigInt(String(minor)), currency);
  const bestPrice: BestPrice | null =
    row.best_minor === null
      ? null
      : {
          price: money(row.best_minor),
          editionId: toId(row.best_edition_id),
          format: row.best_format as EditionFormat,
          storeId: toId(row.best_store_id),
          storeName: String(row.best_store_name),
          availability: row.best_availability as Availability,
          fetchedAt: toDate(row.best_fetched_at),
          url: String(row.best_url),
        };
  const lowestPrice: LowestPrice | null =
    row.lowest_minor === null
      ? null
      : {
          price: money(row.lowest_minor),
          editionId: toId(row.lowest_edition_id),
          format: row.lowest_format as EditionFormat,
          storeId: toId(row.lowest_store_id),
          fetchedAt: toDate(row.lowest_fetched_at),
        };
  return {
    id: toId(row.wish_id),
    bookId: toId(row.book_id),
    isMonitored: Boolean(row.is_monitored),
    maxPrice:
      maxCurrency === null || row.max_price_minor === null ? null : Money.fromMinor(BigInt(String(row.max_price_minor)), maxCurrency.trim()),
    createdAt: toDate(row.created_at),
    bestPrice,
    lowestPrice,
    belowMaxPrice: Boolean(row.below_max_price),
  };
}
