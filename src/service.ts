import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type PgBoss from 'pg-boss';
import { Router } from 'express';
import type { Container } from 'inversify';
import type { AppConfig } from '../config/config.js';
import { EnrichImportedEditions } from './application/catalog/enrich-imported-editions.js';
import { IdentifyImportedBooks } from './application/catalog/identify-imported-books.js';
import { EnrichmentQueue } from './application/catalog/ports/enrichment-queue.js';
import { LogSink } from './application/logging/log-sink.js';
import { ConsolidateMonth } from './application/pricing/consolidate-month.js';
import { FetchQueue, type FetchTask, FetchRunRepository } from './application/pricing/ports/fetch-runs.js';
import { ScheduledRuns } from './application/pricing/ports/scheduled-runs.js';
import { RunFetchBundle } from './application/pricing/run-fetch-bundle.js';
import { StartFetchRun } from './application/pricing/start-fetch-run.js';
import { Clock } from './application/shared/clock.js';
import { RequestScope } from './application/shared/request-scope.js';
import { UserDirectory } from './application/users/user-directory.js';
import { apiRoutes } from './adapters/http/api-routes.js';
import { authenticate } from './adapters/http/auth/authenticate.js';
import { keySourceFromConfig } from './adapters/http/auth/jwt-key-source-from-config.js';
import { JwtVerifier } from './adapters/http/auth/jwt-verifier.js';
import { healthRoutes } from './adapters/http/health-routes.js';
import { createHttpApp } from './adapters/http/http-app.js';
import { listen } from './adapters/http/http-server.js';
import { CursorCodec } from './adapters/http/pagination/cursor-codec.js';
import { Paginator } from './adapters/http/pagination/page-links.js';
import { consoleLogger } from './adapters/logging/console-output.js';
import type { LogBatchWriting } from './adapters/logging/in-process-logging-module.js';
import { openOrm, prepareDatabase } from './adapters/postgres/database.js';
import { DatabaseProvisioner } from './adapters/postgres/database-provisioner.js';
import { localSecrets } from './adapters/postgres/embedded-postgres.js';
import { isDatabaseUnavailable } from './adapters/postgres/pg-errors.js';
import { CronScheduler } from './adapters/scheduler/cron-scheduler.js';
import {
  createEnrichmentQueue,
  noEnrichment,
  PgBossEnrichmentQueue,
  startEnrichmentWorker,
} from './adapters/scheduler/pg-boss-enrichment-queue.js';
import { type FetchWorkers, startFetchWorkers } from './adapters/scheduler/fetch-workers.js';
import { PgBossFetchQueue, startPgBoss } from './adapters/scheduler/pg-boss-fetch-queue.js';
import { startDemoMetadataServer } from './adapters/metadata/demo/index.js';
import { startDemoStoreServer } from './adapters/stores/demo/index.js';
import { createWebRoutes } from './adapters/web/web-routes.js';
import { previousMonth } from './domain/pricing/month.js';
import { createContainer, loadRuntimeModules } from './container.js';
import { componentRoutes, retentionJob, startAlertSweep } from './logging-service.js';
import { ShutdownStack } from './shutdown-stack.js';

export const SERVICE_VERSION = '0.1.0';
/** Cursors are integrity-checked, not secret: a forged one could only point at another position. */
const CURSOR_KEY = 'shelfwatch-cursor-v1';
/** Each worker holds one bundle of fetch tasks (TASKS_PER_JOB) at a time: 8 × 32 tasks in hand per instance. */
const FETCH_WORKERS = 8;

export interface RunningService {
  url: string;
  port: number;
  databaseUrl: string;
  /** The HS256 secret in use (development token printing), null with public-key verification. */
  hsSecret: string | null;
  orm: MikroORM;
  container: Container;
  /** Graceful, bounded by SHUTDOWN_GRACE_MS (then about 10 s for the rest): stop the scheduler, stop taking
   *  requests and let those in flight finish, finish or hand back the fetch bundles in hand, stop the demonstration
   *  servers, the job queue, flush logs, close the pool, stop an embedded database. */
  stop(options?: { graceMs?: number }): Promise<void>;
  /** Settles if the database this process runs died for good: the process should stop and exit non-zero. */
  lost: Promise<Error>;
}

export interface Core {
  container: Container;
  databaseUrl: string;
  orm: MikroORM;
  boss: PgBoss;
  scope: RequestScope;
  logs: LogSink;
  shutdown: ShutdownStack;
  /** See RunningService.lost. */
  lost: Promise<Error>;
}

export interface CoreOptions {
  /** Where the in-process log buffer writes its batches (default: a writer thread, for a process answering HTTP). */
  logBatchWriting?: LogBatchWriting;
  /** Benchmark hook (logging off versus on); nothing else sets it. Wraps the configured sink: the API then records
   *  into what this returns. */
  wrapLogSink?: (configured: LogSink) => LogSink;
}

