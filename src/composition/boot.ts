import type { Container } from 'inversify';
import type PgBoss from 'pg-boss';
import type { AppConfig } from '../../config/config.js';
import { LogSink } from '../application/logging/log-sink.js';
import { openOrm, prepareDatabase } from '../adapters/postgres/database.js';
import type { DatabaseProvisioner } from '../adapters/postgres/database-provisioner.js';
import { EmbeddedDatabaseProvisioner } from '../adapters/postgres/embedded-database-provisioner.js';
import { localSecrets } from '../adapters/postgres/embedded-postgres.js';
import { ExternalDatabaseProvisioner } from '../adapters/postgres/external-database-provisioner.js';
import { readServiceSecret } from '../adapters/postgres/service-secret.js';
import { createQueue } from '../adapters/scheduler/job-queue-declaration.js';
import { type JobQueues, jobQueues } from '../adapters/scheduler/job-queues.js';
import { startPgBoss } from '../adapters/scheduler/pg-boss-fetch-queue.js';
import { reportQueueError } from '../adapters/scheduler/queue-errors.js';
import { configuredStores } from '../adapters/stores/recipes/configured-stores.js';
import { underAdvisoryLock } from '../adapters/kits/sql/advisory-lock.js';
import { type ContainerOptions, createContainer, type ProcessKind } from './container.js';
import { ShutdownStack } from './shutdown-stack.js';
import type { Started, StartedJobQueue } from './started.js';
import type { Say } from './tokens.js';

/** The advisory lock under which an instance starts the job queue and creates its queues. */
const QUEUE_SETUP_LOCK_KEY = 7_311_003;

/** What a process starts before its container is made. */
interface BootPlan {
  /** Upsert the reference data (taxonomy, stores) after migrating: the API and the job CLI do, the log tools do not. */
  seedReferenceData: boolean;
  poolMax: number;
  jobQueue: boolean;
  hsSecret: boolean;
}

function bootPlan(kind: ProcessKind, config: AppConfig): BootPlan {
  switch (kind) {
    case 'api':
      return { seedReferenceData: true, poolMax: config.dbPoolMax, jobQueue: true, hsSecret: true };
    case 'job':
      return { seedReferenceData: true, poolMax: config.dbPoolMax, jobQueue: true, hsSecret: false };
    // Migrations only (the `log` table and alert windows); reference data is the API's business.
    case 'logging-component':
      return { seedReferenceData: false, poolMax: config.dbPoolMax, jobQueue: false, hsSecret: false };
    case 'log-maintenance':
      return { seedReferenceData: false, poolMax: 2, jobQueue: false, hsSecret: false };
  }
}

export interface BootedProcess {
  started: Started;
  container: Container;
  /** Every step started so far, stopped in reverse by `unwind` (the process's stop). */
  shutdown: ShutdownStack;
}

/**
 * The one boot sequence of every process, in two phases. First what the bindings need, each step's stop pushed on
 * the shutdown stack as it starts: provision the database (start the embedded one, or check the operator's) →
 * migrate (and seed) under the advisory lock → read the cursor key → open the ORM → start the job queue with every
 * declared queue → read the HS256 secret. Then the container, made with those as constants, and the log sink.
 * A failure stops what had started.
 */
export async function bootProcess(config: AppConfig, kind: ProcessKind, options: ContainerOptions): Promise<BootedProcess> {
  const plan = bootPlan(kind, config);
  const shutdown = new ShutdownStack();
  try {
    const database = await startDatabase(config, plan, shutdown, options.say);
    // The log buffer is made with the container, but written after the job queue stops: its last jobs still log.
    const logBuffer = shutdown.reserve('log buffer');
    const jobQueue = plan.jobQueue ? await startJobQueue(database.databaseUrl, jobQueues(config.channels), shutdown) : null;
    const started: Started = Object.freeze({ ...database, jobQueue, hsSecret: plan.hsSecret ? await readHsSecret(config) : null });

    const container = createContainer(config, kind, started, shutdown, options);
    const logs = container.get(LogSink);
    logBuffer(() => logs.close());
    return { started, container, shutdown };
  } catch (error) {
    await shutdown.unwind();
    throw error;
  }
}

type StartedDatabase = Pick<Started, 'databaseUrl' | 'databaseLost' | 'cursorKey' | 'orm'>;

async function startDatabase(config: AppConfig, plan: BootPlan, shutdown: ShutdownStack, say: Say): Promise<StartedDatabase> {
  const provisioner: DatabaseProvisioner =
    config.database.kind === 'external'
      ? new ExternalDatabaseProvisioner(config.database.url)
      : new EmbeddedDatabaseProvisioner(config.database.dataDir, config.database.port, say);
  const database = await provisioner.start();
  shutdown.push('database', () => database.stop());
  const prepared = await prepareDatabase(database.url, plan.seedReferenceData ? configuredStores(config.stores) : null);
  if (prepared.appliedMigrations.length > 0) say(`Applied migrations: ${prepared.appliedMigrations.join(', ')}`);
  const cursorKey = await readServiceSecret(database.url, 'cursor');
  const orm = await openOrm(database.url, plan.poolMax);
  shutdown.push('database pool', () => orm.close(true));
  return { databaseUrl: database.url, databaseLost: database.lost ?? new Promise<Error>(() => undefined), cursorKey, orm };
}

/** pg-boss on the same database, with every declared queue created. */
async function startJobQueue(databaseUrl: string, queues: JobQueues, shutdown: ShutdownStack): Promise<StartedJobQueue> {
  // Creating a queue is DDL (a partition of pg-boss's job table): two instances starting together on a new database
  // deadlocked doing it at once, so one does it after the other.
  const boss: PgBoss = await underAdvisoryLock(databaseUrl, QUEUE_SETUP_LOCK_KEY, async () => {
    const started = await startPgBoss(databaseUrl, reportQueueError);
    // pg-boss's own graceful stop waits for its workers (the enrichment run), within what is left of the budget.
    shutdown.push('job queue', ({ deadline }) => started.stop({ graceful: true, wait: true, timeout: Math.min(30_000, Math.max(1_000, deadline - Date.now())) }));
    for (const queue of Object.values(queues)) await createQueue(started, queue);
    return started;
  });
  return { boss, queues };
}

/** JWT_SECRET, or the one kept in an embedded database's data folder; null without HS256. */
async function readHsSecret(config: AppConfig): Promise<string | null> {
  if (!config.auth.algorithms.includes('HS256')) return null;
  return config.auth.secret ?? (config.database.kind === 'embedded' ? (await localSecrets(config.database.dataDir)).jwtSecret : null);
}
