import { ContainerModule } from 'inversify';
import type { AppConfig } from '../../../config/config.js';
import { EnrichmentQueue } from '../../application/catalog/ports/enrichment-queue.js';
import { FetchQueue } from '../../application/pricing/ports/fetch-runs.js';
import { consoleLogger } from '../../adapters/kits/console/console-output.js';
import { noEnrichment, PgBossEnrichmentQueue } from '../../adapters/scheduler/pg-boss-enrichment-queue.js';
import { PgBossFetchQueue } from '../../adapters/scheduler/pg-boss-fetch-queue.js';
import { StartedResources } from '../started-resources.js';

export const reportQueueError = (error: Error): void => void consoleLogger.error('job queue error', { error: error.message });

/** Fetch bundles and enrichment runs on the pg-boss queue the boot sequence started (shared by every instance). */
export const jobQueueModule = (config: AppConfig) =>
  new ContainerModule(({ bind }) => {
    bind(FetchQueue).toDynamicValue((context) => new PgBossFetchQueue(context.get(StartedResources).jobQueue));
    bind(EnrichmentQueue).toDynamicValue((context) =>
      config.metadata.sources.length === 0 ? noEnrichment : new PgBossEnrichmentQueue(context.get(StartedResources).jobQueue, reportQueueError),
    );
  });