/** What every process needs (the API and the job CLI): database, migrations, adapters, job queue. */
export async function startCore(config: AppConfig, say: (line: string) => void, shutdown: ShutdownStack, options: CoreOptions = {}): Promise<Core> {
  const container = createContainer(config, say);
  const database = await container.get(DatabaseProvisioner).start();
  shutdown.push('database', () => database.stop());
  const prepared = await prepareDatabase(database.url, config.stores);
  if (prepared.appliedMigrations.length > 0) say(`Applied migrations: ${prepared.appliedMigrations.join(', ')}`);
  const orm = await openOrm(database.url, config.dbPoolMax);
  shutdown.push('database pool', () => orm.close(true));
  loadRuntimeModules(container, config, orm, { databaseUrl: database.url, logBatchWriting: options.logBatchWriting ?? 'writer-thread' });
  const configured = container.get(LogSink);
  const logs = options.wrapLogSink ? options.wrapLogSink(configured) : configured;
  if (logs !== configured) container.rebindSync(LogSink).toConstantValue(logs);
  shutdown.push('log buffer', () => logs.close());
  const boss = await startPgBoss(database.url, (error) => consoleLogger.error('job queue error', { error: error.message }));
  // pg-boss's own graceful stop waits for its workers (the enrichment run), within what is left of the budget.
  shutdown.push('job queue', ({ deadline }) => boss.stop({ graceful: true, wait: true, timeout: Math.min(30_000, Math.max(1_000, deadline - Date.now())) }));
  container.bind(FetchQueue).toConstantValue(new PgBossFetchQueue(boss));
  await createEnrichmentQueue(boss);
  container
    .bind(EnrichmentQueue)
    .toConstantValue(
      config.metadata.sources.length === 0
        ? noEnrichment
        : new PgBossEnrichmentQueue(boss, (error) => consoleLogger.error('job queue error', { error: error.message })),
    );
  return {
    container,
    databaseUrl: database.url,
    orm,
    boss,
    scope: container.get(RequestScope),
    logs,
    shutdown,
    lost: database.lost ?? new Promise<Error>(() => undefined),
  };
}

/**
 * This process works queued fetch tasks (shared with every other instance). On a stop the workers take no new
 * bundle at once, finish those in hand until the grace deadline, and hand back the rest (tasks released, bundle
 * requeued) while the stores, the queue and the database still run: they are unwound before all three.
 */
export function startWorkers(core: Core, say: (line: string) => void): FetchWorkers {
  const runBundle = core.container.get(RunFetchBundle);
  const runs = core.container.get(FetchRunRepository);
  const workers = startFetchWorkers(core.boss, (tasks, signal) => core.scope.run(() => runBundle.execute(tasks, signal)).then(() => undefined), {
    workers: FETCH_WORKERS,
    onError: (error) => consoleLogger.error('job queue error', { error: error.message }),
    releaseTasks: (tasks) => core.scope.run(() => releaseByRun(runs, tasks)),
    isOutage: isDatabaseUnavailable,
    onNotice: say,
  });
  core.shutdown.push('fetch workers', ({ deadline }) => workers.stop(deadline), () => workers.quiesce());
  return workers;
}

async function releaseByRun(runs: FetchRunRepository, tasks: readonly FetchTask[]): Promise<void> {
  for (const runId of new Set(tasks.map((t) => t.runId))) await runs.releaseTasks(runId, tasks.filter((t) => t.runId === runId));
}

/**
 * This process works queued enrichment runs: first the imported books without an ISBN are searched by title (an
 * edition found there is then completed like any imported one), then the imported editions are completed; each batch
 * in its own request scope, until nothing is pending. A run the sources could not answer fails the job, which pg-boss
 * retries later (what was not done yet stays pending meanwhile).
 */
export async function startEnrichment(core: Core): Promise<void> {
  const identify = core.container.get(IdentifyImportedBooks);
  const enrich = core.container.get(EnrichImportedEditions);
  const untilDone = async (batch: () => Promise<{ kind: string; message?: string; more?: boolean }>) => {
    for (;;) {
      const run = await core.scope.run(batch);
      if (run.kind === 'unavailable') throw new Error(run.message);
      if (run.more !== true) return;
    }
  };
  const worker = await startEnrichmentWorker(core.boss, async () => {
    await untilDone(() => identify.execute());
    await untilDone(() => enrich.execute());
  });
  core.shutdown.push('enrichment worker', () => worker.stop());
}

