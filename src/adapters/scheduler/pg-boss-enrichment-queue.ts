import type PgBoss from 'pg-boss';
import type { EnrichmentQueue } from '../../application/catalog/ports/enrichment-queue.js';
import type { EnrichmentRunRequest } from '../../application/catalog/run-enrichment.js';
import type { JobQueueDeclaration } from './job-queue-declaration.js';

/** Asks for a run; the queue is 'stately' (job-queues.ts), so a run already waiting makes this one nothing. */
export class PgBossEnrichmentQueue implements EnrichmentQueue {
  constructor(
    private readonly boss: PgBoss,
    private readonly queue: JobQueueDeclaration<EnrichmentRunRequest>,
    private readonly onError: (error: Error) => void,
  ) {}

  async enqueue(): Promise<void> {
    try {
      // Answers null when a run is already waiting: nothing more to do.
      await this.boss.send(this.queue.name, {});
    } catch (error) {
      this.onError(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

/** With no metadata source configured there is nothing to ask: enqueuing does nothing. */
export const noEnrichment: EnrichmentQueue = { enqueue: async () => undefined };
