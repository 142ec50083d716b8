import type { EntityManager } from '@mikro-orm/postgresql';
import { ServiceUnavailableError } from '../../../domain/shared/domain-error.js';
import { readsWithTimeout, type TimedReads } from '../../kits/sql/timed-reads.js';
import { isQueryCanceled } from '../pg-errors.js';

/** A search statement running longer than this is cancelled: far above the slowest query kind at 10M books. */
export const SEARCH_TIMEOUT_MS = 2_000;

/**
 * Runs a search's reads in one read-only transaction whose statements are cancelled after `timeoutMs`
 * (kits/sql/timed-reads.ts), so one pathological term cannot hold a pooled connection; the cancellation answers 503
 * `service_unavailable`, never 500.
 */
export async function withinSearchTimeout<T>(em: EntityManager, timeoutMs: number, work: (reads: TimedReads) => Promise<T>): Promise<T> {
  try {
    return await readsWithTimeout(em, timeoutMs, work);
  } catch (error) {
    if (isQueryCanceled(error)) {
      throw new ServiceUnavailableError(`The search took longer than ${timeoutMs} ms; try a longer or more specific term`, 1);
    }
    throw error;
  }
}
