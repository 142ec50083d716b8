// Runs the log retention once, by hand: `npm run purge-logs` deletes rows older than LOG_RETENTION_DAYS.
import 'reflect-metadata';
import { loadConfig } from '../../../config/config.js';
import { PurgeOldLogs } from '../../application/logging/purge-old-logs.js';
import { bootProcess } from '../boot.js';
import { exitOnStartFailure } from '../process-signals.js';

const say = (line: string): void => console.log(line);

async function main(): Promise<void> {
  const config = loadConfig(undefined, 'log-maintenance');
  const { container, shutdown } = await bootProcess(config, 'log-maintenance', { say, logBatchWriting: 'orm-pool' });
  try {
    say(`Deleting log rows older than ${config.logging.retention.days} days ...`);
    const { deleted, cutoff } = await container.get(PurgeOldLogs).execute();
    say(`Done: ${deleted} rows older than ${cutoff.toISOString()} deleted.`);
  } finally {
    await shutdown.unwind();
  }
}

main().then(() => process.exit(0), exitOnStartFailure(null));
