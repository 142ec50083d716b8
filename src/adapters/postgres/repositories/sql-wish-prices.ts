import type { EditionFormat } from '../../../domain/catalog/edition.js';
import type { Availability } from '../../../domain/pricing/price-observation.js';
import { deliveredPrice } from '../../../domain/pricing/shipping.js';
import { Money } from '../../../domain/shared/money.js';
import { type BestPrice, type BestPriceConversion, type Conversion, isBelowMaxPrice, type LowestPrice, type PricedWish } from '../../../domain/wishes/wish-prices.js';
import { type Row, toDate, toId } from './row-mapping.js';
import { belowMaxPriceSql } from './sql-below-max-price.js';
import { byMinorFactorSql, calendarRatesSql, minorDigitsSql, minorFactorFloorSql, utcDaySql } from './sql-currency-conversion.js';
import { shippingMinorSql, shippingRulesSql } from './sql-shipping.js';

/*
 * The user's wishes with their prices, in one statement: the SQL twin of the price scope stated in
 * domain/wishes/price-scope.ts (the case table test/contracts/rules/best-price-scope.ts holds the two equal); a wish's
 * belowMaxPrice is the domain's isBelowMaxPrice of its best price. A wish's scope: the editions of its book in one of the
 * user's formats and, when the user named readable languages, in one of them (an edition's language is the one it
 * is stored with, guessed by an import or not: the alert detector's rule); stores the user can buy from (store_sells_to
 * with the effective preferences, as /api/user/stores; whatever their currency when the user converts); quotes in the
 * user's currency, or, when the user converts (C11.4), in any currency with a usable rate of their day
 * (sql-currency-conversion.ts).
 *
 * Best price: the latest quote (by fetched_at, daily or monthly) of each (edition, store, currency) in scope;
 * out-of-stock ones dropped; the lowest delivered price in the user's currency wins (C11.5: the amount plus shipping to
 * the user's country, converted at the quote's rate; the amount alone when shipping is unknown), ties going to the
 * freshest quote, then the lowest edition and store id.
 * Lowest price: each (edition, store, currency)'s lowest amount ever, a monthly quote counting with its month's
 * minimum, converted at its quote's day; the lowest in the user's currency wins, ties going to the earliest quote, then
 * the lowest edition and store id.
 *
 * Both read edition_store_price (each pair's latest quote and lowest price, kept by triggers on price_quote), so a
 * wish costs no years of quotes; each summary carries its edition's book, format and language (migration 25), so the
 * book's cheapest offer in a currency comes first along one index: a wish costs one index step per kind and currency,
 * whatever its number of editions and stores. Shipping makes the winner depend on the store, but never below its
 * amount: the first offer's delivered price bounds the winner, and only the reader's-currency offers at or under it
 * are read and valued. A reader who converts pays one more step per other currency of their stores, read only up to
 * what the lowest rate of any day could bring under the bound (`rate_floors`), each of those converted at its day's
 * rate. The wishes are read in keyset order with the best
 * price beside each (so a below_max_price filter leaves pages full); the lowest price is looked up for the page only.
 * The orders by title, price and saving rank every wish of the user with the same pieces (sql-wish-order.ts).
 */

/** A store `s` whose quotes count for the effective preferences `p` (storeInPriceScope, domain/wishes/user-stores.ts). */
const STORE_IN_SCOPE = 'store_sells_to(s, p.country, case when p.convert_currencies then s.currency else p.currency end, p.formats)';

/**
 * The caller's scope, worked out once: currency (and its minor digits), country, whether they convert, formats,
 * readable languages, the stores whose quotes count (and their names, `store_names`: store id → name, so a winner's
 * name costs no read of the store table), those stores' shipping to the reader (`ships`: store id →
 * the store's currency and its charges to the reader's country, else to `*`; stores that say nothing are absent), and,
 * for a reader who converts, each other currency of their stores with a lower bound of what its minor unit is worth in
 * theirs on any day (`rate_floors`: currency → factor; a currency without rates is absent, its quotes convert never).
 * Beside it, `reader_rates`: the rate of every day from each of those currencies into the reader's (calendarRatesSql:
 * currency, day, rate, rate_date, minor_factor), which converted rows join by equality — one hash per statement,
 * built only when a row needs it. Shared with the price history (sql-wish-price-history.ts), so both read one scope.
 * Takes the user id as its parameter.
 */
