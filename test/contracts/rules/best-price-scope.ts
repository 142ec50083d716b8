// Best price scope: which quotes count for a wish's best and lowest price, and how they compare (in the reader's
// currency, converted when the reader converts: C11.4; by delivered price: C11.5). Stated once in the domain
// (domain/wishes/price-scope.ts: bestQuoteOf, lowestQuoteOf, with storeInPriceScope for the stores), run by production
// in SQL, a page of wishes at a time (sql-wish-prices.ts over the edition_store_price summaries, with
// sql-currency-conversion.ts and sql-shipping.ts). Each case is one book with the editions below, the stores below, a
// reader, the reference rates of some days, and quotes stored one after the other.
import type { EditionFormat } from '../../../src/domain/catalog/edition.js';
import type { Availability } from '../../../src/domain/pricing/price-observation.js';
import type { Money } from '../../../src/domain/shared/money.js';
import { money } from './money-text.js';
import type { RuleTable } from './rule-table.js';
import type { StoreShape, WhereTheUserBuys } from './user-stores.js';

/** The book's editions, created in this order (so their ids ascend along it). */
export const SCOPE_EDITIONS = {
  'paperback-en': { format: 'paperback', language: 'en' },
  'hardcover-en': { format: 'hardcover', language: 'en' },
  'ebook-en': { format: 'ebook', language: 'en' },
  'paperback-de': { format: 'paperback', language: 'de' },
  'paperback-fr': { format: 'paperback', language: 'fr' },
} as const satisfies Record<string, { format: EditionFormat; language: string }>;
export type ScopeEdition = keyof typeof SCOPE_EDITIONS;

/** A store's shipping as its recipe states it: destination (or `*`) → charges in the store's currency. */
export type ScopeShipping = Record<string, { flat: string; freeFrom?: string; perExtraItem?: string }>;

/** The stores, created in this order (so their ids ascend along it); no shipping stated unless told. */
export const SCOPE_STORES = {
  home: { country: 'DE', currency: 'EUR', formats: ['hardcover', 'paperback', 'ebook', 'audiobook'] },
  second: { country: null, currency: 'EUR', formats: ['hardcover', 'paperback', 'ebook', 'audiobook'] },
  abroad: { country: 'FR', currency: 'EUR', formats: ['hardcover', 'paperback', 'ebook', 'audiobook'] },
  closed: { country: 'DE', currency: 'EUR', formats: ['hardcover', 'paperback', 'ebook', 'audiobook'], isActive: false },
  pounds: { country: 'GB', currency: 'GBP', formats: ['hardcover', 'paperback', 'ebook', 'audiobook'] },
  'ebook-shop': { country: 'DE', currency: 'EUR', formats: ['ebook'] },
  ships: { country: 'DE', currency: 'EUR', formats: ['paperback'], shipping: { DE: { flat: '3.50', freeFrom: '20.00' }, '*': { flat: '6.00' } } },
  post: { country: null, currency: 'EUR', formats: ['paperback'], shipping: { DE: { flat: '1.00' }, '*': { flat: '4.00', freeFrom: '30.00' } } },
  'pounds-intl': { country: null, currency: 'GBP', formats: ['paperback'], shipping: { GB: { flat: '1.00' }, '*': { flat: '2.00' } } },
  'dollars-intl': { country: null, currency: 'USD', formats: ['paperback'] },
} as const satisfies Record<string, StoreShape & { shipping?: ScopeShipping }>;
export type ScopeStore = keyof typeof SCOPE_STORES;

/** A stored quote: "9.00" is EUR, "9.00 GBP" names its currency; fetched `day` days after 2026-10-01 03:00 UTC. */
export interface ScopeQuote {
  name: string;
  edition: ScopeEdition;
  at: ScopeStore;
  price: string;
  day: number;
  /** In stock unless told. */
  availability?: Availability;
  /** A monthly quote: its month's lowest price (its `price` is the month's last). Absent: a daily quote. */
  monthLowest?: string;
}

export interface ScopeReader extends WhereTheUserBuys {
  /** Readable languages (ISO 639-1); none: every language. */
  languages: string[];
  /** Converts currencies (C11.4); not unless told. */
  convert?: boolean;
}

