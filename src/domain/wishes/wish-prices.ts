import type { EditionFormat } from '../catalog/edition.js';
import type { Availability } from '../pricing/price-observation.js';
import type { Money } from '../shared/money.js';
import type { Wish } from './wish.js';

/*
 * A wish's prices are read within its scope (price-scope.ts): the editions of its book in a format the user reads and
 * (when the user named readable languages) in one of them, quoted in the user's currency at a store the user can buy
 * from — or, when the user converts currencies, in any currency, converted (C11.4).
 */

/** A price converted into the user's currency (C11.4): the amount, the rate used and the day it was published. */
export interface Conversion {
  /** In the user's currency. */
  price: Money;
  /** Units of the user's currency per unit of the quote's, 8 decimals. */
  rate: string;
  /** YYYY-MM-DD. */
  rateDay: string;
}

/** A best price's conversion: its amount's, and its shipping and delivered price at the same rate. */
export interface BestPriceConversion extends Conversion {
  /** The shipping in the user's currency; null when unknown. */
  shipping: Money | null;
  /** `price + shipping` in the user's currency; null when the shipping is unknown. */
  delivered: Money | null;
}

/**
 * The cheapest offer now: among each (edition, store)'s latest quote in scope, not out of stock, the lowest delivered
 * price in the user's currency (the price alone when the shipping is unknown).
 */
export interface BestPrice {
  /** The quote's own price, in its own currency. */
  price: Money;
  /** Shipping to the user's country in the quote's currency ("0.00" when free); null when the store does not say (C11.5). */
  shipping: Money | null;
  /** `price + shipping`; null when the shipping is unknown. */
  delivered: Money | null;
  /** The conversion into the user's currency; null when the quote is in it. */
  converted: BestPriceConversion | null;
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
  /** In the quote's own currency. */
  price: Money;
  /** The conversion into the user's currency (at the quote's day); null when the quote is in it. */
  converted: Conversion | null;
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
  /** `isBelowMaxPrice(maxPrice, bestPrice)`. */
  belowMaxPrice: boolean;
}

/** An offer as the max price reads it: its price (and its conversion, if any) and whether it can be bought. */
export interface PricedOffer {
  price: Money;
  /** The price converted into the user's currency (a best price's `converted`); absent or null: not converted. */
  converted?: { price: Money } | null;
  availability: Availability;
}

/**
 * Below max price, the one statement of it (a wish's `belowMaxPrice`, and the below_max_price alert of a new quote):
 * the wish has a max price, the offer's price in the max price's currency — its own, else its conversion (C11.4) — is
 * at or under it, and it can be bought (an out-of-stock offer is no buying chance; a best price never is one). No max
 * price, no offer, or no price in the max's currency: never. Its SQL twin (sql-below-max-price.ts) filters wishes and
 * detects alerts; test/contracts/rules/below-max-price.ts holds the two equal.
 */
export function isBelowMaxPrice(maxPrice: Money | null, offer: PricedOffer | null): boolean {
  if (maxPrice === null || offer === null || offer.availability === 'out_of_stock') return false;
  const compared = [offer.price, offer.converted?.price].find((p) => p?.currency === maxPrice.currency);
  return compared !== undefined && compared.toMinor() <= maxPrice.toMinor();
}

/** A price in the user's currency: a converted one's conversion, else the price itself. */
export const userPriceOf = (p: { price: Money; converted: Conversion | null }): Money => p.converted?.price ?? p.price;
