import type { Availability } from '../pricing/price-observation.js';
import type { Money } from '../shared/money.js';
import type { AlertFacts, LastAlertedPrices } from './alert-rules.js';
import type { EffectiveAlertSettings } from './alert-settings.js';

/** A quote of the edition at a store: a new one, or one stored earlier. */
export interface StoreQuote {
  storeId: number;
  price: Money;
  availability: Availability;
  /** A monthly quote's lowest price of the month (its `price` is the month's last); absent for a daily quote. */
  monthLowest?: Money | null;
  /** When it was fetched; a monthly quote: when the month's last daily quote was. */
  fetchedAt: Date;
  /** A large drop a second reading did not confirm (drop-confirmation.ts); absent: false. */
  suspect?: boolean;
}

export interface AlertFactsInput {
  quote: StoreQuote;
  /** The edition's quotes at every store stored before the new one, oldest first. */
  earlierQuotesOfEdition: readonly StoreQuote[];
  maxPrice: Money | null;
  /** What the latest alert of each kind told for this wish, edition and the new quote's store. */
  lastAlerted: LastAlertedPrices;
  /** The wish's alert settings with the account's defaults filled in (effectiveAlertSettings). */
  settings: EffectiveAlertSettings;
}

/**
 * Which earlier quotes the alert rules compare with ("earlier" is the order quotes were stored):
 *
 * - the store's previous price: its latest earlier quote in the new quote's currency (one in another currency is
 *   skipped, not compared), whatever that quote's availability;
 * - the store's previous availability: its latest earlier quote, whatever the currency;
 * - the lowest seen before: over the edition's earlier quotes in that currency at every store — also stores the
 *   user cannot buy from, and out-of-stock offers — counting a monthly quote by its month's lowest price;
 * - the lowest seen before in the last N days (`settings.lowestDays`): the same, over the earlier quotes fetched on
 *   or after midnight UTC N days before the new quote's UTC day (whole days: the day N days before is in, the day
 *   before that is out, whatever the hours). A monthly quote counts by its month's lowest when the month's last
 *   daily quote (its `fetchedAt`) is in the window: the consolidated days cannot be told apart, so a month reaching
 *   into the window counts whole — a price is never called the lowest in N days while a lower one of that month may
 *   have been seen inside them.
 *
 * A suspect quote (a large drop a second reading did not confirm) is no earlier quote: nothing is compared with it.
 */
export function alertFactsFor({ quote, earlierQuotesOfEdition, maxPrice, lastAlerted, settings }: AlertFactsInput): AlertFacts {
  const trusted = earlierQuotesOfEdition.filter((q) => q.suspect !== true);
  const atStore = trusted.filter((q) => q.storeId === quote.storeId);
  const inCurrency = (q: StoreQuote): boolean => q.price.currency === quote.price.currency;
  const lowestOf = (quotes: readonly StoreQuote[]): Money | null => lowest(quotes.filter(inCurrency).map((q) => q.monthLowest ?? q.price));
  const days = settings.lowestDays;
  const since = days === null ? null : windowStart(quote.fetchedAt, days);
  return {
    quote: { price: quote.price, availability: quote.availability, ...(quote.suspect === true ? { suspect: true } : {}) },
    maxPrice,
    previousPriceAtStore: atStore.findLast(inCurrency)?.price ?? null,
    previousAvailabilityAtStore: atStore.at(-1)?.availability ?? null,
    lowestBefore: lowestOf(trusted),
    lowestInDaysBefore: since === null ? null : lowestOf(trusted.filter((q) => q.fetchedAt >= since)),
    lastAlerted,
    settings,
  };
}

const DAY_MS = 86_400_000;

/** Midnight UTC `days` days before the UTC day of `at`: the first moment of "the last `days` days". */
export function windowStart(at: Date, days: number): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS - days * DAY_MS);
}

function lowest(prices: readonly Money[]): Money | null {
  return prices.reduce<Money | null>((low, p) => (low === null || p.toMinor() < low.toMinor() ? p : low), null);
}
