import { ContainerModule } from 'inversify';
import type { AppConfig } from '../../../config/config.js';
import { ChannelMessageQueue } from '../../application/alerts/ports/channel-message-queue.js';
import { ChannelTestQueue } from '../../application/alerts/ports/channel-test-queue.js';
import { EnrichmentQueue } from '../../application/catalog/ports/enrichment-queue.js';
import { FetchQueue } from '../../application/pricing/ports/fetch-runs.js';
import { consoleLogger } from '../../adapters/kits/console/console-output.js';
import { sqlOnCurrentTransaction } from '../../adapters/kits/sql/transaction-sql.js';
import { PgBossChannelMessageQueue } from '../../adapters/scheduler/pg-boss-channel-message-queue.js';
import { PgBossChannelTestQueue } from '../../adapters/scheduler/pg-boss-channel-test-queue.js';
import { noEnrichment, PgBossEnrichmentQueue } from '../../adapters/scheduler/pg-boss-enrichment-queue.js';
import { PgBossFetchQueue } from '../../adapters/scheduler/pg-boss-fetch-queue.js';
import { StartedResources } from '../started-resources.js';

export const reportQueueError = (error: Error): void => void consoleLogger.error('job queue error', { error: error.message });

/**
 * Fetch bundles, enrichment runs, channel messages and channel tests on the pg-boss queue the boot sequence started
 * (shared by every instance). Channel messages are queued on the transaction of the use case that stores their alerts.
 */
export const jobQueueModule = (config: AppConfig) =>
  new ContainerModule(({ bind }) => {
    bind(FetchQueue).toDynamicValue((context) => new PgBossFetchQueue(context.get(StartedResources).jobQueue));
    bind(EnrichmentQueue).toDynamicValue((context) =>
      config.metadata.sources.length === 0 ? noEnrichment : new PgBossEnrichmentQueue(context.get(StartedResources).jobQueue, reportQueueError),
    );
    bind(ChannelTestQueue).toDynamicValue((context) => new PgBossChannelTestQueue(context.get(StartedResources).jobQueue));
    bind(ChannelMessageQueue).toDynamicValue((context) => {
      const resources = context.get(StartedResources);
      return new PgBossChannelMessageQueue(() => resources.jobQueue, () => sqlOnCurrentTransaction(resources.orm.em));
    });
  });