export const READER = `reader as (
  select p.currency, p.formats, p.country, p.convert_currencies as converts, ${minorDigitsSql('p.currency')} as digits,
         array(select ul.language_id from user_language ul where ul.user_id = p.user_id) as language_ids,
         array(select s.store_id from store s where ${STORE_IN_SCOPE}) as store_ids,
         (select jsonb_object_agg(s.store_id::text, s.store_name) from store s where ${STORE_IN_SCOPE}) as store_names,
         coalesce((select jsonb_object_agg(s.store_id::text, jsonb_build_object('currency', s.currency, 'rules', ${shippingRulesSql('s', 'p.country')}))
                   from store s where ${STORE_IN_SCOPE} and ${shippingRulesSql('s', 'p.country')} is not null), '{}') as ships,
         case when p.convert_currencies then coalesce((
           select jsonb_object_agg(c.currency, c.factor) from (
             select o.currency, ${minorFactorFloorSql('o.currency', 'p.currency', minorDigitsSql('p.currency'))} as factor
             from (select distinct s.currency from store s where ${STORE_IN_SCOPE} and s.currency <> p.currency) o) c
           where c.factor is not null), '{}') else '{}' end as rate_floors
  from effective_preferences p where p.user_id = ?
),
reader_rates as materialized (
  ${calendarRatesSql('select o.currency::char(3) as from_currency, r.currency as to_currency, r.digits as to_digits from reader r cross join jsonb_object_keys(r.rate_floors) as o(currency)')}
)`;

/**
 * What a reader's prices must work out beyond the index's cheapest quote per book: conversion (C11.4: every
 * currency's rows, each with its rate) and shipping (C11.5: the rows a delivered price may undercut). A reader who
 * converts nothing and buys only at stores that state no shipping to them gets the one-step-per-book statement;
 * each statement is built for what its reader needs, so nobody pays to plan or run what does not apply to them.
 */
export interface ReaderNeeds {
  converts: boolean;
  ships: boolean;
}

/** Every part: the statement that is right for any reader (the case tables play it too). */
export const ALL_NEEDS: ReaderNeeds = { converts: true, ships: true };

/** The reader's needs, read before their statement is built. Takes the user id as its parameter. */
export const READER_NEEDS = `select p.convert_currencies as converts,
       exists (select 1 from store s where ${STORE_IN_SCOPE} and ${shippingRulesSql('s', 'p.country')} is not null) as ships
  from effective_preferences p where p.user_id = ?`;

/** The editions `e` of book `book_id` the reader `r` reads. */
export const readsEdition = (bookId: string): string =>
  `e.book_id = ${bookId} and e.format = any(r.formats)
     and (cardinality(r.language_ids) = 0 or e.language_id = any(r.language_ids))`;

/**
 * The summaries `p` of book `bookId` in `currency` that count for the reader `r`: an edition they read (the summary
 * carries its edition's book, format and language: migration 25), at a store they buy from. Along the book's index
 * (book_id, currency, then the price order) the rest are filters on the index's own columns, so the first row in
 * scope is a few index entries away. The store test stays a filter on purpose (`+ 0`): as an index condition,
 * PostgreSQL 18 sorts the reader's store array again on every one of the page's index scans.
 */
const summariesInScope = (bookId: string, currency: string): string =>
  `p.book_id = ${bookId} and p.currency = ${currency} and p.format = any(r.formats)
          and (cardinality(r.language_ids) = 0 or p.language_id = any(r.language_ids)) and p.store_id + 0 = any(r.store_ids)`;

const MAX_BIGINT = '9223372036854775807';

/**
 * Wish `w`'s summaries in the reader's other currencies (`rate_floors`) whose `amount` column, converted, could still
 * be at or under `bound` (minor units of the reader's currency; null: no bound): one index range per currency, cut
 * where even the lowest rate of any day would put the amount over the bound (a converted amount is rounded half up,
 * hence the half unit; a bigint, so the range is an index condition). `offset 0` keeps the scan a step per currency: pulled up into the join, PostgreSQL guesses a
 * hundred currencies and hashes the book's rows instead of reading the ranges.
 */
