import type { EditionFormat } from '../catalog/edition.js';
import type { Availability } from '../pricing/price-observation.js';
import type { Money } from '../shared/money.js';
import type { Wish } from './wish.js';

/*
 * A wish's prices are read within its scope: the editions of its book in a format the user reads and (when the user
 * named readable languages) in one of them, quoted in the user's currency at a store the user can buy from.
 */

/** The cheapest offer now: among each (edition, store)'s latest quote in scope, the lowest not out of stock. */
export interface BestPrice {
  price: Money;
  editionId: number;
  /** The format of the quote's edition. */
  format: EditionFormat;
  storeId: number;
  /** The store's name, so a list of wishes names its stores without another lookup. */
  storeName: string;
  availability: Availability;
  fetchedAt: Date;
  url: string;
}

/** The lowest price ever seen in scope, daily quotes and monthly minima alike, out of stock or not. */
export interface LowestPrice {
  price: Money;
  editionId: number;
  /** The format of the quote's edition. */
  format: EditionFormat;
  storeId: number;
  fetchedAt: Date;
}

/** A wish as the user sees it: with its best and lowest price. */
export interface PricedWish extends Wish {
  bestPrice: BestPrice | null;
  lowestPrice: LowestPrice | null;
  /** True when the wish has a max price in the best price's currency and the best price is at or under it. */
  belowMaxPrice: boolean;
}

/** The rule of `belowMaxPrice`: no max price, no best price or another currency is never below. */
export function isBelowMaxPrice(maxPrice: Money | null, best: BestPrice | null): boolean {
  if (maxPrice === null || best === null || maxPrice.currency !== best.price.currency) return false;
  return best.price.toMinor() <= maxPrice.toMinor();
}
