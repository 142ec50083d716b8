import type { EditionFormat } from '../catalog/edition.js';
import { type ConvertedPrice, convert, convertOnDay, type ReferenceRateDay } from '../pricing/exchange-rates.js';
import type { Availability } from '../pricing/price-observation.js';
import { rankingAmount, shippingFor, type ShippingRules } from '../pricing/shipping.js';
import type { Money } from '../shared/money.js';

/*
 * Which quotes count for a wish's best and lowest price (wish-prices.ts), and how they compare, stated once.
 * Production reads it in SQL, a page of wishes at a time (sql-wish-prices.ts, also behind the orders of
 * sql-wish-order.ts); the case table test/contracts/rules/best-price-scope.ts plays the same stories through these
 * functions and through that SQL.
 *
 * Prices compare in the user's currency (C11.4): a quote in it as it is; with `convert`, a quote in another currency
 * converted at the reference rate of its UTC day (the latest published day at most 7 days before: rateDayFor), and a
 * quote with no usable rate is out. Best prices rank by the delivered price to the user's country (C11.5: the amount
 * plus the store's shipping, converted with the same rate; the amount alone when the shipping is unknown).
 */

/** The user's side of the scope: effective preferences, readable languages, and the stores they can buy from. */
export interface PriceScope {
  currency: string;
  formats: readonly EditionFormat[];
  /** The languages the user reads; none named means every language. */
  languageIds: readonly number[];
  /** The stores whose quotes count (storeInPriceScope, user-stores.ts). */
  storeIds: ReadonlySet<number>;
  /** Quotes in every currency count, converted (the preference `convertCurrencies`); off: only `currency`'s. */
  convert: boolean;
  /** The reference rates at hand, read when converting. */
  rates: readonly ReferenceRateDay[];
  /** Where shipping is counted to (null: the stores' `*` rule). */
  country: string | null;
  /** Each store's shipping rules; absent or null: the store does not say (shipping unknown). */
  shipping: ReadonlyMap<number, ShippingRules | null>;
}

/** An edition of the wish's book, with the language it is stored with (guessed by an import or not). */
export interface ScopedEdition {
  id: number;
  format: EditionFormat;
  languageId: number;
}

/** A stored quote of one of the book's editions, daily or monthly. */
export interface StoredQuote {
  editionId: number;
  storeId: number;
  price: Money;
  availability: Availability;
  fetchedAt: Date;
  /** A monthly quote's lowest price of its month (its `price` is the month's last); null for a daily quote. */
  monthLowest: Money | null;
}

/** A price in the user's currency: the price itself, or its conversion (rate and rate day beside it). */
export interface UserCurrencyPrice {
  /** The amount in the user's currency. */
  price: Money;
  /** The conversion; null when the price was in the user's currency already. */
  converted: ConvertedPrice | null;
}

/** A best-price candidate: the quote, its price in the user's currency, its shipping, and what ranks it. */
export interface ScopedOffer {
  quote: StoredQuote;
  /** The conversion of the quote's price into the user's currency; null when it is in it. */
  converted: ConvertedPrice | null;
  /** Shipping to the user's country, in the quote's currency; null when the store does not say. */
  shipping: Money | null;
  /** The shipping in the user's currency, at the quote's rate; null when unknown. */
  userShipping: Money | null;
  /** In the user's currency: the delivered price, or the price alone when the shipping is unknown. */
  ranking: Money;
}

/** The lowest price ever in scope, a monthly quote counting with its month's lowest. */
export interface LowestQuote {
  quote: StoredQuote;
  /** The counted price, in the quote's currency. */
  price: Money;
  /** Its conversion into the user's currency (at the quote's day); null when it is in it. */
  converted: ConvertedPrice | null;
}

/** The UTC day of an instant, YYYY-MM-DD: a quote's day for its rate. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** An edition the user reads: in one of their formats and, when they named readable languages, in one of them. */
export function readsEdition(scope: PriceScope, edition: ScopedEdition): boolean {
  return scope.formats.includes(edition.format) && (scope.languageIds.length === 0 || scope.languageIds.includes(edition.languageId));
}

/** `price`, quoted at `at`, in the user's currency; null when it cannot be (another currency without converting, no usable rate). */
export function inUserCurrency(scope: PriceScope, price: Money, at: Date): UserCurrencyPrice | null {
  if (price.currency === scope.currency) return { price, converted: null };
  if (!scope.convert) return null;
  const converted = convertOnDay(price, scope.currency, utcDay(at), scope.rates);
  return converted === null ? null : { price: converted.price, converted };
}

