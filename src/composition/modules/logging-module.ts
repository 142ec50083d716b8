import { ContainerModule } from 'inversify';
import type { AppConfig } from '../../../config/config.js';
import { CheckMaintainerAlerts } from '../../application/logging/check-maintainer-alerts.js';
import { LogSink } from '../../application/logging/log-sink.js';
import { AlertChannel } from '../../application/logging/ports/alert-channel.js';
import { LogStore } from '../../application/logging/ports/log-store.js';
import { MaintainerAlertLedger } from '../../application/logging/ports/maintainer-alert-ledger.js';
import { MaintainerAlertPolicy } from '../../application/logging/ports/maintainer-alert-policy.js';
import { RetentionPolicy } from '../../application/logging/ports/retention-policy.js';
import { systemClock } from '../../application/shared/clock.js';
import { BufferedLogSink } from '../../adapters/logging/buffered-log-sink.js';
import { HttpLogSink } from '../../adapters/logging/http-log-sink.js';
import { batchWriterOf, type LogBatchWriter } from '../../adapters/logging/log-batch-writer.js';
import { SqlLogStore } from '../../adapters/logging/sql-log-store.js';
import { SqlMaintainerAlertLedger } from '../../adapters/logging/sql-maintainer-alert-ledger.js';
import { ThreadLogWriter } from '../../adapters/logging/thread-log-writer.js';
import { alertChannelFromConfig } from '../../adapters/notify/maintainer-alert-channels.js';
import type { Started } from '../started.js';

/**
 * Where the buffer writes its batches. A process that answers HTTP (the API, the standalone component) writes on a
 * worker thread with its own connection, so a flood of logged answers does not load the thread that answers. The
 * job CLI and the retention script write on the ORM's pool: nothing there answers HTTP, and the thread's second V8
 * isolate would cost about 45 MiB.
 */
export type LogBatchWriting = 'writer-thread' | 'orm-pool';

export interface LoggingChoice {
  /** The standalone logging component or the retention script: always the logging component itself. */
  isComponent: boolean;
  writing: LogBatchWriting;
}

/**
 * The LogSink of this process. LOGGING_MODE=remote in the API: events are sent to the standalone component at
 * LOGGING_URL, without waiting. Otherwise this process is the logging component on its database (LOGGING_MODE=
 * in-process in the API, the standalone component, the retention script): events are buffered in memory,
 * bulk-inserted into `log` (see LogBatchWriting), and each written batch is checked for maintainer alerts, sent to
 * the configured webhook and/or e-mail, else the console.
 */
export const loggingModule = (config: AppConfig, started: Pick<Started, 'databaseUrl' | 'orm'>, choice: LoggingChoice) =>
  new ContainerModule(({ bind }) => {
    const { logging } = config;
    if (!choice.isComponent && logging.mode === 'remote' && logging.url && logging.sharedSecret) {
      bind(LogSink).toConstantValue(new HttpLogSink(logging.url, logging.sharedSecret));
      return;
    }
    const store = new SqlLogStore(started.orm.em);
    const ledger = new SqlMaintainerAlertLedger(started.orm.em);
    const channel = alertChannelFromConfig(logging.alerts, config.mail);
    const alerts = new CheckMaintainerAlerts(store, ledger, channel, logging.alerts, systemClock);
    const writer: LogBatchWriter =
      choice.writing === 'orm-pool' ? batchWriterOf((batch) => store.append(batch)) : new ThreadLogWriter(started.databaseUrl);
    bind(LogStore).toConstantValue(store);
    bind(MaintainerAlertLedger).toConstantValue(ledger);
    bind(AlertChannel).toConstantValue(channel);
    bind(MaintainerAlertPolicy).toConstantValue(logging.alerts);
    bind(RetentionPolicy).toConstantValue(logging.retention);
    bind(CheckMaintainerAlerts).toConstantValue(alerts);
    bind(LogSink).toConstantValue(new BufferedLogSink(writer, logging, alerts));
  });
