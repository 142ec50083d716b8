import type { ServiceIdentifier } from 'inversify';
import type { PriceFetchResult } from '../../../domain/pricing/price-observation.js';

/** One store's page for one edition, with what the adapter needs to read it. */
export interface StoreTarget {
  storeId: number;
  storeKey: string;
  /** The product URL, from the store's template and the edition's ISBN-13 or GTIN. */
  productUrl: string;
  currency: string;
  /** Null for a product identified by its GTIN alone. */
  isbn13: string | null;
  /** The edition's GTIN (canonical form, `domain/catalog/gtin.ts`), when it has one. */
  gtin?: string | null;
  /** Store-specific reading hints (selectors, offer choice); opaque to the application. */
  extraction: Record<string, unknown>;
}

/**
 * Who waits for the answer: a user on a request, or nobody (`null`: the daily fetch). At a busy store a user's
 * request goes before the scheduled ones still waiting, and users take turns.
 */
export type FetchRequester = { userId: number } | null;

/** Reads the current price of an edition at a store; never throws for store trouble, it answers a typed failure. */
export interface PriceSource {
  fetchPrice(target: StoreTarget, requester?: FetchRequester): Promise<PriceFetchResult>;
}
export const PriceSource = Symbol.for('PriceSource') as ServiceIdentifier<PriceSource>;
