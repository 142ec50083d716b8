import type { Router } from 'express';
import { ContainerModule, type ServiceIdentifier } from 'inversify';
import type { AppConfig } from '../../../config/config.js';
import { CheckMaintainerAlerts } from '../../application/logging/check-maintainer-alerts.js';
import { ListLogs } from '../../application/logging/list-logs.js';
import { LogSink } from '../../application/logging/log-sink.js';
import { PurgeOldLogs } from '../../application/logging/purge-old-logs.js';
import { RecordLogEvent } from '../../application/logging/record-log-event.js';
import { Clock } from '../../application/shared/clock.js';
import { consoleLogger } from '../../adapters/kits/console/console-output.js';
import { CursorCodec } from '../../adapters/kits/http/pagination/cursor-codec.js';
import { Paginator } from '../../adapters/kits/http/pagination/page-links.js';
import { StartedResources } from '../started-resources.js';
import { healthRoutes } from '../../adapters/kits/http/health-routes.js';
import { createLogHttpApp } from '../../adapters/logging/http/log-http-app.js';
import { logRoutes } from '../../adapters/logging/http/log-routes.js';
import { MaintainerAlertSweep } from '../../adapters/logging/maintainer-alert-sweep.js';
import { isDatabaseUnavailable } from '../../adapters/postgres/pg-errors.js';
import type { ScheduledJob } from '../../adapters/scheduler/cron-scheduler.js';
import { LogHttpApp } from '../tokens.js';

/** The log viewer's cursors are keyed apart from the API's, so one listing's cursor never passes for the other's. */
const LOG_CURSOR_PURPOSE = 'log-viewer';

/** `POST /log` and `GET /logs` of the logging component (in the API in in-process mode, or standalone). */
export const LogRoutes = Symbol.for('LogRoutes') as ServiceIdentifier<Router>;
/** The daily retention run as a cron job; the scheduler claims each occurrence once across instances. */
export const LogRetentionJob = Symbol.for('LogRetentionJob') as ServiceIdentifier<ScheduledJob>;

export function logRetentionJob(purge: PurgeOldLogs, pattern: string): ScheduledJob {
  return {
    name: 'log_retention',
    pattern,
    run: async () => {
      const { deleted, cutoff } = await purge.execute();
      consoleLogger.info('log retention done', { deleted, cutoff: cutoff.toISOString() });
    },
  };
}

/** What the logging component serves and runs besides its sink: routes, maintainer alert sweep, retention job. */
export const logComponentModule = (config: AppConfig) =>
  new ContainerModule(({ bind }) => {
    bind(LogRoutes).toDynamicValue((context) =>
      logRoutes({
        record: context.get(RecordLogEvent, { autobind: true }),
        list: context.get(ListLogs, { autobind: true }),
        sharedSecret: config.logging.sharedSecret,
        viewerToken: config.logging.viewerToken,
        logs: context.get(LogSink),
        clock: context.get(Clock),
        paginator: new Paginator(new CursorCodec(`${context.get(StartedResources).cursorKey}\u0000${LOG_CURSOR_PURPOSE}`)),
      }),
    );
    bind(MaintainerAlertSweep).toDynamicValue(
      (context) =>
        new MaintainerAlertSweep(context.get(CheckMaintainerAlerts, { autobind: true }), {
          groupWindowMs: config.logging.alerts.groupWindowMs,
          flushMs: config.logging.flushMs,
        }),
    );
    bind(LogRetentionJob).toDynamicValue((context) => logRetentionJob(context.get(PurgeOldLogs, { autobind: true }), config.logging.retention.cron));
    bind(LogHttpApp).toDynamicValue((context) =>
      createLogHttpApp({
        probes: healthRoutes({
          checks: { database: () => context.get(StartedResources).orm.em.getConnection().execute('select 1') },
          // The component stops by closing its server: nothing is left to turn away first.
          stopping: () => false,
        }),
        routes: context.get(LogRoutes),
        logs: context.get(LogSink),
        clock: context.get(Clock),
        isDatabaseUnavailable,
      }),
    );
  });
