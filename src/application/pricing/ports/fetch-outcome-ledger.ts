import type { ServiceIdentifier } from 'inversify';
import type { FetchOutcome } from '../../../domain/pricing/store-health.js';

/**
 * Where price fetches report how they ended, on demand and daily alike. Kept as a small summary per store, minute and
 * outcome (not a row per fetch), so a store's health is a read of a few rows however many fetches it served.
 */
export interface FetchOutcomeLedger {
  /** Counts the outcomes; inside the caller's transaction when there is one. */
  record(outcomes: readonly FetchOutcome[]): Promise<void>;
}
export const FetchOutcomeLedger = Symbol.for('FetchOutcomeLedger') as ServiceIdentifier<FetchOutcomeLedger>;
