import { Money } from '../shared/money.js';

/*
 * What a store charges to deliver (CONTRACT C11.5), stated in its recipe per destination country, or `*` for every
 * other one. The delivered price ranks best prices; the SQL that ranks them plays this rule, held equal by the case
 * table in test/contracts/rules/best-price-scope.ts.
 */

/** The wildcard destination: every country the recipe does not name. */
export const ANY_DESTINATION = '*';

/** One destination's charges, in the store's currency. */
export interface ShippingRate {
  /** Charged once per order. */
  flat: Money;
  /** An order of at least this much ships free; null: never free. */
  freeFrom: Money | null;
  /** Added for each item after the first; null: none. */
  perExtraItem: Money | null;
}

/** Destination (ISO 3166-1 alpha-2, or ANY_DESTINATION) → its charges. */
export type ShippingRules = ReadonlyMap<string, ShippingRate>;

/** The charges to `country`: its own, else the wildcard's; null when the rules do not say (shipping unknown). */
export function shippingRateTo(rules: ShippingRules | null, country: string | null): ShippingRate | null {
  if (rules === null) return null;
  return (country === null ? undefined : rules.get(country)) ?? rules.get(ANY_DESTINATION) ?? null;
}

/**
 * What an order of `items` items worth `order` costs to ship to `country`; null when unknown (no rules for that
 * destination, or a price in another currency than the rules').
 */
export function shippingFor(rules: ShippingRules | null, country: string | null, order: Money, items = 1): Money | null {
  const rate = shippingRateTo(rules, country);
  if (rate === null || rate.flat.currency !== order.currency) return null;
  if (rate.freeFrom !== null && order.toMinor() >= rate.freeFrom.toMinor()) return Money.fromMinor(0, order.currency);
  const extra = rate.perExtraItem === null ? 0n : rate.perExtraItem.toMinor() * BigInt(Math.max(0, items - 1));
  return Money.fromMinor(rate.flat.toMinor() + extra, order.currency);
}

/** A price with its shipping: the sum, or null when the shipping is unknown. */
export function deliveredPrice(price: Money, shipping: Money | null): Money | null {
  return shipping === null ? null : Money.fromMinor(price.toMinor() + shipping.toMinor(), price.currency);
}

/**
 * What ranks offers: the delivered price, or the price alone when the shipping is unknown (C11.5: "a quote with
 * unknown shipping counting its amount alone").
 */
export function rankingAmount(price: Money, shipping: Money | null): Money {
  return deliveredPrice(price, shipping) ?? price;
}
