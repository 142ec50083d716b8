// `npm run bench:fetch-plan`: the daily fetch's plan at scale (issue 29, "Also at scale"). Seeds N editions of
// monitored books and 20 active stores that can all address every edition (generate_series, on the benchmark's own
// PostgreSQL), then plans a daily run — StartFetchRun: createRun (one statement inserts the N × 20 tasks) and the
// tasks handed to a real pg-boss in bundles of 32 — in a fresh process (bench/fetch-plan-child.ts), timed, with the
// process's RSS growth (peak minus the level before planning). The same is done first at N/10, so the two sizes show
// whether plan time per task and memory stay flat as the catalog grows. Checks every bundle, writes its own section
// of docs/benchmarks.md. Exits non-zero only on errors (a plan that fails or queues the wrong bundles), never because
// a target was missed.
//
// Knobs (the documented numbers say which were used):
//   DATABASE_URL            use this server (a database of the benchmark's own is created and dropped)
//   BENCH_PLAN_EDITIONS     editions of monitored books at the larger size (default 1000000; the smaller is a tenth)
//   BENCH_REPORT            Markdown file to write (default docs/benchmarks.md)
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { fetchQueue } from '../src/adapters/scheduler/job-queues.js';
import { TASKS_PER_JOB } from '../src/adapters/scheduler/pg-boss-fetch-queue.js';
import { startMigratedDatabase } from './database.js';
import type { PlanResult } from './fetch-plan-child.js';
import { renderFetchPlanSection, type SizeRun, verdictsOf } from './fetch-plan-report.js';
import { seedMonitoredEditions, seedStores } from './fetch-plan-seed.js';
import { writeReportSection } from './report-section.js';
import { fmt } from './seed.js';
import { codeVersion } from './support/code-version.js';
import { intEnv, reportFile, ROOT } from './support/knobs.js';
import { machineInfo, machineLine } from './support/machine.js';
import { childEnv } from './support/service-process.js';
import { sayVerdicts } from './support/verdicts.js';
import { installTeardown, runBenchmark } from './teardown.js';

const SETTINGS = { editions: intEnv('BENCH_PLAN_EDITIONS', 1_000_000), stores: 20, report: reportFile() };

const say = (line: string): void => console.log(line);
const phase = (title: string): void => say(`\n=== ${title}`);

let child: ChildProcess | null = null;
const teardown = installTeardown(say, 'the plan and the database', { first: async () => void child?.kill('SIGKILL') });

/** Runs bench/fetch-plan-child.ts on the database, echoing its progress lines; its result. */
async function planInChild(url: string): Promise<PlanResult> {
  const started = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/fetch-plan-child.ts', url], {
    cwd: ROOT,
    env: childEnv({}),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = started;
  let output = '';
  let result: PlanResult | null = null;
  let pending = '';
  started.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('result ')) result = JSON.parse(line.slice('result '.length)) as PlanResult;
      else if (line.startsWith('plan:')) say(`  ${line}`);
    }
  });
  started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => started.once('exit', (c) => resolve(c)));
  child = null;
  if (code !== 0 || result === null) throw new Error(`the plan exited with ${code}:\n${output.slice(-3000)}`);
  const planned: PlanResult = result;
  // Whole pages and a first report once the run exists: the paged hand-over ran (not an older copy of the code).
  const pages = Math.ceil(planned.taskCount / planned.pageSize);
  if (!Number.isInteger(planned.pageSize) || planned.progressReports < 1 + pages || planned.events[0] !== 'fetch_started') {
    throw new Error(`the plan reported ${planned.progressReports} times for ${pages} pages (events: ${planned.events.join(', ')})`);
  }
  return planned;
}

/**
 * Every bundle as the queue holds it: the run's tasks, 32 consecutive ones (edition by edition, store by store) per
 * job, one run per job. Throws on any difference.
 */
