import { ContainerModule } from 'inversify';
import type { AppConfig } from '../../../config/config.js';
import { SendDailyDigests } from '../../application/alerts/send-daily-digests.js';
import { ConsolidateMonth } from '../../application/pricing/consolidate-month.js';
import { ScheduledRuns } from '../../application/pricing/ports/scheduled-runs.js';
import { StartFetchRun } from '../../application/pricing/start-fetch-run.js';
import { RequestScope } from '../../application/shared/request-scope.js';
import { previousMonth } from '../../domain/pricing/month.js';
import { consoleLogger } from '../../adapters/kits/console/console-output.js';
import { CronScheduler, type ScheduledJob } from '../../adapters/scheduler/cron-scheduler.js';
import { InstanceId, ScheduledJobs } from '../tokens.js';
import { LogRetentionJob } from './log-component-module.js';

/**
 * What the API's scheduler runs: the daily fetch, the month-end consolidation, the daily-digest e-mails, and the log
 * retention in-process.
 */
export const apiJobsModule = (config: AppConfig) =>
  new ContainerModule(({ bind }) => {
    bind(ScheduledJobs).toDynamicValue((context) => {
      const scope = context.get(RequestScope);
      const startRun = context.get(StartFetchRun);
      const consolidate = context.get(ConsolidateMonth);
      const jobs: ScheduledJob[] = [
        { name: 'daily_fetch', pattern: config.pricing.fetchCron, run: () => scope.run(() => startRun.execute('scheduled')).then(() => undefined) },
        { name: 'consolidation', pattern: config.pricing.consolidationCron, run: (at) => scope.run(() => consolidate.execute(previousMonth(at))).then(() => undefined) },
        { name: 'channel_digest', pattern: config.channels.digestCron, run: () => scope.run(() => context.get(SendDailyDigests).execute()).then(() => undefined) },
      ];
      // In remote mode the standalone component runs the retention.
      if (config.logging.mode === 'in-process') jobs.push(context.get(LogRetentionJob));
      return jobs;
    });
  });

/** The standalone logging component's scheduler runs the retention only. */
export const logComponentJobsModule = new ContainerModule(({ bind }) => {
  bind(ScheduledJobs).toDynamicValue((context) => [context.get(LogRetentionJob)]);
});

/** croner on this instance; each occurrence is claimed in the database so it runs once across instances. */
export const schedulerModule = new ContainerModule(({ bind }) => {
  bind(CronScheduler).toDynamicValue(
    (context) =>
      new CronScheduler(context.get(ScheduledJobs), context.get(ScheduledRuns), context.get(InstanceId), (job, error) =>
        consoleLogger.error('scheduled job failed', { job, error: error instanceof Error ? error.message : String(error) }),
      ),
  );
});
