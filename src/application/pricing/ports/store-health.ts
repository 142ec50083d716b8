import type { ServiceIdentifier } from 'inversify';
import type { OutcomeTally } from '../../../domain/pricing/store-health.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';

/** A store's outcome tallies since a moment. */
export interface StoreTallies {
  storeId: number;
  tallies: OutcomeTally[];
}

export interface StoreHealthQuery {
  /** Only these stores (unknown ids are simply absent); all stores when absent. */
  ids?: readonly number[];
  since: Date;
}

/** Reads the tallies the FetchOutcomeLedger keeps, per store. */
export interface StoreHealthReader {
  /** One store's tallies, or null when no store has that id. */
  talliesOf(storeId: number, since: Date): Promise<StoreTallies | null>;
  /** A page of stores (by id) with their tallies: one statement. */
  pageOfTallies(query: StoreHealthQuery, request: PageRequest): Promise<PageSlice<StoreTallies>>;
}
export const StoreHealthReader = Symbol.for('StoreHealthReader') as ServiceIdentifier<StoreHealthReader>;
