import type { Container } from 'inversify';
import type { AppConfig } from '../../config/config.js';
import { SendDailyDigests } from '../application/alerts/send-daily-digests.js';
import { EnrichmentQueue } from '../application/catalog/ports/enrichment-queue.js';
import { PurgeOldLogs } from '../application/logging/purge-old-logs.js';
import { ConsolidateMonth } from '../application/pricing/consolidate-month.js';
import { type RatesRefresh, RefreshExchangeRates } from '../application/pricing/refresh-exchange-rates.js';
import { ScheduledRuns } from '../application/pricing/ports/scheduled-runs.js';
import { StartFetchRun } from '../application/pricing/start-fetch-run.js';
import { RequestScope } from '../application/shared/request-scope.js';
import { previousMonth } from '../domain/pricing/month.js';
import { consoleLogger } from '../adapters/kits/console/console-output.js';
import { CronScheduler, type ScheduledJob } from '../adapters/scheduler/cron-scheduler.js';
import { ShutdownStack } from './shutdown-stack.js';
import { InstanceId } from './tokens.js';

/**
 * What the API's scheduler runs: the daily fetch, the month-end consolidation, the daily-digest e-mails, the exchange
 * rates and the lending checks when on, and the log retention in-process (in remote mode the standalone component runs it).
 */
export function apiScheduledJobs(container: Container, config: AppConfig): ScheduledJob[] {
  const scope = container.get(RequestScope);
  const startRun = container.get(StartFetchRun);
  const consolidate = container.get(ConsolidateMonth);
  const jobs: ScheduledJob[] = [
    { name: 'daily_fetch', pattern: config.pricing.fetchCron, run: () => scope.run(() => startRun.execute('scheduled')).then(() => undefined) },
    { name: 'consolidation', pattern: config.pricing.consolidationCron, run: (at) => scope.run(() => consolidate.execute(previousMonth(at))).then(() => undefined) },
    { name: 'channel_digest', pattern: config.channels.digestCron, run: () => scope.run(() => container.get(SendDailyDigests).execute()).then(() => undefined) },
  ];
  if (config.exchangeRates.enabled) {
    const refresh = container.get(RefreshExchangeRates);
    jobs.push({ name: 'exchange_rates', pattern: config.exchangeRates.cron, run: () => scope.run(() => refresh.execute()).then((outcome) => reportRates(consoleLogger.info, outcome)) });
  }
  // The lending checks run inside the enrichment run (never on a request): the cron only queues one for the books due.
  if (config.lending.enabled) jobs.push({ name: 'borrow_check', pattern: config.lending.cron, run: () => container.get(EnrichmentQueue).enqueue() });
  if (config.logging.mode === 'in-process') jobs.push(logRetentionJob(container.get(PurgeOldLogs), config.logging.retention.cron));
  return jobs;
}

/**
 * On start, the reference rates are brought up to date in the background (the 90-day history on a first start), so
 * prices convert on day one without waiting for the day's cron; a stop waits for it within the grace period.
 */
export function refreshExchangeRatesOnStart(container: Container, config: AppConfig, say: (line: string) => void): void {
  if (!config.exchangeRates.enabled) return;
  const refreshing = container
    .get(RequestScope)
    .run(() => container.get(RefreshExchangeRates).execute())
    .then(
      (outcome) => reportRates((line) => say(line), outcome),
      (error: unknown) => say(`Exchange rates: not updated (${error instanceof Error ? error.message : String(error)})`),
    );
  container.get(ShutdownStack).push('exchange rates refresh', () => refreshing);
}

/** One line on the terminal for a refresh; the event log has the same with its reason (exchange_rates_*). */
export function reportRates(write: (line: string) => void, outcome: RatesRefresh): void {
  write(
    outcome.outcome === 'updated'
      ? `Exchange rates: ${outcome.dayCount} day${outcome.dayCount === 1 ? '' : 's'} stored, the newest ${outcome.newestDay}`
      : `Exchange rates: not updated (${outcome.reason}: ${outcome.message})`,
  );
}

/** The daily retention run as a cron job; the scheduler claims each occurrence once across instances. */
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

/** croner on this instance; each occurrence is claimed in the database so it runs once across instances. */
export function startScheduler(container: Container, jobs: readonly ScheduledJob[]): void {
  const scheduler = new CronScheduler(jobs, container.get(ScheduledRuns), container.get(InstanceId), (job, error) =>
    consoleLogger.error('scheduled job failed', { job, error: error instanceof Error ? error.message : String(error) }),
  );
  scheduler.start();
  container.get(ShutdownStack).push('scheduler', async () => scheduler.stop());
}
