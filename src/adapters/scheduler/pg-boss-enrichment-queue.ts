import type PgBoss from 'pg-boss';
import type { EnrichmentQueue } from '../../application/catalog/ports/enrichment-queue.js';

export const ENRICHMENT_QUEUE = 'enrich-editions';

/**
 * The enrichment queue: 'stately', so at most one run waits and one runs across every instance (an import while a
 * run waits adds nothing: that run will see its editions). A failed run (no source reachable) is retried with backoff.
 */
export async function createEnrichmentQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(ENRICHMENT_QUEUE, {
    name: ENRICHMENT_QUEUE, policy: 'stately', retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 900,
  });
}

export class PgBossEnrichmentQueue implements EnrichmentQueue {
  constructor(
    private readonly boss: PgBoss,
    private readonly onError: (error: Error) => void,
  ) {}

  async enqueue(): Promise<void> {
    try {
      // Answers null when a run is already waiting: nothing more to do.
      await this.boss.send(ENRICHMENT_QUEUE, {});
    } catch (error) {
      this.onError(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

/** With no metadata source configured there is nothing to ask: enqueuing does nothing. */
export const noEnrichment: EnrichmentQueue = { enqueue: async () => undefined };

export interface EnrichmentWorker {
  stop(): Promise<void>;
}

/**
 * This instance's worker for enrichment runs. A run that throws (the sources unavailable) fails the job, so pg-boss
 * retries it later with backoff; a run that finds nothing pending completes it.
 */
export async function startEnrichmentWorker(boss: PgBoss, run: () => Promise<void>): Promise<EnrichmentWorker> {
  await boss.work(ENRICHMENT_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async () => run());
  return { stop: () => boss.offWork(ENRICHMENT_QUEUE) };
}
