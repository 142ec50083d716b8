// The daily fetch of `scripts/job.ts fetch` with the changes the pricing benchmark proposes, measured without touching
// src/: the same configuration, container, use cases, price source (politeness gates, extraction), pg-boss queue and
// tables, and the same output lines, so the benchmark reads both alike. Two variants (BENCH_VARIANT_MODE):
//
//   bundled-jobs  one pg-boss job per BENCH_VARIANT_TASKS_PER_JOB tasks (default 32) instead of one per task, worked
//                 by BENCH_VARIANT_WORKERS workers (default 8) taking one job per fetch; each task still runs through
//                 RunFetchTask. (pg-boss sorts every waiting job of the queue on each fetch: with 40,000 single-task
//                 jobs that is ~100 ms of PostgreSQL per fetch of 32.)
//   bundled-work  the same bundles, and the database work of a bundle done set-based, as a prototype of the
//                 proposed RunFetchBundle use case: one statement claims the bundle's tasks and reads their targets,
//                 the pages are fetched through the PriceSource (its gates unchanged), one RecordObservations call
//                 stores the bundle's quotes and alerts in one transaction, one statement settles the bundle (the
//                 fetch_run row is updated once per bundle instead of once per task).
//
//   node --import tsx bench/pricing-variant-job.ts fetch
import 'reflect-metadata';
import type { EntityManager } from '@mikro-orm/postgresql';
import type PgBoss from 'pg-boss';
import { loadConfig } from '../config/config.js';
import { quoteFrom } from '../src/application/pricing/observation-to-quote.js';
import { type FetchTask, FetchQueue, FetchRunRepository } from '../src/application/pricing/ports/fetch-runs.js';
import { PriceSource, type StoreTarget } from '../src/application/pricing/ports/price-source.js';
import { RecordObservations } from '../src/application/pricing/record-observations.js';
import { RunFetchTask } from '../src/application/pricing/run-fetch-task.js';
import { StartFetchRun } from '../src/application/pricing/start-fetch-run.js';
import { Clock } from '../src/application/shared/clock.js';
import { OrmEntityManager } from '../src/adapters/postgres/orm-tokens.js';
import { bigintArray, type Row, textArray, toDate } from '../src/adapters/postgres/repositories/row-mapping.js';
import { FETCH_QUEUE } from '../src/adapters/scheduler/pg-boss-fetch-queue.js';
import { fetchCompleted, fetchFailed } from '../src/domain/logging/pricing-events.js';
import type { NewDailyQuote } from '../src/domain/pricing/price-quote.js';
import { type Core, startCore } from '../src/service.js';
import { ShutdownStack } from '../src/shutdown-stack.js';

const say = (line: string): void => console.log(line);

const intEnv = (name: string, fallback: number): number => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer`);
  return n;
};
const MODE = process.env.BENCH_VARIANT_MODE ?? 'bundled-work';
if (MODE !== 'bundled-jobs' && MODE !== 'bundled-work') throw new Error('BENCH_VARIANT_MODE must be bundled-jobs or bundled-work');
const TASKS_PER_JOB = intEnv('BENCH_VARIANT_TASKS_PER_JOB', 32);
const WORKERS = intEnv('BENCH_VARIANT_WORKERS', 8);
const INSERT_CHUNK = 1000;
const CLAIM_LEASE_SECONDS = 120;

interface TaskBundle {
  tasks: FetchTask[];
}

/** Consecutive tasks (listed edition by edition, store by store) make a bundle: every bundle mixes the stores alike. */
class BundledFetchQueue implements FetchQueue {
  constructor(private readonly boss: PgBoss) {}

  async enqueue(tasks: readonly FetchTask[]): Promise<void> {
    const bundles: TaskBundle[] = [];
    for (let i = 0; i < tasks.length; i += TASKS_PER_JOB) bundles.push({ tasks: tasks.slice(i, i + TASKS_PER_JOB) });
    for (let i = 0; i < bundles.length; i += INSERT_CHUNK) {
      await this.boss.insert(bundles.slice(i, i + INSERT_CHUNK).map((data) => ({ name: FETCH_QUEUE, data })));
    }
  }
}

// ---- bundled-work: the prototype of a set-based RunFetchBundle

const CLAIM_AND_TARGETS = `
with claimed as (
  update fetch_task f set status = 'running', claimed_at = now()
  from unnest(?::bigint[], ?::bigint[]) as t(edition_id, store_id)
  where f.fetch_run_id = ? and f.edition_id = t.edition_id and f.store_id = t.store_id
    and (f.status = 'pending' or (f.status = 'running' and f.claimed_at < now() - make_interval(secs => ?)))
  returning f.edition_id, f.store_id
)
select c.edition_id, c.store_id, e.book_id, s.store_key, s.currency, s.extraction, e.isbn,
       replace(replace(s.product_url_template, '{isbn13}', e.isbn), '{isbn}', e.isbn) as product_url