async function checkBundles(client: pg.Client, run: PlanResult): Promise<number> {
  const { rows } = await client.query<{ jobs: string; tasks: string; odd: string }>(
    `select count(*) as jobs, coalesce(sum(jsonb_array_length(data->'editions')), 0) as tasks,
            count(*) filter (where jsonb_array_length(data->'editions') <> $2 or (data->>'runId')::bigint <> $3) as odd
     from pgboss.job where name = $1`,
    [fetchQueue.name, TASKS_PER_JOB, run.runId],
  );
  const jobs = Number(rows[0]?.jobs);
  const expectedJobs = Math.ceil(run.taskCount / TASKS_PER_JOB);
  const lastShort = run.taskCount % TASKS_PER_JOB === 0 ? 0 : 1;
  if (jobs !== expectedJobs || Number(rows[0]?.tasks) !== run.taskCount || Number(rows[0]?.odd) !== lastShort) {
    throw new Error(`bundles: ${jobs} jobs (${expectedJobs} expected), ${rows[0]?.tasks} tasks (${run.taskCount}), ${rows[0]?.odd} odd (${lastShort})`);
  }
  // Each expected bundle (the pending tasks in key order, cut every 32) is one job's data, element by element.
  const { rows: missing } = await client.query<{ n: string }>(
    `with numbered as (
       select edition_id, store_id, (row_number() over (order by edition_id, store_id) - 1) / $3 as bundle
       from fetch_task where fetch_run_id = $2
     ),
     expected as (
       select array_agg(edition_id order by edition_id, store_id) as editions, array_agg(store_id order by edition_id, store_id) as stores
       from numbered group by bundle
     ),
     queued as (
       select array(select e::bigint from jsonb_array_elements_text(data->'editions') with ordinality as x(e, i) order by i) as editions,
              array(select s::bigint from jsonb_array_elements_text(data->'stores') with ordinality as x(s, i) order by i) as stores
       from pgboss.job where name = $1
     )
     select count(*) as n from expected x where not exists (select 1 from queued q where q.editions = x.editions and q.stores = x.stores)`,
    [fetchQueue.name, run.runId, TASKS_PER_JOB],
  );
  if (Number(missing[0]?.n) !== 0) throw new Error(`${missing[0]?.n} bundles differ from the run's tasks cut every ${TASKS_PER_JOB}`);
  return jobs;
}

async function main(): Promise<number> {
  const startedAt = new Date();
  const machine = machineInfo();
  const code = codeVersion(ROOT);
  say(`Shelfwatch fetch-plan benchmark, ${startedAt.toISOString()}, ${code}`);
  say(machineLine(machine));

  phase('Database');
  const { db, postgres } = await startMigratedDatabase(teardown, say);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    await seedStores(client, SETTINGS.stores);
    const sizes = [Math.max(1, Math.round(SETTINGS.editions / 10)), SETTINGS.editions];
    const runs: SizeRun[] = [];
    let seeded = 0;
    for (const [index, editions] of sizes.entries()) {
      phase(`${index * 2 + 1}. Seeding ${fmt(editions)} editions of monitored books, ${SETTINGS.stores} stores`);
      const seedSeconds = await seedMonitoredEditions(client, seeded + 1, editions, say);
      seeded = editions;
      // The planned tables start empty at both sizes, as on a day without a run in flight.
      await client.query('truncate fetch_run, fetch_task');
      // pg-boss makes its schema when it first starts (in the first plan's process).
      const bossTable = (await client.query<{ t: string | null }>(`select to_regclass('pgboss.job') as t`)).rows[0]?.t ? ', pgboss.job' : '';
      if (bossTable) await client.query('delete from pgboss.job where name = $1', [fetchQueue.name]);
      await client.query(`vacuum (analyze) fetch_task${bossTable}`);
      await client.query('checkpoint').catch(() => say('  (checkpoint not permitted; skipped)'));

      phase(`${index * 2 + 2}. Planning the daily run: ${fmt(editions)} editions × ${SETTINGS.stores} stores`);
      const result = await planInChild(db.url);
      const jobs = await checkBundles(client, result);
      const growth = result.peakRssMiB - result.rssBeforeMiB;
      say(
        `  ${fmt(result.taskCount)} tasks, ${fmt(jobs)} jobs checked; plan ${(result.planMs / 1000).toFixed(1)} s ` +
          `(createRun ${(result.createMs / 1000).toFixed(1)} s, enqueue ${(result.enqueueMs / 1000).toFixed(1)} s, of which pg-boss ${(result.queueMs / 1000).toFixed(1)} s), ` +
          `${((1000 * result.planMs) / result.taskCount).toFixed(2)} µs per task; RSS ${result.rssBeforeMiB.toFixed(0)} → peak ${result.peakRssMiB.toFixed(0)} MiB (+${growth.toFixed(0)})`,
      );
      runs.push({ editions, stores: SETTINGS.stores, jobs, seedSeconds, result });
    }
    const verdicts = verdictsOf(runs[0]!, runs[1]!);
    say('');
    sayVerdicts(verdicts, say);
    const section = renderFetchPlanSection({ startedAt, finishedAt: new Date(), machine, code, postgres, dbKind: db.kind }, runs, verdicts);
    await writeReportSection(SETTINGS.report, 'fetch-plan', section);
    say(`\nWrote the fetch-plan section of ${path.relative(ROOT, SETTINGS.report)}.`);
    return 0;
  } finally {
    await client.end().catch(() => undefined);
  }
}

runBenchmark(main, teardown);