const othersInScope = (columns: string, amount: string, bound: string, condition: string): string => `
        select p.*
        from jsonb_each_text(r.rate_floors) as c(currency, factor)
        cross join lateral (
          select ${columns} from edition_store_price p
          where ${summariesInScope('w.book_id', 'c.currency::char(3)')}${condition}
            and ${amount} <= coalesce(least(floor((${bound} + 0.5) / nullif(greatest(c.factor::numeric, 0), 0)), ${MAX_BIGINT})::bigint, ${MAX_BIGINT})
          offset 0) p`;

const OFFER_COLUMNS = `p.edition_id, p.format, p.store_id, p.currency, p.latest_minor as amount_minor,
               p.latest_availability as availability, p.latest_fetched_at as fetched_at`;
const IN_STOCK = " and p.latest_availability <> 'out_of_stock'";
/** The best price's order (the book's index order after its currency). */
const BEST_ORDER = 'p.latest_minor, p.latest_fetched_at desc, p.edition_id, p.store_id';

/**
 * Row `p`'s rate into the reader's currency for a quote fetched at `at` (`x.rate`, `x.rate_date`, `x.minor_factor`;
 * null when none, or when the row is in the reader's currency): its day's row of `reader_rates`.
 */
const rateOf = (at: string): string => `left join reader_rates x on x.currency = p.currency and x.day = ${utcDaySql(at)}`;

/** `minor` (of row `p`'s currency) in the reader's currency: itself, or converted at `x.rate`; null without a rate. */
const inReaderCurrency = (minor: string): string =>
  `case when p.currency = r.currency then ${minor} when x.minor_factor is not null then ${byMinorFactorSql(minor, 'x.minor_factor')} end`;

/** Row `p`'s store's shipping entry in the reader's `ships`. */
const SHIP = "(r.ships -> p.store_id::text)";
/** Shipping to the reader of offer row `p`, in its currency (null: unknown). */
const SHIPPING_OF_P = shippingMinorSql(`(${SHIP} -> 'rules')`, 'p.amount_minor', 'p.currency', `(${SHIP} ->> 'currency')`);

/**
 * An offer row `p` (store_id, currency, amount_minor, fetched_at), valued for the reader `r` (`offset 0`: its amount and
 * shipping worked out once per row, not again in every expression that uses them): `x` its
 * rate, `v.user_minor` its amount in the reader's currency (null: no usable rate), `v.shipping_minor` shipping to the
 * reader's country in the quote's currency (null: unknown), `v.user_shipping_minor` the same in the reader's
 * currency, and `v.ranking_minor` what ranks it.
 */
const VALUED = `${rateOf('p.fetched_at')}
      cross join lateral (select ${inReaderCurrency('p.amount_minor')} as user_minor, ${SHIPPING_OF_P} as shipping_minor offset 0) u
      cross join lateral (select u.user_minor, u.shipping_minor, ${inReaderCurrency('u.shipping_minor')} as user_shipping_minor) v0
      cross join lateral (select v0.*, v0.user_minor + coalesce(v0.user_shipping_minor, 0) as ranking_minor) v`;

/** VALUED for a reader who converts nothing: every row is in their currency already. */
const VALUED_IN_READER_CURRENCY = `cross join lateral (select null::numeric as rate, null::date as rate_date) x
      cross join lateral (select p.amount_minor as user_minor, ${SHIPPING_OF_P} as shipping_minor) u
      cross join lateral (select u.user_minor, u.shipping_minor, u.shipping_minor as user_shipping_minor) v0
      cross join lateral (select v0.*, v0.user_minor + coalesce(v0.user_shipping_minor, 0) as ranking_minor) v`;

/** Wish `w`'s first offer in the reader's currency and scope: one step along the book's index. */
const FIRST_OFFER = `select ${OFFER_COLUMNS} from edition_store_price p
        where ${summariesInScope('w.book_id', 'r.currency')}${IN_STOCK}
        order by ${BEST_ORDER}
        limit 1`;

/** Wish `w`'s best offer when neither conversion nor shipping applies: the first offer. */
const CHEAPEST_FIRST = `select p.*, null::numeric as rate, null::date as rate_date, p.amount_minor as user_minor,
             null::bigint as shipping_minor, null::bigint as user_shipping_minor, p.amount_minor as ranking_minor
      from (${FIRST_OFFER}) p`;