from claimed c
join edition e on e.edition_id = c.edition_id
left join store s on s.store_id = c.store_id and s.is_active and e.format = any(s.formats)`;

const RELEASE = `
update fetch_task f set status = 'pending', claimed_at = null
from unnest(?::bigint[], ?::bigint[]) as t(edition_id, store_id)
where f.fetch_run_id = ? and f.edition_id = t.edition_id and f.store_id = t.store_id and f.status = 'running'`;

const SETTLE_BUNDLE = `
with outcome as (
  select * from unnest(?::bigint[], ?::bigint[], ?::text[]) as o(edition_id, store_id, status)
),
task as (
  update fetch_task f set status = o.status
  from outcome o
  where f.fetch_run_id = ? and f.edition_id = o.edition_id and f.store_id = o.store_id and f.status in ('pending', 'running')
  returning f.edition_id, f.store_id, f.status
),
run as (
  update fetch_run r set
    succeeded = r.succeeded + (select count(*) from task where status = 'succeeded'),
    failed = r.failed + (select count(*) from task where status = 'failed'),
    completed_at = case when r.succeeded + r.failed + (select count(*) from task) = r.task_count then now() else r.completed_at end
  where r.fetch_run_id = ? and exists (select 1 from task)
  returning r.succeeded, r.failed, r.task_count, r.started_at
)
select run.*, (select json_agg(json_build_array(task.edition_id, task.store_id)) from task) as settled from run`;

async function runBundle(core: Core, tasks: readonly FetchTask[]): Promise<void> {
  const first = tasks[0];
  if (!first) return;
  const runId = first.runId;
  const em = core.container.get(OrmEntityManager) as EntityManager;
  const source = core.container.get(PriceSource);
  const record = core.container.get(RecordObservations);
  const clock = core.container.get(Clock);
  const claimed = await em.execute<Row[]>(CLAIM_AND_TARGETS, [
    bigintArray(tasks.map((t) => t.editionId)),
    bigintArray(tasks.map((t) => t.storeId)),
    runId,
    CLAIM_LEASE_SECONDS,
  ]);
  if (claimed.length === 0) return;
  const outcomes = await Promise.all(
    claimed.map(async (row) => {
      const editionId = Number(row.edition_id);
      const storeId = Number(row.store_id);
      const bookId = Number(row.book_id);
      if (row.store_key === null || row.store_key === undefined) {
        return { editionId, storeId, bookId, quote: null, error: 'the edition or store no longer exists or is inactive' };
      }
      const target: StoreTarget = {
        storeId,
        storeKey: String(row.store_key),
        productUrl: String(row.product_url),
        currency: String(row.currency).trim(),
        isbn13: String(row.isbn),
        extraction: (row.extraction as Record<string, unknown> | null) ?? {},
      };
      const result = await source.fetchPrice(target);
      return result.ok
        ? { editionId, storeId, bookId, quote: quoteFrom(editionId, storeId, result.observation, clock.now()) as NewDailyQuote | null, error: null }
        : { editionId, storeId, bookId, quote: null, error: `${result.failure.kind}: ${result.failure.message}` };
    }),
  );
  try {
    await record.execute(outcomes.flatMap((o) => (o.quote ? [o.quote] : [])));
  } catch (failure) {
    // The queue retries the job; give the claims back so the retry can take them.
    await em
      .execute(RELEASE, [bigintArray(outcomes.map((o) => o.editionId)), bigintArray(outcomes.map((o) => o.storeId)), runId])
      .catch(() => undefined);
    throw failure;
  }
  const [run] = await em.execute<Row[]>(SETTLE_BUNDLE, [
    bigintArray(outcomes.map((o) => o.editionId)),
    bigintArray(outcomes.map((o) => o.storeId)),
    textArray(outcomes.map((o) => (o.error === null ? 'succeeded' : 'failed'))),
    runId,
    runId,
  ]);
  if (!run) return;
  const settled = new Set(((run.settled as Array<[number, number]> | null) ?? []).map(([e, s]) => `${e}/${s}`));
  for (const o of outcomes) {
    if (o.error !== null && settled.has(`${o.editionId}/${o.storeId}`)) {
      core.logs.record(fetchFailed({ book_id: o.bookId, store_id: o.storeId, error: o.error, edition_id: o.editionId, run_id: runId }, clock.now()));
    }
  }
  if (Number(run.succeeded) + Number(run.failed) === Number(run.task_count)) {
    core.logs.record(
      fetchCompleted(
        {
          success_count: Number(run.succeeded),
          failure_count: Number(run.failed),
          duration_ms: clock.now().getTime() - toDate(run.started_at).getTime(),
          run_id: runId,
        },
        clock.now(),
      ),
    );
  }
}

// ---- the job: as scripts/job.ts fetch

async function main(args: string[]): Promise<void> {
  if (args[0] !== 'fetch') throw new Error('Usage: bench/pricing-variant-job.ts fetch');
  const config = loadConfig();
  const shutdown = new ShutdownStack();
  try {
    const core = await startCore(config, say, shutdown);
    core.container.rebindSync(FetchQueue).toConstantValue(new BundledFetchQueue(core.boss));
    say(`Variant ${MODE}: ${TASKS_PER_JOB} tasks per job, ${WORKERS} workers taking one job per fetch`);
    const run = await core.scope.run(() => core.container.get(StartFetchRun).execute('manual'));
    say(`Fetch run ${run.runId}: ${run.taskCount} tasks (${run.bookCount} books × ${run.storeCount} stores).`);
    if (run.taskCount === 0) return;
    const runTask = core.container.get(RunFetchTask);
    for (let i = 0; i < WORKERS; i++) {
      await core.boss.work<TaskBundle>(FETCH_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async (jobs) => {
        for (const job of jobs) {
          if (MODE === 'bundled-work') {
            await core.scope.run(() => runBundle(core, job.data.tasks));
            continue;
          }
          // Every task of the bundle finishes; a failure fails the job so the queue retries it (settled tasks are skipped).
          const results = await Promise.allSettled(job.data.tasks.map((task) => core.scope.run(() => runTask.execute(task))));
          const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
          if (failed) throw failed.reason;
        }
      });
    }
    const runs = core.container.get(FetchRunRepository);
    const started = Date.now();
    for (;;) {
      const progress = await core.scope.run(() => runs.progress(run.runId));
      const done = progress.succeeded + progress.failed;
      say(`fetch: ${done}/${progress.taskCount} (ok ${progress.succeeded}, failed ${progress.failed})`);
      if (progress.completed) {
        say(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${progress.succeeded} prices stored, ${progress.failed} failures (see fetch_failed in the log).`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  } finally {
    await shutdown.unwind();
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
