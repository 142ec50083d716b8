import type { MikroORM } from '@mikro-orm/postgresql';
import { ContainerModule } from 'inversify';
import type { LoggingConfig, MailConfig } from '../../../config/config.js';
import type { LogEvent } from '../../domain/logging/log-event.js';
import { CheckMaintainerAlerts } from '../../application/logging/check-maintainer-alerts.js';
import { LogSink } from '../../application/logging/log-sink.js';
import { AlertChannel } from '../../application/logging/ports/alert-channel.js';
import { LogStore } from '../../application/logging/ports/log-store.js';
import { MaintainerAlertPolicy, RetentionPolicy } from '../../application/logging/ports/logging-policies.js';
import { MaintainerAlertLedger } from '../../application/logging/ports/maintainer-alert-ledger.js';
import { alertChannelFromConfig } from '../notify/maintainer-alert-channels.js';
import { BufferedLogSink } from './buffered-log-sink.js';
import { SqlLogStore } from './sql-log-store.js';
import { ThreadLogWriter } from './thread-log-writer.js';
import { SqlMaintainerAlertLedger } from './sql-maintainer-alert-ledger.js';

/**
 * Where the buffer writes its batches. A process that answers HTTP (the API, the standalone component) writes on a
 * worker thread with its own connection, so a flood of logged answers does not load the thread that answers. The
 * job CLI and the retention script write on the ORM's pool: nothing there answers HTTP, and the thread's second V8
 * isolate would cost about 45 MiB.
 */
export type LogBatchWriting = 'writer-thread' | 'orm-pool';

export interface LogWrites {
  databaseUrl: string;
  logBatchWriting: LogBatchWriting;
}

/**
 * The logging component on this database: LOGGING_MODE=in-process in the API, and the standalone component.
 * Events are buffered in memory, bulk-inserted into `log` (see `LogBatchWriting`), and each written batch is checked
 * for maintainer alerts.
 */
export const inProcessLoggingModule = (orm: MikroORM, writes: LogWrites, logging: LoggingConfig, mail: MailConfig) =>
  new ContainerModule(({ bind }) => {
    bind(LogStore).toConstantValue(new SqlLogStore(orm.em));
    bind(MaintainerAlertLedger).toConstantValue(new SqlMaintainerAlertLedger(orm.em));
    bind(AlertChannel).toConstantValue(alertChannelFromConfig(logging.alerts, mail));
    bind(MaintainerAlertPolicy).toConstantValue(logging.alerts);
    bind(RetentionPolicy).toConstantValue(logging.retention);
    bind(LogSink)
      .toDynamicValue((context) => {
        const alerts = context.get(CheckMaintainerAlerts, { autobind: true });
        const afterWrite = (batch: readonly LogEvent[]) => alerts.afterWrite(batch);
        if (writes.logBatchWriting === 'orm-pool') {
          const store = context.get(LogStore);
          return new BufferedLogSink((batch) => store.append(batch), logging, afterWrite);
        }
        const thread = new ThreadLogWriter(writes.databaseUrl);
        return new BufferedLogSink(thread.write, logging, afterWrite, () => thread.close());
      })
      .inSingletonScope();
  });
