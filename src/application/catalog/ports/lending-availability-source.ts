import type { ServiceIdentifier } from 'inversify';
import type { LendingOffer } from '../../../domain/catalog/borrow-availability.js';

export type LendingCheck =
  /** By ISBN-13; an ISBN the programme does not hold is absent. */
  | { kind: 'checked'; offers: Map<string, LendingOffer> }
  /**
   * The programme could not be reached, or answered 5xx/429/an unreadable body (after its retries). Answered for the
   * whole check when any of its requests failed: a partial map would pass the unasked ISBNs off as not lendable.
   */
  | { kind: 'unavailable'; message: string; retryAfterSeconds?: number };

/**
 * A lending programme asked whether editions can be borrowed as e-books: Open Library's today, a library catalogue
 * (a local library's OPAC, an OverDrive-like service) as another adapter later. Only ISBNs are sent. Never throws for
 * trouble at the source, it answers `unavailable`; `signal`: the caller stops (the call then rejects at once).
 */
export interface LendingAvailabilitySource {
  /** Several ISBN-13s at once (batched by the adapter as its API allows). */
  check(isbn13s: readonly string[], signal?: AbortSignal): Promise<LendingCheck>;
}
export const LendingAvailabilitySource = Symbol.for('LendingAvailabilitySource') as ServiceIdentifier<LendingAvailabilitySource>;
