import type { Availability } from '../pricing/price-observation.js';
import type { Money } from '../shared/money.js';
import { isBelowMaxPrice } from '../wishes/wish-prices.js';
import { ALERT_KINDS, type AlertKind } from './alert.js';

/** A price just seen at a store, as the alert rules read it. */
export interface QuotedPrice {
  price: Money;
  availability: Availability;
}

/**
 * Everything the alert rules compare a new quote with, for one wish, one edition and one store. Which earlier
 * quotes these come from is stated by `alertFactsFor` (alert-facts.ts).
 */
export interface AlertFacts {
  quote: QuotedPrice;
  /** The wish's max price, or null when the user set none. */
  maxPrice: Money | null;
  /** The store's previous price for the edition in the new quote's currency; null when it has none. */
  previousPriceAtStore: Money | null;
  /** Whether the store's previous quote for the edition (in any currency) said; null for its first quote. */
  previousAvailabilityAtStore: Availability | null;
  /** The lowest price seen before for the edition in the new quote's currency; null when none was seen. */
  lowestBefore: Money | null;
  /** The price the latest alert of each kind told for this wish, edition and store. */
  lastAlerted: LastAlertedPrices;
}

export type LastAlertedPrices = Partial<Record<AlertKind, Money>>;

/**
 * The alert kinds a new quote raises for a wish that watches it (monitored, an edition the user reads, a store the
 * user can buy from — decided before these rules):
 *
 * - below_max_price: the wish's max price and the quote, by the one rule of it (isBelowMaxPrice, wish-prices.ts).
 * - price_drop: the price is lower than the store's previous price (in the same currency).
 * - new_lowest: the price is lower than every price seen before for the edition in that currency; the first price
 *   ever seen is not a new lowest, as there is nothing to undercut.
 * - back_in_stock: the store's previous quote was out of stock and this one is in stock (a preorder or an unknown
 *   availability is not "back").
 *
 * An out-of-stock offer is no buying chance, so it raises none of the price kinds.
 *
 * Quiet while unchanged: a price kind is not raised again when the store's price has not moved since its previous
 * quote and the latest alert of that kind already told this very price. A price that moves away and comes back is
 * news again; back_in_stock is a change in itself and never kept quiet.
 *
 * Returned in the order of ALERT_KINDS.
 */
export function alertKindsRaised(facts: AlertFacts): AlertKind[] {
  const applies: Record<AlertKind, boolean> = {
    below_max_price: isBelowMaxPrice(facts.maxPrice, facts.quote),
    price_drop: isPriceDrop(facts),
    new_lowest: isNewLowest(facts),
    back_in_stock: isBackInStock(facts),
  };
  return ALERT_KINDS.filter((kind) => applies[kind] && !isQuiet(kind, facts));
}

function isPriceDrop({ quote, previousPriceAtStore }: AlertFacts): boolean {
  return isBuyable(quote) && isCheaper(quote.price, previousPriceAtStore);
}

function isNewLowest({ quote, lowestBefore }: AlertFacts): boolean {
  return isBuyable(quote) && isCheaper(quote.price, lowestBefore);
}

function isBackInStock({ quote, previousAvailabilityAtStore }: AlertFacts): boolean {
  return previousAvailabilityAtStore === 'out_of_stock' && quote.availability === 'in_stock';
}

function isQuiet(kind: AlertKind, { quote, previousPriceAtStore, lastAlerted }: AlertFacts): boolean {
  if (kind === 'back_in_stock') return false;
  const told = lastAlerted[kind];
  return isSamePrice(quote.price, previousPriceAtStore) && isSamePrice(quote.price, told ?? null);
}

function isBuyable(quote: QuotedPrice): boolean {
  return quote.availability !== 'out_of_stock';
}

function sameCurrency(a: Money, b: Money): boolean {
  return a.currency === b.currency;
}

/** Lower than `other`; never when there is no other price or it is in another currency (no conversion). */
function isCheaper(price: Money, other: Money | null): boolean {
  return other !== null && sameCurrency(price, other) && price.toMinor() < other.toMinor();
}

function isSamePrice(price: Money, other: Money | null): boolean {
  return other !== null && price.equals(other);
}
