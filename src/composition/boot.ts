import type { Container } from 'inversify';
import { LogSink } from '../application/logging/log-sink.js';
import { openOrm, prepareDatabase } from '../adapters/postgres/database.js';
import { DatabaseProvisioner } from '../adapters/postgres/database-provisioner.js';
import { localSecrets } from '../adapters/postgres/embedded-postgres.js';
import { readServiceSecret } from '../adapters/postgres/service-secret.js';
import { createChannelMessageQueue } from '../adapters/scheduler/pg-boss-channel-message-queue.js';
import { createChannelTestQueue } from '../adapters/scheduler/pg-boss-channel-test-queue.js';
import { createEnrichmentQueue } from '../adapters/scheduler/pg-boss-enrichment-queue.js';
import { startPgBoss } from '../adapters/scheduler/pg-boss-fetch-queue.js';
import { configuredStores } from '../adapters/stores/recipes/configured-stores.js';
import { underAdvisoryLock } from '../adapters/kits/sql/advisory-lock.js';
import { reportQueueError } from './modules/job-queue-module.js';
import { ShutdownStack } from './shutdown-stack.js';
import { StartedResources } from './started-resources.js';
import { Config, Say } from './tokens.js';

/** The advisory lock under which an instance starts the job queue and creates its queues. */
const QUEUE_SETUP_LOCK_KEY = 7_311_003;

export interface DatabaseBoot {
  /** Upsert the reference data (taxonomy, stores) after migrating: the API and the job CLI do, the log tools do not. */
  seedReferenceData: boolean;
  poolMax: number;
}

/**
 * The one boot sequence of every process: provision the database (start the embedded one, or check the operator's
 * answers) → migrate (and seed) under the advisory lock → open the ORM, then the log sink. Each step's stop is
 * pushed on the shutdown stack as it starts, so a stop unwinds them in reverse.
 */
export async function bootDatabase(container: Container, options: DatabaseBoot): Promise<void> {
  const config = container.get(Config);
  const shutdown = container.get(ShutdownStack);
  const resources = container.get(StartedResources);
  const database = await container.get(DatabaseProvisioner).start();
  shutdown.push('database', () => database.stop());
  const prepared = await prepareDatabase(database.url, options.seedReferenceData ? configuredStores(config.stores) : null);
  if (prepared.appliedMigrations.length > 0) container.get(Say)(`Applied migrations: ${prepared.appliedMigrations.join(', ')}`);
  resources.databaseStarted(database.url, database.lost ?? new Promise<Error>(() => undefined));
  resources.cursorKeyRead(await readServiceSecret(database.url, 'cursor'));
  const orm = await openOrm(database.url, options.poolMax);
  shutdown.push('database pool', () => orm.close(true));
  resources.ormOpened(orm);
  const logs = container.get(LogSink);
  shutdown.push('log buffer', () => logs.close());
}

/** pg-boss on the same database, with the fetch, enrichment, channel message and channel test queues; after bootDatabase. */
export async function bootJobQueue(container: Container): Promise<void> {
  const shutdown = container.get(ShutdownStack);
  const databaseUrl = container.get(StartedResources).databaseUrl;
  const { retryLimit, retryDelaySeconds } = container.get(Config).channels;
  // Creating a queue is DDL (a partition of pg-boss's job table): two instances starting together on a new database
  // deadlocked doing it at once, so one does it after the other.
  const boss = await underAdvisoryLock(databaseUrl, QUEUE_SETUP_LOCK_KEY, async () => {
    const started = await startPgBoss(databaseUrl, reportQueueError);
    // pg-boss's own graceful stop waits for its workers (the enrichment run), within what is left of the budget.
    shutdown.push('job queue', ({ deadline }) => started.stop({ graceful: true, wait: true, timeout: Math.min(30_000, Math.max(1_000, deadline - Date.now())) }));
    await createEnrichmentQueue(started);
    await createChannelTestQueue(started);
    await createChannelMessageQueue(started, { retryLimit, retryDelaySeconds });
    return started;
  });
  container.get(StartedResources).jobQueueStarted(boss);
}

/** The HS256 secret: JWT_SECRET, or the one kept in an embedded database's data folder; null without HS256. */
export async function bootHsSecret(container: Container): Promise<void> {
  const config = container.get(Config);
  if (!config.auth.algorithms.includes('HS256')) return;
  container.get(StartedResources).hsSecret =
    config.auth.secret ?? (config.database.kind === 'embedded' ? (await localSecrets(config.database.dataDir)).jwtSecret : null);
}