/**
 * Wish `w`'s best offer: edition_id, format, store_id, currency, amount_minor, availability, fetched_at, rate,
 * rate_date, user_minor, shipping_minor, user_shipping_minor, ranking_minor (no row without one). Its URL and store name
 * are read for the winner alone (`winnerDetails`). The first offer in the reader's currency bounds the winner's
 * ranking amount (`bound`, its delivered price: no offer ranks under its own amount), so only the offers at or under
 * it are read and valued — in the reader's currency one range of the book's index, in each other currency the range
 * its lowest rate allows.
 */
export function bestOffer(needs: ReaderNeeds): string {
  if (!needs.converts && !needs.ships) return CHEAPEST_FIRST;
  return `with bound as (
        select p.amount_minor + coalesce(${SHIPPING_OF_P}, 0) as b from (${FIRST_OFFER}) p
      ),
      offers as (
        select ${OFFER_COLUMNS}
        from bound cross join edition_store_price p
        where ${summariesInScope('w.book_id', 'r.currency')}${IN_STOCK} and p.latest_minor <= bound.b${
          needs.converts
            ? `
        union all${othersInScope(OFFER_COLUMNS, 'p.latest_minor', '(select b from bound)', IN_STOCK)}`
            : ''
        }
      )
      select p.edition_id, p.format, p.store_id, p.currency, p.amount_minor, p.availability, p.fetched_at,
             x.rate, x.rate_date, v.user_minor, v.shipping_minor, v.user_shipping_minor, v.ranking_minor
      from offers p
      ${needs.converts ? VALUED : VALUED_IN_READER_CURRENCY}
      where v.user_minor is not null
      order by v.ranking_minor, p.fetched_at desc, p.edition_id, p.store_id
      limit 1`;
}

/** The URL and the store name of the best offer of edition `editionId` at store `storeId` in `currency` (column expressions; reader `r`). */
export const winnerDetails = (editionId: string, storeId: string, currency: string): { url: string; storeName: string } => ({
  url: `(select u.latest_url from edition_store_price u
                     where u.edition_id = ${editionId} and u.store_id = ${storeId} and u.currency = ${currency})`,
  storeName: `(r.store_names ->> ${storeId}::text)`,
});

const BEST_WINNER = winnerDetails('b.edition_id', 'b.store_id', 'b.currency');
const best = (needs: ReaderNeeds): string => `select b.*, ${BEST_WINNER.url} as url,
                   ${BEST_WINNER.storeName} as store_name
    from (${bestOffer(needs)}) b`;

const LOW_COLUMNS = 'p.edition_id, p.format, p.store_id, p.currency, p.lowest_minor as low_minor, p.lowest_fetched_at as fetched_at';

/** Wish `w`'s lowest price ever in the reader's currency and scope: one step along the book's lowest-price index. */
const FIRST_LOW = `select ${LOW_COLUMNS} from edition_store_price p
      where ${summariesInScope('w.book_id', 'r.currency')}
      order by p.lowest_minor, p.lowest_fetched_at, p.edition_id, p.store_id
      limit 1`;

/**
 * Wish `w`'s rows that may hold its lowest price ever in scope (edition_id, format, store_id, currency, low_minor,
 * fetched_at): the lowest in the reader's currency and, for a reader who converts, the other currencies' rows it bounds
 * (those that, converted at the lowest rate of any day, could come under it).
 */
function lowestCandidates(needs: ReaderNeeds): string {
  if (!needs.converts) return FIRST_LOW;
  return `with first as materialized (${FIRST_LOW})
      select * from first
      union all${othersInScope(LOW_COLUMNS, 'p.lowest_minor', '(select f.low_minor from first f)', '')}`;
}

/**
 * Candidate `p`'s lowest price in the reader's currency, `l.user_low_minor` (null: no usable rate), after its rate `x`.
 * `offset 0` keeps it one computation per row: pulled up, PostgreSQL would repeat it in the filter, the sort and the
 * output.
 */
