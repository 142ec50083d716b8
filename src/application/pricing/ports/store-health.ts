import type { ServiceIdentifier } from 'inversify';
import type { FetchOutcome, OutcomeTally } from '../../../domain/pricing/store-health.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';

/**
 * Where price fetches report how they ended, on demand and daily alike. Kept as a small summary per store, minute and
 * outcome (not a row per fetch), so a store's health is a read of a few rows however many fetches it served.
 */
export interface FetchOutcomeLedger {
  /** Counts the outcomes; inside the caller's transaction when there is one. */
  record(outcomes: readonly FetchOutcome[]): Promise<void>;
}
export const FetchOutcomeLedger = Symbol.for('FetchOutcomeLedger') as ServiceIdentifier<FetchOutcomeLedger>;

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

/** Reads the ledger's tallies per store. */
export interface StoreHealthReader {
  /** One store's tallies, or null when no store has that id. */
  talliesOf(storeId: number, since: Date): Promise<StoreTallies | null>;
  /** A page of stores (by id) with their tallies: one statement. */
  pageOfTallies(query: StoreHealthQuery, request: PageRequest): Promise<PageSlice<StoreTallies>>;
}
export const StoreHealthReader = Symbol.for('StoreHealthReader') as ServiceIdentifier<StoreHealthReader>;
