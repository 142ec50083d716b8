import type { ServiceIdentifier } from 'inversify';
import type { EditionFormat } from '../../../domain/catalog/edition.js';
import type { NewDailyQuote, PriceQuote } from '../../../domain/pricing/price-quote.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';
import type { StoreTarget } from './price-source.js';

export interface EditionTargets {
  editionId: number;
  bookId: number;
  /** Null for a product identified by its GTIN alone. */
  isbn: string | null;
  format: EditionFormat;
  /** Active stores selling the edition's format. */
  targets: StoreTarget[];
}

export type CooldownClaim = { claimed: true } | { claimed: false; retryAfterSeconds: number };

/** How many on-demand fetches one user may start per window. */
export interface UserFetchQuota {
  limit: number;
  windowSeconds: number;
}

export interface PricingRepository {
  editionTargets(editionId: number): Promise<EditionTargets | null>;
  /** Targets of the given (edition, store) pairs, for queued fetch tasks. */
  taskTarget(editionId: number, storeId: number): Promise<{ bookId: number; target: StoreTarget } | null>;
  /** Claims the on-demand fetch of an edition unless one happened within the cooldown (shared by all instances). */
  claimOnDemandFetch(editionId: number, cooldownSeconds: number, now: Date): Promise<CooldownClaim>;
  /**
   * Counts one on-demand fetch against the user's quota: at most `limit` per window of `windowSeconds` (a window
   * starts with the first fetch after the previous one ended; shared by all instances).
   */
  claimUserFetch(userId: number, quota: UserFetchQuota, now: Date): Promise<CooldownClaim>;
  addDailyQuotes(quotes: readonly NewDailyQuote[]): Promise<PriceQuote[]>;
  pageOfEdition(editionId: number, request: PageRequest): Promise<PageSlice<PriceQuote>>;
}
export const PricingRepository = Symbol.for('PricingRepository') as ServiceIdentifier<PricingRepository>;