export async function startService(
  config: AppConfig,
  say: (line: string) => void = () => undefined,
  options: CoreOptions = {},
): Promise<RunningService> {
  const shutdown = new ShutdownStack();
  try {
    const core = await startCore(config, say, shutdown, options);
    const { container, scope, logs, orm } = core;
    // The demonstration servers start before the workers that fetch from them, so they are stopped after them.
    if (config.pricing.demoServer) {
      const demoUrl = new URL(config.stores.demoStoreUrl);
      const demo = await startDemoStoreServer({ host: demoUrl.hostname, port: Number(demoUrl.port || 80) });
      shutdown.push('demonstration stores', () => demo.close());
      say(`Demonstration stores at ${demo.url}`);
    }
    if (config.metadata.demoServerUrl !== null) {
      const metadataUrl = new URL(config.metadata.demoServerUrl);
      const metadata = await startDemoMetadataServer({ host: metadataUrl.hostname, port: Number(metadataUrl.port || 80) });
      shutdown.push('demonstration metadata server', () => metadata.close());
      say(`Demonstration book metadata at ${metadata.url}`);
    }
    if (config.pricing.workers) startWorkers(core, say);
    if (config.metadata.sources.length > 0) await startEnrichment(core);

    const hsSecret = config.auth.algorithms.includes('HS256')
      ? (config.auth.secret ?? (config.database.kind === 'embedded' ? (await localSecrets(config.database.dataDir)).jwtSecret : null))
      : null;
    const verifier = new JwtVerifier({
      algorithms: config.auth.algorithms,
      keys: keySourceFromConfig(config.auth, hsSecret),
      issuer: config.auth.issuer,
      audience: config.auth.audience,
      maxAgeSeconds: config.auth.maxAgeSeconds,
    });
    const clock = container.get(Clock);
    // In-process mode this process is the logging component: it serves /log and /logs and sends maintainer alerts.
    const inProcessLogging = config.logging.mode === 'in-process';
    if (inProcessLogging) startAlertSweep(container, config, shutdown);
    /** Set when the stop begins: /readyz then answers 503, so a load balancer sends nothing new. */
    let stopping = false;
    const app = createHttpApp({
      routes: apiRoutes(container, new Paginator(new CursorCodec(CURSOR_KEY)), {
        cooldownSeconds: config.pricing.cooldownSeconds,
        perUser: { limit: config.pricing.userFetchLimit, windowSeconds: config.pricing.userFetchWindowSeconds },
      }),
      authenticate: authenticate(verifier, container.get(UserDirectory), logs, clock),
      scope,
      logs,
      clock,
      isDatabaseUnavailable,
      version: SERVICE_VERSION,
      extraRoutes: outsideApi(core, () => stopping, inProcessLogging ? componentRoutes(container, config) : undefined),
      webRoutes: await createWebRoutes({ devSignIn: config.web.devSignIn, hsSecret }),
      accessLog: config.accessLog ? (entry) => consoleLogger.info('request', entry) : undefined,
    });
    const server = await listen(app, config.port, config.host);
    // Stops accepting at once; answers in flight get until the grace deadline to be written out.
    shutdown.push('HTTP server', ({ deadline }) => server.close(deadline), () => (stopping = true));

    if (config.pricing.scheduler) {
      const startRun = container.get(StartFetchRun);
      const consolidate = container.get(ConsolidateMonth);
      const scheduler = new CronScheduler(
        [
          { name: 'daily_fetch', pattern: config.pricing.fetchCron, run: () => scope.run(() => startRun.execute('scheduled')).then(() => undefined) },
          {
            name: 'consolidation',
            pattern: config.pricing.consolidationCron,
            run: (at) => scope.run(() => consolidate.execute(previousMonth(at))).then(() => undefined),
          },
          // The logging component's retention; in remote mode the standalone component runs it.
          ...(inProcessLogging ? [retentionJob(container, config)] : []),
        ],
        container.get(ScheduledRuns),
        randomUUID(),
        (job, error) => consoleLogger.error('scheduled job failed', { job, error: error instanceof Error ? error.message : String(error) }),
      );
      scheduler.start();
      shutdown.push('scheduler', async () => scheduler.stop());
    }

    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    return {
      url: `http://${shownHost}:${server.port}`,
      port: server.port,
      databaseUrl: core.databaseUrl,
      hsSecret,
      orm,
      container,
      stop: ({ graceMs = config.shutdownGraceMs } = {}) =>
        shutdown.unwind((step, error) => consoleLogger.error('shutdown step failed', { step, error: String(error) }), { graceMs }),
      lost: core.lost,
    };
  } catch (error) {
    await shutdown.unwind();
    throw error;
  }
}

/** Routes outside `/api`: the health probes (before anything that authenticates), then the logging component's. */
function outsideApi(core: Core, stopping: () => boolean, componentRoutes: Router | undefined): Router {
  const router = Router();
  router.use(
    healthRoutes({
      checks: {
        database: () => core.orm.em.getConnection().execute('select 1'),
        job_queue: () => core.boss.getDb().executeSql('select 1', []),
      },
      stopping,
    }),
  );
  if (componentRoutes) router.use(componentRoutes);
  return router;
}
