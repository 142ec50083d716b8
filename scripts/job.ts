// Runs a scheduled job once, by hand (`npm run job` starts it with a V8 heap cap, see docs/pricing.md):
//   npm run job -- fetch                        daily price fetch now (this process also works the queue)
//   npm run job -- consolidate [--month YYYY-MM] month-end consolidation (default: the month that just ended)
import 'reflect-metadata';
import cliProgress from 'cli-progress';
import { ConfigError, loadConfig } from '../config/config.js';
import { ConsolidateMonth } from '../src/application/pricing/consolidate-month.js';
import { FetchRunRepository } from '../src/application/pricing/ports/fetch-runs.js';
import { StartFetchRun } from '../src/application/pricing/start-fetch-run.js';
import { DatabaseUnreachableError } from '../src/adapters/postgres/database.js';
import { formatMonth, parseMonth, previousMonth } from '../src/domain/pricing/month.js';
import { startCore, startWorkers } from '../src/service.js';
import { ShutdownStack } from '../src/shutdown-stack.js';

const say = (line: string): void => console.log(line);

async function main(args: string[]): Promise<void> {
  const [job, ...rest] = args;
  if (job !== 'fetch' && job !== 'consolidate') throw new Error('Usage: npm run job -- fetch | consolidate [--month YYYY-MM]');
  const monthFlag = rest.indexOf('--month');
  const month = monthFlag >= 0 ? parseMonth(rest[monthFlag + 1] ?? '') : previousMonth(new Date());
  const config = loadConfig();
  const shutdown = new ShutdownStack();
  try {
    // No writer thread: nothing here answers HTTP, and a second V8 isolate would cost about 45 MiB.
    const core = await startCore(config, say, shutdown, { logBatchWriting: 'orm-pool' });
    if (job === 'fetch') await runFetch(core);
    else {
      say(`Consolidating ${formatMonth(month)} ...`);
      const result = await core.scope.run(() => core.container.get(ConsolidateMonth).execute(month));
      say(`Done: ${result.rowsProcessed} daily quotes consolidated in ${result.durationMs} ms.`);
    }
  } finally {
    await shutdown.unwind();
  }
}

async function runFetch(core: Awaited<ReturnType<typeof startCore>>): Promise<void> {
  const run = await core.scope.run(() => core.container.get(StartFetchRun).execute('manual'));
  say(`Fetch run ${run.runId}: ${run.taskCount} tasks (${run.bookCount} books × ${run.storeCount} stores).`);
  if (run.taskCount === 0) return;
  startWorkers(core);
  const runs = core.container.get(FetchRunRepository);
  const started = Date.now();
  const bar = process.stdout.isTTY
    ? new cliProgress.SingleBar({ format: 'fetch [{bar}] {value}/{total} | ok {ok} | failed {failed} | {duration_formatted}' }, cliProgress.Presets.shades_classic)
    : null;
  bar?.start(run.taskCount, 0, { ok: 0, failed: 0 });
  // Progress is read four times a second (one primary-key read), so the summary follows the last task closely;
  // without a terminal a line is printed every 2 s.
  let printedAt = 0;
  for (;;) {
    const progress = await core.scope.run(() => runs.progress(run.runId));
    const done = progress.succeeded + progress.failed;
    if (bar) bar.update(done, { ok: progress.succeeded, failed: progress.failed });
    else if (progress.completed || Date.now() - printedAt >= 2000) {
      printedAt = Date.now();
      say(`fetch: ${done}/${progress.taskCount} (ok ${progress.succeeded}, failed ${progress.failed})`);
    }
    if (progress.completed) {
      bar?.stop();
      say(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${progress.succeeded} prices stored, ${progress.failed} failures (see fetch_failed in the log).`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof DatabaseUnreachableError;
    console.error(known || error instanceof Error ? (error as Error).message : error);
    process.exit(1);
  },
);
