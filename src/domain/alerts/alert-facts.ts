import type { Availability } from '../pricing/price-observation.js';
import type { Money } from '../shared/money.js';
import type { AlertFacts, LastAlertedPrices } from './alert-rules.js';

/** A quote of the edition at a store: a new one, or one stored earlier. */
export interface StoreQuote {
  storeId: number;
  price: Money;
  availability: Availability;
  /** A monthly quote's lowest price of the month (its `price` is the month's last); absent for a daily quote. */
  monthLowest?: Money | null;
}

export interface AlertFactsInput {
  quote: StoreQuote;
  /** The edition's quotes at every store stored before the new one, oldest first. */
  earlierQuotesOfEdition: readonly StoreQuote[];
  maxPrice: Money | null;
  /** What the latest alert of each kind told for this wish, edition and the new quote's store. */
  lastAlerted: LastAlertedPrices;
}

/**
 * Which earlier quotes the alert rules compare with ("earlier" is the order quotes were stored):
 *
 * - the store's previous price: its latest earlier quote in the new quote's currency (one in another currency is
 *   skipped, not compared), whatever that quote's availability;
 * - the store's previous availability: its latest earlier quote, whatever the currency;
 * - the lowest seen before: over the edition's earlier quotes in that currency at every store — also stores the
 *   user cannot buy from, and out-of-stock offers — counting a monthly quote by its month's lowest price.
 */
export function alertFactsFor({ quote, earlierQuotesOfEdition, maxPrice, lastAlerted }: AlertFactsInput): AlertFacts {
  const atStore = earlierQuotesOfEdition.filter((q) => q.storeId === quote.storeId);
  const inCurrency = (q: StoreQuote): boolean => q.price.currency === quote.price.currency;
  return {
    quote: { price: quote.price, availability: quote.availability },
    maxPrice,
    previousPriceAtStore: atStore.findLast(inCurrency)?.price ?? null,
    previousAvailabilityAtStore: atStore.at(-1)?.availability ?? null,
    lowestBefore: lowest(earlierQuotesOfEdition.filter(inCurrency).map((q) => q.monthLowest ?? q.price)),
    lastAlerted,
  };
}

function lowest(prices: readonly Money[]): Money | null {
  return prices.reduce<Money | null>((low, p) => (low === null || p.toMinor() < low.toMinor() ? p : low), null);
}
