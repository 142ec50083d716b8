import type { MikroORM } from '@mikro-orm/postgresql';
import { ContainerModule } from 'inversify';
import type { AppConfig } from '../../../config/config.js';
import { ChannelMessageQueue } from '../../application/alerts/ports/channel-message-queue.js';
import { ChannelTestQueue } from '../../application/alerts/ports/channel-test-queue.js';
import { EnrichmentProgressReport } from '../../application/catalog/ports/enrichment-progress-report.js';
import { EnrichmentQueue } from '../../application/catalog/ports/enrichment-queue.js';
import { FetchQueue } from '../../application/pricing/ports/fetch-queue.js';
import { ConsoleEnrichmentProgressReport } from '../../adapters/scheduler/console-enrichment-progress-report.js';
import { PgBossChannelMessageQueue } from '../../adapters/scheduler/pg-boss-channel-message-queue.js';
import { PgBossChannelTestQueue } from '../../adapters/scheduler/pg-boss-channel-test-queue.js';
import { noEnrichment, PgBossEnrichmentQueue } from '../../adapters/scheduler/pg-boss-enrichment-queue.js';
import { PgBossFetchQueue } from '../../adapters/scheduler/pg-boss-fetch-queue.js';
import { reportQueueError } from '../../adapters/scheduler/queue-errors.js';
import type { StartedJobQueue } from '../started.js';

/**
 * The senders of the declared queues on the pg-boss the boot started (shared by every instance): fetch bundles,
 * enrichment runs (none without a metadata source), channel tests, and channel messages, queued on the transaction of
 * the use case that stores their alerts. Each queue's handler is an injectable class its declaration names.
 */
export const jobQueueModule = (config: AppConfig, { boss, queues }: StartedJobQueue, orm: MikroORM) =>
  new ContainerModule(({ bind }) => {
    bind(FetchQueue).toConstantValue(new PgBossFetchQueue(boss, queues.fetch));
    bind(EnrichmentQueue).toConstantValue(
      config.metadata.sources.length === 0 ? noEnrichment : new PgBossEnrichmentQueue(boss, queues.enrichment, reportQueueError),
    );
    bind(ChannelTestQueue).toConstantValue(new PgBossChannelTestQueue(boss, queues.channelTest));
    bind(ChannelMessageQueue).toConstantValue(new PgBossChannelMessageQueue(boss, orm.em, queues.channelMessage));
    bind(EnrichmentProgressReport).toConstantValue(new ConsoleEnrichmentProgressReport());
  });
