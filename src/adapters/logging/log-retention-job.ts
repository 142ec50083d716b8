import type { PurgeOldLogs } from '../../application/logging/purge-old-logs.js';
import type { ScheduledJob } from '../scheduler/cron-scheduler.js';
import { consoleLogger } from './console-output.js';

/** The daily retention run (C8.8) as a cron job; the scheduler claims each occurrence once across instances. */
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