/** The reference rates published on day `day` (counted as the quotes' days): units of each currency per euro. */
export interface ScopeRates {
  day: number;
  perEuro: Record<string, string>;
}

export interface BestPriceScopeCase {
  name: string;
  reader?: ScopeReader;
  /** The reference rates stored; none unless told. */
  rates?: ScopeRates[];
  /** In the order they are stored. */
  quotes: ScopeQuote[];
  /** The quote the best price is, by name; null: none. */
  best: string | null;
  /** The quote the lowest price is, by name (a monthly one counting its month's lowest); null: none. */
  lowest: string | null;
  /** What the best price shows beyond its quote's price (conversionText; shipping and delivered as "3.50 EUR"); null unless told. */
  bestShows?: { converted?: string; shipping?: string; delivered?: string };
  /** The lowest price's conversion (conversionText); null unless told. */
  lowestConverted?: string;
}

/** A price as a case's outcome: which quote it is and its price ("9.00 EUR"), with its conversion (conversionText) or null. */
export interface ScopedPrice {
  quote: string;
  price: string;
  converted: string | null;
}

/** A best price as a case's outcome: also its shipping and delivered price in the quote's currency, or null. */
export interface ScopedBestPrice extends ScopedPrice {
  shipping: string | null;
  delivered: string | null;
}

export interface BestAndLowest {
  best: ScopedBestPrice | null;
  lowest: ScopedPrice | null;
}

/** Unless a case says: a reader in Germany buying paperbacks and hardcovers in euros, every language. */
export const DEFAULT_READER: ScopeReader = { country: 'DE', currency: 'EUR', formats: ['paperback', 'hardcover'], languages: [] };

export const FIRST_DAY = Date.parse('2026-10-01T03:00:00Z');
export const fetchedAt = (day: number): Date => new Date(FIRST_DAY + day * 86_400_000);

/** The price a quote counts with: its own for the best price, its month's lowest (if monthly) for the lowest. */
export const countedPrice = (q: ScopeQuote, as: 'best' | 'lowest'): Money => money(as === 'lowest' ? (q.monthLowest ?? q.price) : q.price);

/** The UTC day (YYYY-MM-DD) of the case tables' day `day`, as quotes and rates are dated. */
export const dayOf = (day: number): string => fetchedAt(day).toISOString().slice(0, 10);

/** A price as an outcome shows it: "9.00 EUR"; null stays null. */
export function shown(price: Money): string;
export function shown(price: Money | null): string | null;
export function shown(price: Money | null): string | null {
  return price === null ? null : `${price.amount} ${price.currency}`;
}

/** A conversion as an outcome shows it: "7.20 EUR at 0.80000000 of 2026-10-02", then "+ 2.50 EUR shipping = 12.50 EUR" when known. */
export function conversionText(c: { price: Money; rate: string; rateDay: string; shipping?: Money | null; delivered?: Money | null }): string {
  const base = `${shown(c.price)} at ${c.rate} of ${c.rateDay}`;
  return c.shipping && c.delivered ? `${base} + ${shown(c.shipping)} shipping = ${shown(c.delivered)}` : base;
}

function quoteNamed(c: BestPriceScopeCase, name: string): ScopeQuote {
  const quote = c.quotes.find((q) => q.name === name);
  if (!quote) throw new Error(`${c.name}: no quote named ${name}`);
  return quote;
}

function bestOutcome(c: BestPriceScopeCase): ScopedBestPrice | null {
  if (c.best === null) return null;
  const shows = c.bestShows ?? {};
  return {
    quote: c.best,
    price: shown(countedPrice(quoteNamed(c, c.best), 'best')),
    converted: shows.converted ?? null,
    shipping: shows.shipping ?? null,
    delivered: shows.delivered ?? null,
  };
}

function lowestOutcome(c: BestPriceScopeCase): ScopedPrice | null {
  if (c.lowest === null) return null;
  return { quote: c.lowest, price: shown(countedPrice(quoteNamed(c, c.lowest), 'lowest')), converted: c.lowestConverted ?? null };
}

