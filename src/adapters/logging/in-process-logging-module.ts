import type { MikroORM } from '@mikro-orm/postgresql';
import { ContainerModule } from 'inversify';
import type { LoggingConfig } from '../../../config/config.js';
import { LogSink } from '../../application/logging/log-sink.js';
import { BufferedLogSink } from './buffered-log-sink.js';
import { sqlLogBatchWriter } from './sql-log-batch-writer.js';

/** LOGGING_MODE=in-process: events are buffered in memory and bulk-inserted into this database's `log` table. */
export const inProcessLoggingModule = (orm: MikroORM, options: LoggingConfig) =>
  new ContainerModule(({ bind }) => {
    bind(LogSink).toConstantValue(new BufferedLogSink(sqlLogBatchWriter(orm.em), options));
  });
