import type { EntityManager } from '@mikro-orm/postgresql';
import { ContainerModule } from 'inversify';
import type { LoggingConfig } from '../../../config/config.js';
import { CheckMaintainerAlerts } from '../../application/logging/check-maintainer-alerts.js';
import { LogSink } from '../../application/logging/log-sink.js';
import { LogStore } from '../../application/logging/ports/log-store.js';
import { MaintainerAlertPolicy, RetentionPolicy } from '../../application/logging/ports/logging-policies.js';
import { MaintainerAlertLedger } from '../../application/logging/ports/maintainer-alert-ledger.js';
import { BufferedLogSink } from './buffered-log-sink.js';
import { batchWriterOf, type LogBatchWriter } from './log-batch-writer.js';
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

/** The database the log lives in, asked for only once it runs (the module is loaded before the database starts). */
export interface LogDatabase {
  url(): string;
  entityManager(): EntityManager;
}

/**
 * The logging component on this database: LOGGING_MODE=in-process in the API, and the standalone component.
 * Events are buffered in memory, bulk-inserted into `log` (see `LogBatchWriting`), and each written batch is checked
 * for maintainer alerts (sent through the AlertChannel the notify adapter binds).
 */
export const inProcessLoggingModule = (database: LogDatabase, logBatchWriting: LogBatchWriting, logging: LoggingConfig) =>
  new ContainerModule(({ bind }) => {
    bind(LogStore).toDynamicValue(() => new SqlLogStore(database.entityManager()));
    bind(MaintainerAlertLedger).toDynamicValue(() => new SqlMaintainerAlertLedger(database.entityManager()));
    bind(MaintainerAlertPolicy).toConstantValue(logging.alerts);
    bind(RetentionPolicy).toConstantValue(logging.retention);
    bind(LogSink).toDynamicValue((context) => {
      const store = context.get(LogStore);
      const writer: LogBatchWriter =
        logBatchWriting === 'orm-pool' ? batchWriterOf((batch) => store.append(batch)) : new ThreadLogWriter(database.url());
      return new BufferedLogSink(writer, logging, context.get(CheckMaintainerAlerts, { autobind: true }));
    });
  });
