import { Money } from '../shared/money.js';
import type { Availability, PriceFetchResult } from './price-observation.js';

/**
 * Confirm before alarming (issue 26 §11). A misread page — a sale price of an accessory, a price cut by a change of
 * markup — most often shows as a steep drop, and a steep drop is what raises alerts. So a new price more than
 * `percent` % under the store's previous price (its latest quote of the edition in that currency that is not itself
 * suspect), that can be bought (an out-of-stock price raises no price alert), for an edition a monitored wish
 * watches, is read once more, through the same store, before its alerts go out:
 *
 * - the second reading gives the same amount in the same currency: the quote stands and alerts as usual;
 * - it gives another amount, or no price at all (a refusal, a failed fetch): the first quote is kept, marked
 *   suspect; it raises no alert and later quotes are not compared with it (alert-facts.ts).
 *
 * `percent` null: never read twice. Exactly `percent` % is not more: 100 × price < (100 − percent) × previous, in
 * minor units.
 */
export function needsSecondReading(
  quote: { price: Money; availability: Availability },
  previous: Money | null,
  percent: number | null,
): boolean {
  if (percent === null || previous === null || quote.availability === 'out_of_stock') return false;
  if (previous.currency !== quote.price.currency) return false;
  return quote.price.toMinor() * 100n < previous.toMinor() * BigInt(100 - percent);
}

/** The second reading says what the first did: a price, the same amount in the same currency. */
export function secondReadingAgrees(first: Money, second: PriceFetchResult): boolean {
  if (!second.ok) return false;
  try {
    return Money.parse(second.observation.amount, second.observation.currency).equals(first);
  } catch {
    return false;
  }
}