/** A reader in Germany buying paperbacks and hardcovers in euros, every language, who converts currencies. */
const CONVERTING: ScopeReader = { ...DEFAULT_READER, convert: true };
/** Day 1's rates: a pound is 1.25 euros, a dollar 0.80. */
const DAY_ONE_RATES: ScopeRates[] = [{ day: 1, perEuro: { GBP: '0.8', USD: '1.25' } }];

const q = (name: string, edition: ScopeEdition, at: ScopeStore, price: string, day: number, more: Partial<ScopeQuote> = {}): ScopeQuote => ({
  name, edition, at, price, day, ...more,
});

export const BEST_PRICE_SCOPE: RuleTable<BestPriceScopeCase, BestAndLowest> = {
  rule: 'best price scope',
  domain: 'bestQuoteOf and lowestQuoteOf (domain/wishes/price-scope.ts)',
  sql: 'the best offer and lowest price of sql-wish-prices.ts (SqlWishRepository.findById)',
  expected: (c) => ({ best: bestOutcome(c), lowest: lowestOutcome(c) }),
  cases: [
    { name: 'no quotes: no best and no lowest price', quotes: [], best: null, lowest: null },
    {
      name: 'the cheapest offer among the stores the user can buy from',
      quotes: [q('home', 'paperback-en', 'home', '12.00', 1), q('second', 'paperback-en', 'second', '10.00', 1)],
      best: 'second', lowest: 'second',
    },

    // The store the user can buy from (the user-store rule)
    {
      name: 'a store in another country does not count',
      quotes: [q('abroad', 'paperback-en', 'abroad', '5.00', 1), q('home', 'paperback-en', 'home', '10.00', 1)],
      best: 'home', lowest: 'home',
    },
    {
      name: 'an inactive store does not count',
      quotes: [q('closed', 'paperback-en', 'closed', '5.00', 1), q('home', 'paperback-en', 'home', '10.00', 1)],
      best: 'home', lowest: 'home',
    },
    {
      name: 'a reader who has not said where they buy reaches the country-less stores alone',
      reader: { ...DEFAULT_READER, country: null },
      quotes: [q('home', 'paperback-en', 'home', '5.00', 1), q('second', 'paperback-en', 'second', '10.00', 1)],
      best: 'second', lowest: 'second',
    },
    {
      name: 'a store counts when it sells one of the user’s formats, whatever the edition’s format',
      reader: { ...DEFAULT_READER, formats: ['paperback', 'ebook'] },
      quotes: [q('ebook-shop', 'paperback-en', 'ebook-shop', '5.00', 1), q('home', 'paperback-en', 'home', '10.00', 1)],
      best: 'ebook-shop', lowest: 'ebook-shop',
    },
    {
      name: 'a store selling none of the user’s formats does not count',
      quotes: [q('ebook-shop', 'paperback-en', 'ebook-shop', '5.00', 1), q('home', 'paperback-en', 'home', '10.00', 1)],
      best: 'home', lowest: 'home',
    },

    // The format the user reads, the readable languages
    {
      name: 'an edition in a format the user does not read does not count',
      quotes: [q('ebook', 'ebook-en', 'home', '3.00', 1), q('paperback', 'paperback-en', 'home', '10.00', 1)],
      best: 'paperback', lowest: 'paperback',
    },
    {
      name: 'every format the user reads counts',
      quotes: [q('paperback', 'paperback-en', 'home', '10.00', 1), q('hardcover', 'hardcover-en', 'home', '9.00', 1)],
      best: 'hardcover', lowest: 'hardcover',
    },
    {
      name: 'no readable languages named: every language counts',
      quotes: [q('german', 'paperback-de', 'home', '5.00', 1), q('english', 'paperback-en', 'home', '10.00', 1)],
      best: 'german', lowest: 'german',
    },
    {
      name: 'readable languages named: an edition in another language does not count',
      reader: { ...DEFAULT_READER, languages: ['en', 'fr'] },
      quotes: [
        q('german', 'paperback-de', 'home', '5.00', 1),
        q('french', 'paperback-fr', 'home', '11.00', 1),
        q('english', 'paperback-en', 'home', '10.00', 1),
      ],
      best: 'english', lowest: 'english',
    },

    // The user's currency
    {
      name: 'a quote in another currency does not count (no conversion)',
      quotes: [q('euros', 'paperback-en', 'home', '10.00', 1), q('pounds-later', 'paperback-en', 'home', '5.00 GBP', 2)],
      best: 'euros', lowest: 'euros',
    },
    {
      name: 'a reader buying in pounds reads the pound quotes of stores selling in pounds',
      reader: { country: 'GB', currency: 'GBP', formats: ['paperback'], languages: [] },
      quotes: [
        q('euros', 'paperback-en', 'home', '5.00', 1),
        q('second-in-pounds', 'paperback-en', 'second', '6.00 GBP', 1),
        q('pounds', 'paperback-en', 'pounds', '8.00 GBP', 1),
      ],
      best: 'pounds', lowest: 'pounds',
    },

    // The latest quote of each (edition, store)
    {
      name: 'the latest quote of an (edition, store) is its offer, not an earlier cheaper one, which stays the lowest',
      quotes: [q('earlier', 'paperback-en', 'home', '8.00', 1), q('latest', 'paperback-en', 'home', '9.00', 2)],
      best: 'latest', lowest: 'earlier',
    },
    {
      name: 'latest by fetched time, not by the order stored',
      quotes: [q('fetched-later', 'paperback-en', 'home', '9.00', 2), q('stored-later', 'paperback-en', 'home', '8.00', 1)],
      best: 'fetched-later', lowest: 'stored-later',
    },
    {
      name: 'fetched at the same time: the one stored later is the latest',
      quotes: [q('first', 'paperback-en', 'home', '8.00', 1), q('second', 'paperback-en', 'home', '9.00', 1)],
      best: 'second', lowest: 'first',
    },
    {
      name: 'each (edition, store) has its own latest quote',
      quotes: [
        q('home-old', 'paperback-en', 'home', '7.00', 1),
        q('second', 'paperback-en', 'second', '9.00', 2),
        q('home-new', 'paperback-en', 'home', '10.00', 3),
        q('hardcover', 'hardcover-en', 'home', '9.50', 1),
      ],
      best: 'second', lowest: 'home-old',
    },

    // Out of stock: excluded from the best price, counted for the lowest
    {
      name: 'a latest quote out of stock drops its (edition, store) from the best price; its earlier quote does not come back',
      quotes: [
        q('home-in-stock', 'paperback-en', 'home', '8.00', 1),
        q('home-gone', 'paperback-en', 'home', '7.00', 2, { availability: 'out_of_stock' }),
        q('second', 'paperback-en', 'second', '10.00', 1),
      ],
      best: 'second', lowest: 'home-gone',
    },
    {
      name: 'only out-of-stock offers: no best price, but a lowest price',
      quotes: [q('gone', 'paperback-en', 'home', '7.00', 1, { availability: 'out_of_stock' })],
      best: null, lowest: 'gone',
    },
    {
      name: 'a preorder and an unknown availability are offers',
      quotes: [
        q('preorder', 'paperback-en', 'home', '9.00', 1, { availability: 'preorder' }),
        q('unknown', 'paperback-en', 'second', '9.50', 1, { availability: 'unknown' }),
      ],
      best: 'preorder', lowest: 'preorder',
    },
    {
      name: 'back in stock: the new quote is the offer again',
      quotes: [
        q('gone', 'paperback-en', 'home', '7.00', 1, { availability: 'out_of_stock' }),
        q('back', 'paperback-en', 'home', '7.50', 2),
      ],
      best: 'back', lowest: 'gone',
    },

    // Monthly quotes
    {
      name: 'a monthly quote: its last price can be the offer, its month’s lowest counts for the lowest',
      quotes: [q('october', 'paperback-en', 'home', '12.00', 20, { monthLowest: '9.00' })],
      best: 'october', lowest: 'october',
    },
    {
      name: 'a daily quote after a monthly one is the latest; the month’s lowest stays the lowest',
      quotes: [
        q('october', 'paperback-en', 'home', '12.00', 20, { monthLowest: '9.00' }),
        q('november', 'paperback-en', 'home', '11.00', 40),
      ],
      best: 'november', lowest: 'october',
    },

    // Ties
    {
      name: 'equal best prices: the freshest wins; equal lowest prices: the earliest',
      quotes: [q('home', 'paperback-en', 'home', '9.00', 1), q('second', 'paperback-en', 'second', '9.00', 2)],
      best: 'second', lowest: 'home',
    },
    {
      name: 'equal price and time: the lower edition id wins, then the lower store id',
      quotes: [
        q('hardcover-home', 'hardcover-en', 'home', '9.00', 1),
        q('paperback-second', 'paperback-en', 'second', '9.00', 1),
        q('paperback-home', 'paperback-en', 'home', '9.00', 1),
      ],
      best: 'paperback-home', lowest: 'paperback-home',
    },
    {
      name: 'equal price and time, different editions: the lower edition id, whatever the store',
      quotes: [q('hardcover-home', 'hardcover-en', 'home', '9.00', 1), q('paperback-second', 'paperback-en', 'second', '9.00', 1)],
      best: 'paperback-second', lowest: 'paperback-second',
    },

    // Converting currencies (C11.4): rates of day 1 unless told — a pound is 1.25 euros, a dollar 0.80 euros
    {
      name: 'converting: a quote in dollars at an international store counts, converted at its day’s rate, and can win',
      reader: CONVERTING,
      rates: DAY_ONE_RATES,
      quotes: [q('euros', 'paperback-en', 'home', '8.00', 1), q('dollars', 'paperback-en', 'dollars-intl', '9.00 USD', 1)],
      best: 'dollars', lowest: 'dollars',
      bestShows: { converted: `7.20 EUR at 0.80000000 of ${dayOf(1)}` },
      lowestConverted: `7.20 EUR at 0.80000000 of ${dayOf(1)}`,
    },
    {
      name: 'not converting, the same quotes: the dollar store is not the reader’s',
      rates: DAY_ONE_RATES,
      quotes: [q('euros', 'paperback-en', 'home', '8.00', 1), q('dollars', 'paperback-en', 'dollars-intl', '9.00 USD', 1)],
      best: 'euros', lowest: 'euros',
    },
    {
      name: 'converted prices compare in the reader’s currency, not by their amounts',
      reader: CONVERTING,
      rates: DAY_ONE_RATES,
      quotes: [q('euros', 'paperback-en', 'home', '7.00', 1), q('dollars', 'paperback-en', 'dollars-intl', '9.00 USD', 1)],
      best: 'euros', lowest: 'euros',
    },
    {
      name: 'converting: a store in another country still does not count',
      reader: CONVERTING,
      rates: DAY_ONE_RATES,
      quotes: [q('pounds', 'paperback-en', 'pounds', '2.00 GBP', 1), q('euros', 'paperback-en', 'home', '10.00', 1)],
      best: 'euros', lowest: 'euros',
    },
    {
      name: 'a quote of a day without rates is converted at the latest earlier day’s',
      reader: CONVERTING,
      rates: [...DAY_ONE_RATES, { day: 9, perEuro: { USD: '2' } }],
      quotes: [q('dollars', 'paperback-en', 'dollars-intl', '10.00 USD', 5)],
      best: 'dollars', lowest: 'dollars',
      bestShows: { converted: `8.00 EUR at 0.80000000 of ${dayOf(1)}` },
      lowestConverted: `8.00 EUR at 0.80000000 of ${dayOf(1)}`,
    },
    {
      name: 'a rate 7 days before the quote’s day is still used',
      reader: CONVERTING,
      rates: DAY_ONE_RATES,
      quotes: [q('dollars', 'paperback-en', 'dollars-intl', '10.00 USD', 8)],
      best: 'dollars', lowest: 'dollars',
      bestShows: { converted: `8.00 EUR at 0.80000000 of ${dayOf(1)}` },
      lowestConverted: `8.00 EUR at 0.80000000 of ${dayOf(1)}`,
    },
    {
      name: 'a rate older than 7 days is not used: the quote stays out',
      reader: CONVERTING,
      rates: DAY_ONE_RATES,
      quotes: [q('dollars', 'paperback-en', 'dollars-intl', '5.00 USD', 9), q('euros', 'paperback-en', 'home', '10.00', 9)],
      best: 'euros', lowest: 'euros',
    },
    {
      name: 'a rate published after the quote’s day is not used',
      reader: CONVERTING,
      rates: [{ day: 3, perEuro: { USD: '1.25' } }],
      quotes: [q('dollars', 'paperback-en', 'dollars-intl', '5.00 USD', 2), q('euros', 'paperback-en', 'home', '10.00', 2)],
      best: 'euros', lowest: 'euros',
    },
    {
      name: 'a latest quote without a usable rate drops its (edition, store) from the best price; its earlier quote does not come back',
      reader: CONVERTING,
      rates: DAY_ONE_RATES,
      quotes: [
        q('dollars-early', 'paperback-en', 'dollars-intl', '6.00 USD', 1),
        q('dollars-late', 'paperback-en', 'dollars-intl', '7.00 USD', 20),
        q('euros', 'paperback-en', 'home', '10.00', 20),
      ],
      best: 'euros', lowest: 'dollars-early',
      lowestConverted: `4.80 EUR at 0.80000000 of ${dayOf(1)}`,
    },
    {
      name: 'an (edition, store)’s lowest is its lowest in its own currency, converted at that quote’s day',
      reader: CONVERTING,
      rates: [...DAY_ONE_RATES, { day: 3, perEuro: { USD: '1', GBP: '1' } }],
      quotes: [
        q('dollars-dear', 'paperback-en', 'dollars-intl', '10.00 USD', 1),
        q('dollars-cheap', 'paperback-en', 'dollars-intl', '9.50 USD', 3),
        q('euros', 'paperback-en', 'home', '9.00', 2),
      ],
      best: 'euros', lowest: 'euros',
    },
    {
      name: 'a reader in pounds who converts reads euro quotes in pounds',
      reader: { country: 'GB', currency: 'GBP', formats: ['paperback'], languages: [], convert: true },
      rates: DAY_ONE_RATES,
      quotes: [q('euros', 'paperback-en', 'second', '10.00', 1), q('pounds', 'paperback-en', 'pounds', '8.50 GBP', 1)],
      best: 'euros', lowest: 'euros',
      bestShows: { converted: `8.00 GBP at 0.80000000 of ${dayOf(1)}` },
      lowestConverted: `8.00 GBP at 0.80000000 of ${dayOf(1)}`,
    },
    {
      name: 'a cross rate through the euro: dollars for a reader in pounds',
      reader: { country: 'GB', currency: 'GBP', formats: ['paperback'], languages: [], convert: true },
      rates: DAY_ONE_RATES,
      quotes: [q('dollars', 'paperback-en', 'dollars-intl', '10.00 USD', 1)],
      best: 'dollars', lowest: 'dollars',
      bestShows: { converted: `6.40 GBP at 0.64000000 of ${dayOf(1)}` },
      lowestConverted: `6.40 GBP at 0.64000000 of ${dayOf(1)}`,
    },
    {
      name: 'a cross rate needs both currencies on one day',
      reader: { country: 'GB', currency: 'GBP', formats: ['paperback'], languages: [], convert: true },
      rates: [{ day: 1, perEuro: { GBP: '0.8' } }, { day: 2, perEuro: { USD: '1.25' } }],
      quotes: [q('dollars', 'paperback-en', 'dollars-intl', '10.00 USD', 2)],
      best: null, lowest: null,
    },

    // Delivered price (C11.5): shipping to the reader's country, else to `*`; unknown shipping counts the amount alone
    {
      name: 'the lowest delivered price wins over a lower amount with shipping',
      quotes: [q('ships', 'paperback-en', 'ships', '10.00', 1), q('home', 'paperback-en', 'home', '13.00', 1)],
      best: 'home', lowest: 'ships',
    },
    {
      name: 'a delivered price under an unknown shipping’s amount wins',
      quotes: [q('ships', 'paperback-en', 'ships', '10.00', 1), q('home', 'paperback-en', 'home', '13.60', 1)],
      best: 'ships', lowest: 'ships',
      bestShows: { shipping: '3.50 EUR', delivered: '13.50 EUR' },
    },
    {
      name: 'free shipping from an amount shows "0.00"',
      quotes: [q('ships', 'paperback-en', 'ships', '20.00', 1), q('home', 'paperback-en', 'home', '20.50', 1)],
      best: 'ships', lowest: 'ships',
      bestShows: { shipping: '0.00 EUR', delivered: '20.00 EUR' },
    },
    {
      name: 'shipping to the reader’s own country when the store names it',
      quotes: [q('post', 'paperback-en', 'post', '10.00', 1)],
      best: 'post', lowest: 'post',
      bestShows: { shipping: '1.00 EUR', delivered: '11.00 EUR' },
    },
    {
      name: 'a reader who has not said where they buy is shipped to by the `*` rule',
      reader: { ...DEFAULT_READER, country: null },
      quotes: [q('post', 'paperback-en', 'post', '10.00', 1), q('second', 'paperback-en', 'second', '13.00', 1)],
      best: 'second', lowest: 'post',
    },
    {
      name: 'equal delivered prices: the freshest wins',
      quotes: [q('post', 'paperback-en', 'post', '10.00', 1), q('home', 'paperback-en', 'home', '11.00', 2)],
      best: 'home', lowest: 'post',
    },
    {
      name: 'converting: shipping in the quote’s currency, converted at the quote’s rate, ranks the offer',
      reader: CONVERTING,
      rates: DAY_ONE_RATES,
      quotes: [q('pounds', 'paperback-en', 'pounds-intl', '8.00 GBP', 1), q('euros', 'paperback-en', 'home', '12.60', 1)],
      best: 'pounds', lowest: 'pounds',
      bestShows: {
        shipping: '2.00 GBP',
        delivered: '10.00 GBP',
        converted: `10.00 EUR at 1.25000000 of ${dayOf(1)} + 2.50 EUR shipping = 12.50 EUR`,
      },
      lowestConverted: `10.00 EUR at 1.25000000 of ${dayOf(1)}`,
    },
    {
      name: 'converting: a converted amount under another offer still loses by its delivered price',
      reader: CONVERTING,
      rates: DAY_ONE_RATES,
      quotes: [q('pounds', 'paperback-en', 'pounds-intl', '8.00 GBP', 1), q('euros', 'paperback-en', 'home', '12.40', 1)],
      best: 'euros', lowest: 'pounds',
      lowestConverted: `10.00 EUR at 1.25000000 of ${dayOf(1)}`,
    },
    {
      // The statements read other currencies' offers only up to what the lowest rate of any day allows: an offer
      // equal to the best at its own day's rate, the lowest there is, is still read, and wins as the fresher.
      name: 'converting: an offer equal to the best at the lowest rate of any day is a tie, the fresher wins; for the lowest, the earlier',
      reader: CONVERTING,
      rates: [...DAY_ONE_RATES, { day: 5, perEuro: { USD: '1' } }],
      quotes: [q('euros', 'paperback-en', 'home', '8.00', 1), q('dollars', 'paperback-en', 'dollars-intl', '10.00 USD', 2)],
      best: 'dollars', lowest: 'euros',
      bestShows: { converted: `8.00 EUR at 0.80000000 of ${dayOf(1)}` },
    },
    {
      name: 'converting: one cent dearer than the best at the lowest rate of any day loses',
      reader: CONVERTING,
      rates: [...DAY_ONE_RATES, { day: 5, perEuro: { USD: '1' } }],
      quotes: [q('euros', 'paperback-en', 'home', '8.00', 1), q('dollars', 'paperback-en', 'dollars-intl', '10.02 USD', 2)],
      best: 'euros', lowest: 'euros',
    },
    {
      name: 'converting: with no offer in the reader’s currency, every other currency’s offers are compared',
      reader: CONVERTING,
      rates: DAY_ONE_RATES,
      quotes: [q('dollars', 'paperback-en', 'dollars-intl', '10.00 USD', 1), q('pounds', 'paperback-en', 'pounds-intl', '5.00 GBP', 1)],
      best: 'dollars', lowest: 'pounds',
      bestShows: { converted: `8.00 EUR at 0.80000000 of ${dayOf(1)}` },
      lowestConverted: `6.25 EUR at 1.25000000 of ${dayOf(1)}`,
    },
  ],
};
