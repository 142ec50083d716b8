import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Router } from 'express';
import type { Container } from 'inversify';
import type { AppConfig } from '../config/config.js';
import { CheckMaintainerAlerts } from './application/logging/check-maintainer-alerts.js';
import { ListLogs } from './application/logging/list-logs.js';
import { LogSink } from './application/logging/log-sink.js';
import { PurgeOldLogs } from './application/logging/purge-old-logs.js';
import { RecordLogEvent } from './application/logging/record-log-event.js';
import { Clock } from './application/shared/clock.js';
import { listen } from './adapters/http/http-server.js';
import { CursorCodec } from './adapters/http/pagination/cursor-codec.js';
import { Paginator } from './adapters/http/pagination/page-links.js';
import { consoleLogger } from './adapters/logging/console-output.js';
import { createLogHttpApp } from './adapters/logging/http/log-http-app.js';
import { logRoutes } from './adapters/logging/http/log-routes.js';
import { inProcessLoggingModule } from './adapters/logging/in-process-logging-module.js';
import { logRetentionJob } from './adapters/logging/log-retention-job.js';
import { MaintainerAlertSweep } from './adapters/logging/maintainer-alert-sweep.js';
import { openOrm, prepareDatabase } from './adapters/postgres/database.js';
import { DatabaseProvisioner } from './adapters/postgres/database-provisioner.js';
import { isDatabaseUnavailable } from './adapters/postgres/pg-errors.js';
import { SqlScheduledRuns } from './adapters/postgres/repositories/sql-scheduled-runs.js';
import { CronScheduler, type ScheduledJob } from './adapters/scheduler/cron-scheduler.js';
import { createContainer } from './container.js';
import { ShutdownStack } from './shutdown-stack.js';

/** Cursors are integrity-checked, not secret (see CURSOR_KEY in service.ts). */
const LOG_CURSOR_KEY = 'shelfwatch-log-cursor-v1';

/** `POST /log` and `GET /logs` over the container's logging component. */
export function componentRoutes(container: Container, config: AppConfig): Router {
  return logRoutes({
    record: container.get(RecordLogEvent, { autobind: true }),
    list: container.get(ListLogs, { autobind: true }),
    sharedSecret: config.logging.sharedSecret,
    viewerToken: config.logging.viewerToken,
    logs: container.get(LogSink),
    clock: container.get(Clock),
    paginator: new Paginator(new CursorCodec(LOG_CURSOR_KEY)),
  });
}

/** Starts the sweep that sends grouped maintainer alerts; stopped by the shutdown stack. */
export function startAlertSweep(container: Container, config: AppConfig, shutdown: ShutdownStack): void {
  const sweep = new MaintainerAlertSweep(container.get(CheckMaintainerAlerts, { autobind: true }), {
    groupWindowMs: config.logging.alerts.groupWindowMs,
    flushMs: config.logging.flushMs,
  });
  sweep.start();
  shutdown.push('maintainer alert sweep', () => sweep.stop());
}

export function retentionJob(container: Container, config: AppConfig): ScheduledJob {
  return logRetentionJob(container.get(PurgeOldLogs, { autobind: true }), config.logging.retention.cron);
}

export interface RunningLoggingComponent {
  url: string;
  port: number;
  orm: MikroORM;
  container: Container;
  /** Graceful: stop the scheduler, finish requests in flight, write every accepted event, close the pool. */
  stop(): Promise<void>;
}

/** The standalone logging component (`npm run start:logging`): its own port, the API's database. */
export async function startLoggingComponent(config: AppConfig, say: (line: string) => void = () => undefined): Promise<RunningLoggingComponent> {
  const shutdown = new ShutdownStack();
  try {
    const container = createContainer(config, say);
    const database = await container.get(DatabaseProvisioner).start();
    shutdown.push('database', database.stop);
    // Migrations only (the `log` table and alert windows); reference data is the API's business.
    await prepareDatabase(database.url, null);
    const orm = await openOrm(database.url, config.dbPoolMax);
    shutdown.push('database pool', () => orm.close(true));
    container.loadSync(inProcessLoggingModule(orm, { databaseUrl: database.url, logBatchWriting: 'writer-thread' }, config.logging, config.mail));
    const sink = container.get(LogSink);
    shutdown.push('log buffer', () => sink.close());
    startAlertSweep(container, config, shutdown);

    const app = createLogHttpApp({ routes: componentRoutes(container, config), logs: sink, clock: container.get(Clock), isDatabaseUnavailable });
    const server = await listen(app, config.logging.port, config.host);
    shutdown.push('HTTP server', () => server.close());
    if (!config.logging.sharedSecret) say('LOG_SHARED_SECRET is unset: POST /log refuses every event (401).');
    if (!config.logging.viewerToken) say('LOG_VIEWER_TOKEN is unset: the viewer GET /logs is closed (401).');

    if (config.pricing.scheduler) {
      const scheduler = new CronScheduler([retentionJob(container, config)], new SqlScheduledRuns(orm.em), randomUUID(), (job, error) =>
        consoleLogger.error('scheduled job failed', { job, error: error instanceof Error ? error.message : String(error) }),
      );
      scheduler.start();
      shutdown.push('scheduler', async () => scheduler.stop());
    }

    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    return {
      url: `http://${shownHost}:${server.port}`,
      port: server.port,
      orm,
      container,
      stop: () => shutdown.unwind((step, error) => consoleLogger.error('shutdown step failed', { step, error: String(error) })),
    };
  } catch (error) {
    await shutdown.unwind();
    throw error;
  }
}
