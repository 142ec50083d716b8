import type { MikroORM } from '@mikro-orm/postgresql';
import { ContainerModule } from 'inversify';
import type { LoggingConfig, MailConfig } from '../../../config/config.js';
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
 * The logging component on this database: LOGGING_MODE=in-process in the API, and the standalone component.
 * Events are buffered in memory, bulk-inserted into `log` from a worker thread (ThreadLogWriter), and each written
 * batch is checked for maintainer alerts.
 */
export const inProcessLoggingModule = (orm: MikroORM, databaseUrl: string, logging: LoggingConfig, mail: MailConfig) =>
  new ContainerModule(({ bind }) => {
    bind(LogStore).toConstantValue(new SqlLogStore(orm.em));
    bind(MaintainerAlertLedger).toConstantValue(new SqlMaintainerAlertLedger(orm.em));
    bind(AlertChannel).toConstantValue(alertChannelFromConfig(logging.alerts, mail));
    bind(MaintainerAlertPolicy).toConstantValue(logging.alerts);
    bind(RetentionPolicy).toConstantValue(logging.retention);
    bind(LogSink)
      .toDynamicValue((context) => {
        const alerts = context.get(CheckMaintainerAlerts, { autobind: true });
        const writer = new ThreadLogWriter(databaseUrl);
        return new BufferedLogSink(writer.write, logging, (batch) => alerts.afterWrite(batch), () => writer.close());
      })
      .inSingletonScope();
  });