const LOW_VALUED = `cross join lateral (select ${inReaderCurrency('p.low_minor')} as user_low_minor offset 0) l`;
const LOW_COLUMNS_VALUED = 'p.edition_id, p.format, p.store_id, p.currency, p.low_minor, p.fetched_at, x.rate, x.rate_date, l.user_low_minor';
/** The lowest price's order: the lowest in the reader's currency, ties to the earliest quote, then edition and store. */
const LOW_ORDER = 'l.user_low_minor, p.fetched_at, p.edition_id, p.store_id';

/**
 * Wish `w`'s lowest price ever in scope: edition_id, format, store_id, currency, low_minor, fetched_at, rate,
 * rate_date, user_low_minor (no row without one). For a reader who converts, the lowest in their currency bounds the
 * other currencies' rows that are read and converted.
 */
export function lowest(needs: ReaderNeeds): string {
  if (!needs.converts) {
    return `select p.*, null::numeric as rate, null::date as rate_date, p.low_minor as user_low_minor
    from (${FIRST_LOW}) p`;
  }
  return `select ${LOW_COLUMNS_VALUED}
    from (${lowestCandidates(needs)}) p
    ${rateOf('p.fetched_at')}
    ${LOW_VALUED}
    where l.user_low_minor is not null
    order by ${LOW_ORDER}
    limit 1`;
}

/** The columns pricedWishFromRow reads from a `lowest` row of `lowest()`. */
export const LOWEST_COLUMNS = `lowest.edition_id as lowest_edition_id, lowest.format as lowest_format, lowest.store_id as lowest_store_id,
       lowest.currency as lowest_currency, lowest.low_minor as lowest_minor, lowest.fetched_at as lowest_fetched_at,
       lowest.rate as lowest_rate, lowest.rate_date as lowest_rate_date, lowest.user_low_minor as lowest_user_minor`;

/** The columns pricedWishFromRow reads from a `best` row of `bestOffer()` (but its URL and store name). */
export const BEST_COLUMNS = `best.edition_id as best_edition_id, best.format as best_format, best.store_id as best_store_id,
         best.currency as best_currency, best.amount_minor as best_minor, best.availability as best_availability,
         best.fetched_at as best_fetched_at, best.rate as best_rate, best.rate_date as best_rate_date,
         best.user_minor as best_user_minor, best.shipping_minor as best_shipping_minor,
         best.user_shipping_minor as best_user_shipping_minor`;

/**
 * Wish `w`'s best offer `best` is below its max price: its amount, or its amount in the reader `r`'s currency, in the
 * max price's currency (isBelowMaxPrice). A filter, so a page stays full.
 */
const BELOW_MAX_PRICE = belowMaxPriceSql({
  amountMinor: 'best.amount_minor',
  currency: 'best.currency',
  availability: 'best.availability',
  maxMinor: 'w.max_price_minor',
  maxCurrency: 'w.max_price_currency',
  converted: { amountMinor: 'best.user_minor', currency: 'r.currency' },
});

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

/** The statements built so far, by shape (needs, conditions, direction): a page's text is the same string every time. */
const pricedStatements = new Map<string, string>();
const PRICED_STATEMENTS_MAX = 256;

/** One statement: the user's wishes matching the filters, in keyset order, each with its best and lowest price. */
export function pricedWishesStatement(userId: number, query: PricedWishQuery, needs: ReaderNeeds = ALL_NEEDS): { sql: string; params: unknown[] } {
  const conditions = ['w.user_id = ?', ...query.filters.map(([c]) => c), ...(query.keyset ? [query.keyset] : [])];
  const shape = `${needs.converts}/${needs.ships}/${query.direction}/${conditions.join('\u0000')}`;
  let sql = pricedStatements.get(shape);
  if (sql === undefined) {
    if (pricedStatements.size >= PRICED_STATEMENTS_MAX) pricedStatements.clear();
    sql = pricedSql(conditions, query.direction, needs);
    pricedStatements.set(shape, sql);
  }
  const params = [userId, userId, ...query.filters.flatMap(([, p]) => p), ...query.keysetParams, query.limit];
  return { sql, params };
}

