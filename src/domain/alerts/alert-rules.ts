import type { Availability } from '../pricing/price-observation.js';
import type { Money } from '../shared/money.js';
import { isBelowMaxPrice } from '../wishes/wish-prices.js';
import { type AlertKind, PRICE_ALERT_KINDS, type PriceAlertKind } from './alert.js';
import type { EffectiveAlertSettings } from './alert-settings.js';

/** A price just seen at a store, as the alert rules read it. */
export interface QuotedPrice {
  price: Money;
  availability: Availability;
  /** A large drop that a second reading of the page did not confirm (drop-confirmation.ts); absent: false. */
  suspect?: boolean;
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
  /** The same over the last `settings.lowestDays` days; null when that kind is off or none was seen in them. */
  lowestInDaysBefore: Money | null;
  /** The wish's alert settings, the account's defaults filled in; a null setting turns its kind off. */
  settings: EffectiveAlertSettings;
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
 * The kinds a reader turns on (alert-settings.ts; a setting left null raises nothing):
 * - percent_drop: the price is at least `dropPercent` % under the store's previous price in the same currency
 *   (exactly N % counts: 100 × price ≤ (100 − N) × previous, in minor units).
 * - lowest_in_days: the price is lower than every price seen before for the edition in that currency in the last
 *   `lowestDays` days (which quotes count: alertFactsFor); as with new_lowest, nothing seen in the window is nothing
 *   to undercut, so the first price ever is not news.
 * - below_target: only for a wish without a max price of its own (its own max price is its target, and below_max_price
 *   tells it). The account's target is a max price — the one rule of isBelowMaxPrice, so a quote in another currency
 *   than the target's never meets it (alerts are not converted) — or a discount of N % from the lowest price seen
 *   before for the edition in the quote's currency (100 × price ≤ (100 − N) × lowest; 0 %: at or under the lowest
 *   ever; nothing seen before: no target).
 *
 * An out-of-stock offer is no buying chance, so it raises none of the price kinds. A suspect quote — a large drop
 * that a second reading of the page did not confirm (drop-confirmation.ts) — may be a misreading, so it raises none.
 *
 * Quiet while unchanged: a price kind is not raised again when the store's price has not moved since its previous
 * quote and the latest alert of that kind already told this very price. A price that moves away and comes back is
 * news again; back_in_stock is a change in itself and never kept quiet.
 *
 * Returned in the order of PRICE_ALERT_KINDS (a quote never raises `borrowable`: borrowable-alert.ts).
 */
export function alertKindsRaised(facts: AlertFacts): PriceAlertKind[] {
  if (facts.quote.suspect === true) return [];
  const applies: Record<PriceAlertKind, boolean> = {
    below_max_price: isBelowMaxPrice(facts.maxPrice, facts.quote),
    price_drop: isPriceDrop(facts),
    new_lowest: isNewLowest(facts),
    back_in_stock: isBackInStock(facts),
    percent_drop: isPercentDrop(facts),
    lowest_in_days: isLowestInDays(facts),
    below_target: isBelowTarget(facts),
  };
  return PRICE_ALERT_KINDS.filter((kind) => applies[kind] && !isQuiet(kind, facts));
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

function isPercentDrop({ quote, previousPriceAtStore, settings }: AlertFacts): boolean {
  return isBuyable(quote) && settings.dropPercent !== null && isPercentUnder(quote.price, previousPriceAtStore, settings.dropPercent);
}

function isLowestInDays({ quote, lowestInDaysBefore, settings }: AlertFacts): boolean {
  return isBuyable(quote) && settings.lowestDays !== null && isCheaper(quote.price, lowestInDaysBefore);
}

function isBelowTarget({ quote, maxPrice, lowestBefore, settings }: AlertFacts): boolean {
  const target = settings.defaultTarget;
  if (maxPrice !== null || target === null) return false;
  if ('maxPrice' in target) return isBelowMaxPrice(target.maxPrice, quote);
  return isBuyable(quote) && isPercentUnder(quote.price, lowestBefore, target.discountPercent);
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

/** At least `percent` % under `reference` (exactly counts); never without a reference in the same currency. */
function isPercentUnder(price: Money, reference: Money | null, percent: number): boolean {
  return reference !== null && sameCurrency(price, reference) && price.toMinor() * 100n <= reference.toMinor() * BigInt(100 - percent);
}

function isSamePrice(price: Money, other: Money | null): boolean {
  return other !== null && price.equals(other);
}
