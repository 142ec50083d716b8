// Runs the log retention once, by hand (C6.1): `npm run purge-logs` deletes rows older than LOG_RETENTION_DAYS.
import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/config.js';
import { LogSink } from '../src/application/logging/log-sink.js';
import { PurgeOldLogs } from '../src/application/logging/purge-old-logs.js';
import { inProcessLoggingModule } from '../src/adapters/logging/in-process-logging-module.js';
import { DatabaseUnreachableError, openOrm, prepareDatabase } from '../src/adapters/postgres/database.js';
import { DatabaseProvisioner } from '../src/adapters/postgres/database-provisioner.js';
import { createContainer } from '../src/container.js';
import { ShutdownStack } from '../src/shutdown-stack.js';

const say = (line: string): void => console.log(line);

async function main(): Promise<void> {
  const config = loadConfig(undefined, 'log-maintenance');
  const shutdown = new ShutdownStack();
  try {
    const container = createContainer(config, say);
    const database = await container.get(DatabaseProvisioner).start();
    shutdown.push('database', database.stop);
    await prepareDatabase(database.url, null);
    const orm = await openOrm(database.url, 2);
    shutdown.push('database pool', () => orm.close(true));
    container.loadSync(inProcessLoggingModule(orm, { databaseUrl: database.url, logBatchWriting: 'orm-pool' }, config.logging, config.mail));
    shutdown.push('log buffer', () => container.get(LogSink).close());
    say(`Deleting log rows older than ${config.logging.retention.days} days ...`);
    const { deleted, cutoff } = await container.get(PurgeOldLogs, { autobind: true }).execute();
    say(`Done: ${deleted} rows older than ${cutoff.toISOString()} deleted.`);
  } finally {
    await shutdown.unwind();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof DatabaseUnreachableError;
    console.error(known || error instanceof Error ? (error as Error).message : error);
    process.exit(1);
  },
);