/**
 * The quotes that may count: of an edition the user reads, at a store in scope, in the user's currency unless
 * converting (whether a rate exists is asked later, of the quote that counts for its (edition, store, currency)).
 */
export function quotesInScope(scope: PriceScope, editions: readonly ScopedEdition[], quotes: readonly StoredQuote[]): StoredQuote[] {
  const read = new Set(editions.filter((e) => readsEdition(scope, e)).map((e) => e.id));
  return quotes.filter((q) => read.has(q.editionId) && scope.storeIds.has(q.storeId) && (scope.convert || q.price.currency === scope.currency));
}

/** Quotes by (edition, store, currency): the unit a latest quote and a lowest price are kept for. */
const pairKey = (q: StoredQuote): string => `${q.editionId}/${q.storeId}/${q.price.currency}`;

/**
 * A best-price candidate from `quote`: its price in the user's currency, its shipping (converted with the same rate)
 * and its ranking amount; null when it has no price in the user's currency.
 */
export function offerOf(scope: PriceScope, quote: StoredQuote): ScopedOffer | null {
  const user = inUserCurrency(scope, quote.price, quote.fetchedAt);
  if (user === null) return null;
  const shipping = shippingFor(scope.shipping.get(quote.storeId) ?? null, scope.country, quote.price);
  const userShipping = shipping === null || user.converted === null ? shipping : convert(shipping, scope.currency, user.converted.rate);
  return { quote, converted: user.converted, shipping, userShipping, ranking: rankingAmount(user.price, userShipping) };
}

/**
 * The best price: each (edition, store, currency)'s latest quote in scope (by fetched time, then the one stored later;
 * daily or monthly), out-of-stock ones and those without a usable rate dropped (an earlier quote does not come
 * back), the lowest ranking amount wins; ties go to the freshest, then the lowest edition and store id. `quotes` are in
 * the order they were stored.
 */
export function bestQuoteOf(scope: PriceScope, editions: readonly ScopedEdition[], quotes: readonly StoredQuote[]): ScopedOffer | null {
  const latest = new Map<string, StoredQuote>();
  for (const q of quotesInScope(scope, editions, quotes)) {
    const held = latest.get(pairKey(q));
    if (held === undefined || q.fetchedAt.getTime() >= held.fetchedAt.getTime()) latest.set(pairKey(q), q);
  }
  const offers = [...latest.values()]
    .filter((q) => q.availability !== 'out_of_stock')
    .map((q) => offerOf(scope, q))
    .filter((o): o is ScopedOffer => o !== null);
  return first(
    offers,
    (a, b) => compare(a.ranking.toMinor(), b.ranking.toMinor()) || b.quote.fetchedAt.getTime() - a.quote.fetchedAt.getTime() || byIds(a.quote, b.quote),
  );
}

/**
 * The lowest price ever in scope: each (edition, store, currency)'s lowest price in its own currency (ties: the
 * earliest), converted at the rate of its quote's day (none usable: that pair has no lowest); the lowest in the user's
 * currency wins, ties going to the earliest quote, then the lowest edition and store id.
 */
export function lowestQuoteOf(scope: PriceScope, editions: readonly ScopedEdition[], quotes: readonly StoredQuote[]): LowestQuote | null {
  const lowest = new Map<string, { quote: StoredQuote; price: Money }>();
  for (const quote of quotesInScope(scope, editions, quotes)) {
    const price = quote.monthLowest ?? quote.price;
    const held = lowest.get(pairKey(quote));
    const order = held === undefined ? -1 : compare(price.toMinor(), held.price.toMinor()) || quote.fetchedAt.getTime() - held.quote.fetchedAt.getTime();
    if (order < 0) lowest.set(pairKey(quote), { quote, price });
  }
  const lows = [...lowest.values()].flatMap(({ quote, price }) => {
    const user = inUserCurrency(scope, price, quote.fetchedAt);
    return user === null ? [] : [{ quote, price, converted: user.converted, user: user.price }];
  });
  const winner = first(
    lows,
    (a, b) => compare(a.user.toMinor(), b.user.toMinor()) || a.quote.fetchedAt.getTime() - b.quote.fetchedAt.getTime() || byIds(a.quote, b.quote),
  );
  return winner === null ? null : { quote: winner.quote, price: winner.price, converted: winner.converted };
}

function first<T>(items: readonly T[], order: (a: T, b: T) => number): T | null {
  return items.reduce<T | null>((best, item) => (best === null || order(item, best) < 0 ? item : best), null);
}

const compare = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);
const byIds = (a: StoredQuote, b: StoredQuote): number => a.editionId - b.editionId || a.storeId - b.storeId;
