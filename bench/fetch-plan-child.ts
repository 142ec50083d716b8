// One daily fetch plan in a fresh process, for bench/fetch-plan.ts: `node --expose-gc --import tsx
// bench/fetch-plan-child.ts DATABASE_URL`. Wires StartFetchRun as the service does (SqlFetchRunRepository on the ORM,
// PgBossFetchQueue on a real pg-boss, each in a RequestScope), settles, takes the RSS as the level before planning,
// plans, and prints `plan: …` progress lines and one `result {json}` line (PlanResult). The process's peak RSS is
// the kernel's high-water mark (VmHWM, reset just before planning), not a sample that could miss a short peak.
import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { StartFetchRun } from '../src/application/pricing/start-fetch-run.js';
import type { FetchTask } from '../src/application/pricing/ports/fetch-runs.js';
import type { LogSink } from '../src/application/logging/log-sink.js';
import { systemClock } from '../src/application/shared/clock.js';
import { openOrm } from '../src/adapters/postgres/database.js';
import { MikroOrmRequestScope } from '../src/adapters/postgres/mikro-orm-request-scope.js';
import { SqlFetchRunRepository } from '../src/adapters/postgres/repositories/sql-fetch-run-repository.js';
import { createQueue } from '../src/adapters/scheduler/job-queue-declaration.js';
import { fetchQueue } from '../src/adapters/scheduler/job-queues.js';
import { PgBossFetchQueue, startPgBoss } from '../src/adapters/scheduler/pg-boss-fetch-queue.js';
import type { LogEvent } from '../src/domain/logging/log-event.js';

export interface PlanResult {
  runId: number;
  taskCount: number;
  /** createRun: the one statement inserting the run's tasks, and its analyze. */
  createMs: number;
  /** Handing the tasks to the queue: pages read, bundles made and inserted. */
  enqueueMs: number;
  /** Of enqueueMs, the time inside PgBossFetchQueue.enqueue (bundles made, pg-boss inserts). */
  queueMs: number;
  planMs: number;
  rssBeforeMiB: number;
  peakRssMiB: number;
  heapBeforeMiB: number;
  /** Names of the events the use case recorded, in order. */
  events: string[];
  /** Progress reports of the use case: one once the run exists, then one per page. */
  progressReports: number;
  /** Tasks per page: the queue's pageSize. */
  pageSize: number;
}

const MiB = 1024 ** 2;
/** A progress line at most this often. */
const LINE_EVERY_MS = 2_000;

/** createRun, timed. */
class TimedRuns extends SqlFetchRunRepository {
  createdAt = 0;
  override async createRun(trigger: string) {
    const run = await super.createRun(trigger);
    this.createdAt = performance.now();
    return run;
  }
}

/** The queue's own time, summed over its calls. */
class TimedQueue extends PgBossFetchQueue {
  ms = 0;
  override async enqueue(tasks: readonly FetchTask[]): Promise<void> {
    const t0 = performance.now();
    await super.enqueue(tasks);
    this.ms += performance.now() - t0;
  }
}

class RecordedLogs implements LogSink {
  readonly events: string[] = [];
  record(event: LogEvent): void {
    this.events.push(event.event);
  }
  async ready(): Promise<void> {}
  async close(): Promise<void> {}
}

/** The kernel's peak RSS of this process (MiB), or null off Linux. */
function peakRss(): number | null {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024;
  } catch {
    return null;
  }
}

async function main(url: string): Promise<void> {
  const orm = await openOrm(url, 4);
  const boss = await startPgBoss(url, (error) => console.error(`pg-boss: ${error.message}`));
  await createQueue(boss, fetchQueue);
  const em = orm.em;
  const runs = new TimedRuns(em);
  const queue = new TimedQueue(boss, fetchQueue);
  const logs = new RecordedLogs();
  const use = new StartFetchRun(runs, queue, logs, systemClock);
  const scope = new MikroOrmRequestScope(em);

  // The level before planning: after start-up, its garbage collected.
  for (let i = 0; i < 3; i++) {
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const rssBefore = process.memoryUsage().rss / MiB;
  const heapBefore = process.memoryUsage().heapUsed / MiB;
  let sampledPeak = rssBefore;
  const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, process.memoryUsage().rss / MiB)), 50);
  let hwmReset = true;
  try {
    // 5: reset the peak RSS to the current RSS (Linux 4.0+).
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    hwmReset = false;
  }

  console.log('plan: creating the run (one statement inserts every task) ...');
  let printedAt = 0;
  let progressReports = 0;
  const t0 = performance.now();
  const onProgress = (p: { enqueued: number; taskCount: number }): void => {
    progressReports++;
    if (Date.now() - printedAt < LINE_EVERY_MS && p.enqueued < p.taskCount) return;
    printedAt = Date.now();
    console.log(`plan: ${p.enqueued.toLocaleString('en-US')} / ${p.taskCount.toLocaleString('en-US')} tasks queued (${((performance.now() - t0) / 1000).toFixed(1)} s, RSS ${(process.memoryUsage().rss / MiB).toFixed(0)} MiB, heap ${(process.memoryUsage().heapUsed / MiB).toFixed(0)} MiB)`);
  };
  const run = await scope.run(() => use.execute('bench', { onProgress }));
  const t1 = performance.now();
  clearInterval(sampler);
  const peak = Math.max(sampledPeak, hwmReset ? (peakRss() ?? 0) : 0);
  const result: PlanResult = {
    runId: run.runId,
    taskCount: run.taskCount,
    createMs: runs.createdAt - t0,
    enqueueMs: t1 - runs.createdAt,
    queueMs: queue.ms,
    planMs: t1 - t0,
    rssBeforeMiB: rssBefore,
    peakRssMiB: peak,
    heapBeforeMiB: heapBefore,
    events: logs.events,
    progressReports,
    pageSize: queue.pageSize,
  };
  console.log(`result ${JSON.stringify(result)}`);
  await boss.stop({ graceful: false, wait: true });
  await orm.close(true);
}

const url = process.argv[2];
if (!url) throw new Error('Usage: fetch-plan-child.ts DATABASE_URL');
main(url).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
