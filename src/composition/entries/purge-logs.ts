// Runs the log retention once, by hand: `npm run purge-logs` deletes rows older than LOG_RETENTION_DAYS.
import 'reflect-metadata';
import { loadConfig } from '../../../config/config.js';
import { PurgeOldLogs } from '../../application/logging/purge-old-logs.js';
import { bootDatabase } from '../boot.js';
import { createContainer } from '../container.js';
import { exitOnStartFailure } from '../process-signals.js';
import { ShutdownStack } from '../shutdown-stack.js';

const say = (line: string): void => console.log(line);

async function main(): Promise<void> {
  const config = loadConfig(undefined, 'log-maintenance');
  const container = createContainer(config, 'log-maintenance', { say, logBatchWriting: 'orm-pool' });
  try {
    await bootDatabase(container, { seedReferenceData: false, poolMax: 2 });
    say(`Deleting log rows older than ${config.logging.retention.days} days ...`);
    const { deleted, cutoff } = await container.get(PurgeOldLogs, { autobind: true }).execute();
    say(`Done: ${deleted} rows older than ${cutoff.toISOString()} deleted.`);
  } finally {
    await container.get(ShutdownStack).unwind();
  }
}

main().then(() => process.exit(0), exitOnStartFailure(null));