function pricedSql(conditions: readonly string[], direction: 'asc' | 'desc', needs: ReaderNeeds): string {
  return `with ${READER},
page as (
  select w.wish_id, w.book_id, w.is_monitored, w.max_price_minor, w.max_price_currency, w.created_at,
         w.alert_drop_percent, w.alert_lowest_days, r.currency as reader_currency, ${BEST_COLUMNS},
         best.store_name as best_store_name, best.url as best_url
  from wish w cross join reader r
  left join lateral (${best(needs)}) best on true
  where ${conditions.join(' and ')}
  order by w.wish_id ${direction}
  limit ?
)
select w.*, ${LOWEST_COLUMNS}
from page w cross join reader r
left join lateral (${lowest(needs)}) lowest on true
order by w.wish_id ${direction}`;
}

const minorOf = (value: unknown, currency: string): Money => Money.fromMinor(BigInt(String(value)), currency);
const nullableMinor = (value: unknown, currency: string): Money | null => (value === null || value === undefined ? null : minorOf(value, currency));
const trimmed = (value: unknown): string => String(value).trim();
/** A `date` column as YYYY-MM-DD, whether the driver hands a string or a Date. */
const dayText = (value: unknown): string => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

/** The conversion of a row's price (`rate` null: none). */
function conversionOf(rate: unknown, rateDate: unknown, userMinor: unknown, readerCurrency: string): Conversion | null {
  if (rate === null || rate === undefined) return null;
  return { price: minorOf(userMinor, readerCurrency), rate: String(rate), rateDay: dayText(rateDate) };
}

/**
 * A conversion with its shipping and delivered price. Built field by field: on a list page's hot path, `{ ...object,
 * more }` costs V8 a new hidden class per object and keeps each page's objects alive through the next young-generation
 * collections (measured on the page of 100 priced wishes: ~35 KB promoted per page); Object.assign or a literal does not.
 */
function withShipping(conversion: Conversion, shipping: Money | null): BestPriceConversion {
  const { price, rate, rateDay } = conversion;
  return { price, rate, rateDay, shipping, delivered: deliveredPrice(price, shipping) };
}

function bestPriceFromRow(row: Row, readerCurrency: string): BestPrice | null {
  if (row.best_minor === null || row.best_minor === undefined) return null;
  const currency = trimmed(row.best_currency);
  const price = minorOf(row.best_minor, currency);
  const shipping = nullableMinor(row.best_shipping_minor, currency);
  const conversion = conversionOf(row.best_rate, row.best_rate_date, row.best_user_minor, readerCurrency);
  const userShipping = nullableMinor(row.best_user_shipping_minor, readerCurrency);
  return {
    price,
    shipping,
    delivered: deliveredPrice(price, shipping),
    converted: conversion === null ? null : withShipping(conversion, userShipping),
    editionId: toId(row.best_edition_id),
    format: row.best_format as EditionFormat,
    storeId: toId(row.best_store_id),
    storeName: String(row.best_store_name),
    availability: row.best_availability as Availability,
    fetchedAt: toDate(row.best_fetched_at),
    url: String(row.best_url),
  };
}

function lowestPriceFromRow(row: Row, readerCurrency: string): LowestPrice | null {
  if (row.lowest_minor === null || row.lowest_minor === undefined) return null;
  return {
    price: minorOf(row.lowest_minor, trimmed(row.lowest_currency)),
    converted: conversionOf(row.lowest_rate, row.lowest_rate_date, row.lowest_user_minor, readerCurrency),
    editionId: toId(row.lowest_edition_id),
    format: row.lowest_format as EditionFormat,
    storeId: toId(row.lowest_store_id),
    fetchedAt: toDate(row.lowest_fetched_at),
  };
}

export function pricedWishFromRow(row: Row): PricedWish {
  const maxCurrency = row.max_price_currency as string | null;
  const readerCurrency = trimmed(row.reader_currency);
  const bestPrice = bestPriceFromRow(row, readerCurrency);
  const maxPrice = maxCurrency === null || row.max_price_minor === null ? null : minorOf(row.max_price_minor, maxCurrency.trim());
  return {
    id: toId(row.wish_id),
    bookId: toId(row.book_id),
    isMonitored: Boolean(row.is_monitored),
    maxPrice,
    createdAt: toDate(row.created_at),
    bestPrice,
    lowestPrice: lowestPriceFromRow(row, readerCurrency),
    belowMaxPrice: isBelowMaxPrice(maxPrice, bestPrice),
  };
}
