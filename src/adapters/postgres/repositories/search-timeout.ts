import type { EntityManager } from '@mikro-orm/postgresql';
import { ServiceUnavailableError } from '../../../domain/shared/domain-error.js';
import { isQueryCanceled } from '../pg-errors.js';

/** A search statement running longer than this is cancelled: far above the slowest query kind at 10M books. */
export const SEARCH_TIMEOUT_MS = 2_000;

/**
 * Runs a search's statements in one read transaction whose statements are cancelled after `timeoutMs`, so one
 * pathological term cannot hold a pooled connection; the cancellation answers 503 `service_unavailable`, never 500.
 */
export async function withinSearchTimeout<T>(em: EntityManager, timeoutMs: number, work: (em: EntityManager) => Promise<T>): Promise<T> {
  try {
    return await em.transactional(async (tx) => {
      await tx.execute(`set local statement_timeout = ${Math.trunc(timeoutMs)}`);
      return work(tx);
    });
  } catch (error) {
    if (isQueryCanceled(error)) {
      throw new ServiceUnavailableError(`The search took longer than ${timeoutMs} ms; try a longer or more specific term`, 1);
    }
    throw error;
  }
}
