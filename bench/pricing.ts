// `npx tsx bench/pricing.ts`: the pricing benchmark. (1) The daily fetch of 40,000 (edition, store) pages from the
// demonstration stores answering in 50 ms, run as `src/composition/entries/job.ts fetch`; (2) the month-end consolidation of
// 1,000,000 daily quotes through `src/composition/entries/job.ts consolidate`, against one hand-written SQL statement on an
// identical copy of the data. Writes its own section of docs/benchmarks.md.
// Exits non-zero only on errors (setup failures, a job failing, wrong results), never because a target was missed.
//
// Knobs for quick trial runs (the documented numbers use the defaults):
//   DATABASE_URL                  use this server (databases of the benchmark's own are created and dropped)
//   BENCH_PRICING_BOOKS           books, one paperback edition each, sold by all 4 demo stores (default 10000)
//   BENCH_PRICING_PAIRS           (edition, store) pairs of the consolidated month (default 33334)
//   BENCH_PRICING_ROUNDS          consolidation rounds; each times the use case and the baseline (default 2)
//   BENCH_QUIET_WAIT_SECONDS      how long each measurement may wait for other processes to leave the CPU (default 180)
//   BENCH_REPORT                  Markdown file to write (default docs/benchmarks.md)
// The numbers of the last run are kept in <tmp>/shelfwatch-pricing-last-run.json; `npx tsx bench/pricing.ts --render`
// writes the section again from them (after a change to the text), without measuring anything.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEMO_STORE_SLUGS, type DemoStoreSlug, type DemoStoreStats } from '../src/adapters/demo/stores/index.js';
import { formatMonth, type Month, monthEnd, monthStart } from '../src/domain/pricing/month.js';
import { waitForQuiet } from './cpu.js';
import { type BenchDatabase, freePort, startMigratedDatabase } from './database.js';
import { installTeardown, runBenchmark } from './teardown.js';
import { QUIET_THRESHOLD_CORES } from './load.js';
import { fmt } from './seed.js';
import { copyDatabase, databaseName, dropDatabase, ioMark, ioSince, queryOnce } from './pricing-db.js';
import { measureExtraction } from './pricing-extract.js';
import { jobNodeOptions, runJob } from './pricing-job.js';
import { type CpuSplit, cpuSplitWindow } from './pricing-proc.js';
import {
  type ConsolidationResult,
  type ConsolidationRun,
  type FetchResult,
  type ReportData,
  renderSection,
  verdictsOf,
} from './pricing-render.js';
import { cores, mib, sec, writePricingSection } from './pricing-report.js';
import { BASELINE_CONSOLIDATION, consolidatedState, type FetchSeedSummary, seedFetchScenario, seedMonth } from './pricing-seed.js';
import { intEnv, reportFile, ROOT } from './support/knobs.js';
import { machineInfo, machineLine } from './support/machine.js';
import { childEnv, startTsxChild } from './support/service-process.js';
import { localUrl } from './support/service-requests.js';
import { sayVerdicts } from './support/verdicts.js';

const LAST_RUN = path.join(os.tmpdir(), 'shelfwatch-pricing-last-run.json');

const SETTINGS = {
  books: intEnv('BENCH_PRICING_BOOKS', 10_000),
  users: 1_000,
  maxPriceEvery: 4,
  latencyMs: 50,
  storeConcurrency: 8,
  pairs: intEnv('BENCH_PRICING_PAIRS', 33_334),
  rounds: intEnv('BENCH_PRICING_ROUNDS', 2),
  quietWaitSeconds: intEnv('BENCH_QUIET_WAIT_SECONDS', 180),
  report: reportFile(),
};

const say = (line: string): void => console.log(line);
const phase = (title: string): void => say(`\n=== ${title}`);

// ---------------------------------------------------------------------------------------------------------------
// Cleanup: children, the extra databases and the database are stopped at the end, on an error, and on Ctrl-C.

const extraDatabases = new Set<string>();
const teardown = installTeardown(say, 'the jobs, the demo stores and the database', {
  beforeDatabase: async (database) => {
    for (const name of extraDatabases) await dropDatabase(database.url, name).catch(() => undefined);
  },
});

// ---------------------------------------------------------------------------------------------------------------

const disturbances: ReportData['disturbances'] = [];

async function quiet(label: string): Promise<void> {
  say(`  waiting for a quiet machine before "${label}" (other processes < ${QUIET_THRESHOLD_CORES} cores, at most ${SETTINGS.quietWaitSeconds} s) ...`);
  const reading = await waitForQuiet({ threshold: QUIET_THRESHOLD_CORES, maxWaitSeconds: SETTINGS.quietWaitSeconds, say });
  say(`  other processes: ${cores(reading.otherCores)} cores`);
}

function recordDisturbance(label: string, cpu: CpuSplit): void {
  if (cpu.other > QUIET_THRESHOLD_CORES) {
    disturbances.push({ label, otherCores: cpu.other });
    say(`  CAUTION: other processes used ${cpu.other.toFixed(2)} cores during "${label}"`);
  }
}

async function main(): Promise<number> {
  const startedAt = new Date();
  const machine = machineInfo();
  say(`Shelfwatch pricing benchmark, ${startedAt.toISOString()}`);
  say(machineLine(machine));

  phase('Database');
  const { db, postgres } = await startMigratedDatabase(teardown, say);

  const secret = randomBytes(32).toString('base64url');
  const fetch = await fetchPhase(db, secret);
  const consolidation = await consolidationPhase(db, secret, fetch.demoUrl);
  await fetch.stopDemo();

  const data: ReportData = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine,
    postgres,
    dbKind: db.kind,
    settings: {
      latencyMs: SETTINGS.latencyMs,
      storeConcurrency: SETTINGS.storeConcurrency,
      quietWaitSeconds: SETTINGS.quietWaitSeconds,
      rounds: SETTINGS.rounds,
      books: SETTINGS.books,
      maxPriceEvery: SETTINGS.maxPriceEvery,
    },
    fetches: fetch.results,
    extraction: fetch.extraction,
    consolidation,
    baselineSql: BASELINE_CONSOLIDATION,
    disturbances,
  };
  // The RSS samples are many; the report needs only what is derived from them.
  await writeFile(LAST_RUN, JSON.stringify(data, (key, value: unknown) => (key === 'samples' || key === 'lines' ? undefined : value)));
  say(`\n(numbers kept in ${LAST_RUN})`);
  await report(data);
  return 0;
}

async function report(data: ReportData): Promise<void> {
  phase('Results');
  sayVerdicts(verdictsOf(data), say);
  if (data.disturbances.length > 0) {
    say(`CAUTION: other processes used the CPU during ${data.disturbances.map((d) => `${d.label} (${d.otherCores.toFixed(2)} cores)`).join(', ')}`);
  }
  await writePricingSection(SETTINGS.report, renderSection(data));
  say(`\nWrote the pricing section of ${path.relative(ROOT, SETTINGS.report)}`);
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Daily fetch

async function fetchPhase(
  db: BenchDatabase,
  secret: string,
): Promise<{ results: FetchResult[]; extraction: Awaited<ReturnType<typeof measureExtraction>>; demoUrl: string; stopDemo: () => Promise<void> }> {
  phase(`1. Daily fetch: seeding ${fmt(SETTINGS.books)} books`);
  const seed = await seedFetchScenario(
    db.url,
    { books: SETTINGS.books, users: SETTINGS.users, maxPriceEvery: SETTINGS.maxPriceEvery },
    say,
  );
  say(
    `Seeded ${fmt(seed.books)} books, ${fmt(seed.editions)} editions (${Object.entries(seed.editionsByFormat)
      .map(([k, v]) => `${fmt(v)} ${k}`)
      .join(', ')}), ${fmt(seed.users)} users, ${fmt(seed.wishes)} monitored wishes (${fmt(seed.wishesWithMaxPrice)} with a max price) in ${seed.seconds.toFixed(1)} s`,
  );
  const demoPort = await freePort();
  const demoUrl = localUrl(demoPort);
  const demo = await startTsxChild({
    name: 'demo stores',
    script: 'scripts/demo-stores.ts',
    scriptArgs: ['--port', String(demoPort), '--latency', String(SETTINGS.latencyMs)],
    env: jobEnv({ NODE_ENV: 'production' }),
    ready: /listening on/,
    timeoutMs: 60_000,
    say,
  });

  const env = jobEnv({
    DATABASE_URL: db.url,
    JWT_SECRET: secret,
    DEMO_STORE_URL: demoUrl,
    DEMO_STORES: 'on',
    STORE_CONCURRENCY: String(SETTINGS.storeConcurrency),
    STORE_MIN_INTERVAL_MS: '0',
    FETCH_RETRIES: '0',
    NODE_ENV: 'production',
  });
  const results: FetchResult[] = [];
  results.push(await measureFetch('job', db.url, seed, env, demoUrl, demo.pid));

  phase('1c. CPU cost of reading a product page (extraction), in this process');
  await quiet('extraction');
  const extraction = await measureExtraction(demoUrl);
  for (const e of extraction) say(`  ${e.store}: ${e.cpuMs.toFixed(2)} ms of CPU per page (${(e.bytes / 1024).toFixed(1)} KiB)`);
  return { results, extraction, demoUrl, stopDemo: () => demo.stop() };
}

async function measureFetch(
  label: string,
  url: string,
  seed: FetchSeedSummary,
  env: NodeJS.ProcessEnv,
  demoUrl: string,
  demoPid: number,
): Promise<FetchResult> {
  const title = label === 'job' ? 'daily fetch' : `fetch variant ${label}`;
  const command = `node ${jobNodeOptions(ROOT).join(' ')} src/composition/entries/job.ts fetch`;
  await demoControl(demoUrl, 'POST', '/__control/reset');
  await quiet(title);
  say(`Running ${command} (STORE_CONCURRENCY=${SETTINGS.storeConcurrency}, STORE_MIN_INTERVAL_MS=0, FETCH_RETRIES=0, demo latency ${SETTINGS.latencyMs} ms) ...`);

  // The demo stores' counters once a second: the request rate over the run.
  const counts: number[] = [];
  const poll = setInterval(() => {
    demoControl(demoUrl, 'GET', '/__control/stats').then(
      (st) => counts.push(totalRequests((st as { stores: Record<DemoStoreSlug, DemoStoreStats> }).stores)),
      () => undefined,
    );
  }, 1000);
  const ticker = setInterval(() => {
    const last = counts.at(-1) ?? 0;
    say(`  [benchmark] ${counts.length} s: ${fmt(last)} requests served by the demo stores`);
  }, 15_000);
  let job: Awaited<ReturnType<typeof runJob>>;
  try {
    job = await runJob({
      name: title,
      jobArgs: ['fetch'],
      cwd: ROOT,
      env,
      done: /^Done in ([\d.]+) s: (\d+) prices stored, (\d+) failures/,
      mark: /^Fetch run (\d+): (\d+) tasks/,
      timeoutMs: 60 * 60_000,
      alsoWatch: { demo: demoPid },
      say,
      // The job's own progress line every 2 s is too chatty for a run of minutes: one in five is echoed.
      echo: (() => {
        let n = 0;
        return (line: string) => !line.startsWith('{') && (!line.startsWith('fetch: ') || n++ % 5 === 0);
      })(),
    });
  } finally {
    clearInterval(poll);
    clearInterval(ticker);
  }
  if (job.exit !== 'code 0') throw new Error(`${title} exited with ${job.exit}`);
  const stats = (await demoControl(demoUrl, 'GET', '/__control/stats')) as { stores: Record<DemoStoreSlug, DemoStoreStats> };
  const demo = stats.stores;

  const runId = Number(job.lines.map((l) => /^Fetch run (\d+):/.exec(l.line)?.[1]).find((v) => v !== undefined));
  const [run] = await queryOnce<{ task_count: string; succeeded: string; failed: string; ms: string; book_count: string; store_count: string }>(
    url,
    `select task_count, succeeded, failed, book_count, store_count, extract(epoch from completed_at - started_at) * 1000 as ms from fetch_run where fetch_run_id = $1`,
    [runId],
  );
  const byStore = await queryOnce<{ store_key: string; n: string }>(
    url,
    `select s.store_key, count(*) as n from fetch_task t join store s using (store_id) where t.fetch_run_id = $1 group by s.store_key order by s.store_key`,
    [runId],
  );
  const [stored] = await queryOnce<{ quotes: string; alerts: string }>(
    url,
    `select (select count(*) from price_quote where quote_kind = 'daily') as quotes, (select count(*) from alert) as alerts`,
  );
  const failures = await queryOnce<{ error: string; n: string }>(
    url,
    `select log_detail->>'error' as error, count(*) as n from log where log_event = 'fetch_failed' and (log_detail->>'run_id')::bigint = $1
     group by 1 order by 2 desc limit 5`,
    [runId],
  );

  const requests = totalRequests(demo);
  const idealMs = (requests * SETTINGS.latencyMs) / (DEMO_STORE_SLUGS.length * SETTINGS.storeConcurrency);
  const busiest = DEMO_STORE_SLUGS.reduce((a, b) => (demo[b].requests > demo[a].requests ? b : a));
  const busiestIdealMs = (demo[busiest].requests * SETTINGS.latencyMs) / SETTINGS.storeConcurrency;
  const peak = Math.max(job.memory.peakRss, Number.isFinite(job.memory.hwm) ? job.memory.hwm : 0);
  const rssGrowth = peak - job.memory.rssAtMark;
  const rssAt = (fraction: number): number => {
    const t = job.markMs + (job.wallMs - job.markMs) * fraction;
    return [...job.memory.samples].reverse().find((sample) => sample.t <= t)?.rss ?? NaN;
  };
  const taskCount = Number(run?.task_count);
  const perTask = (coresUsed: number | undefined): number => ((coresUsed ?? NaN) * job.wallMs) / taskCount;
  const result: FetchResult = {
    label,
    command,
    seed,
    job,
    run: {
      runId,
      taskCount,
      succeeded: Number(run?.succeeded),
      failed: Number(run?.failed),
      dbMs: Number(run?.ms),
      bookCount: Number(run?.book_count),
      storeCount: Number(run?.store_count),
    },
    tasksByStore: Object.fromEntries(byStore.map((r) => [r.store_key, Number(r.n)])),
    demo,
    requests,
    idealMs,
    busiest,
    busiestIdealMs,
    peak,
    rssGrowth,
    rssTimeline: [0.25, 0.5, 0.75, 1].map(rssAt),
    quotes: Number(stored?.quotes),
    alerts: Number(stored?.alerts),
    failures: failures.map((r) => ({ error: r.error, n: Number(r.n) })),
    steadyRate: steady(counts, requests),
    planningMs: job.markMs,
    workMs: job.wallMs - job.markMs,
    jobReportedMs: Number(job.doneMatch[1]) * 1000,
    cpuMsPerTask: { job: perTask(job.cpu.byName.job), demo: perTask(job.cpu.byName.demo), rest: perTask(job.cpu.rest), other: perTask(job.cpu.other) },
  };
  recordDisturbance(title, job.cpu);

  say(`${title}: ${sec(job.wallMs)} from spawn to the summary (planning ${sec(job.markMs)}, working ${sec(result.workMs)}; the job says ${sec(result.jobReportedMs)}; fetch_run ${sec(result.run.dbMs)})`);
  say(`  ${fmt(requests)} requests: ${DEMO_STORE_SLUGS.map((sl) => `${sl} ${fmt(demo[sl].requests)} (max in flight ${demo[sl].maxInFlight})`).join(', ')}`);
  say(`  ideal (issue): ${sec(idealMs)} → ×${(job.wallMs / idealMs).toFixed(2)}; busiest store ${busiest}: ${sec(busiestIdealMs)} → ×${(job.wallMs / busiestIdealMs).toFixed(2)}`);
  say(`  steady rate ${result.steadyRate.toFixed(0)} requests/s (${((DEMO_STORE_SLUGS.length * SETTINGS.storeConcurrency * 1000) / SETTINGS.latencyMs).toFixed(0)}/s with every gate full)`);
  say(`  tasks ${fmt(taskCount)}: ${fmt(result.run.succeeded)} succeeded, ${fmt(result.run.failed)} failed; ${fmt(result.quotes)} daily quotes, ${fmt(result.alerts)} alerts in the database`);
  say(`  RSS: first ${mib(job.memory.firstRss)}, once planned ${mib(job.memory.rssAtMark)}, peak ${mib(peak)} (growth ${mib(rssGrowth)}); at 25/50/75/100 %: ${result.rssTimeline.map(mib).join(', ')}`);
  say(`  CPU (cores): job ${cores(job.cpu.byName.job)}, demo stores ${cores(job.cpu.byName.demo)}, PostgreSQL + benchmark ${cores(job.cpu.rest)}, other processes ${cores(job.cpu.other)}`);
  say(`  CPU per task: job ${result.cpuMsPerTask.job.toFixed(2)} ms, demo ${result.cpuMsPerTask.demo.toFixed(2)} ms, PostgreSQL + benchmark ${result.cpuMsPerTask.rest.toFixed(2)} ms`);
  if (result.run.failed > 0) say(`  failures: ${result.failures.map((f) => `${f.n}× ${f.error}`).join('; ')}`);
  if (taskCount !== requests) throw new Error(`${title}: ${taskCount} tasks but ${requests} requests at the demo stores`);
  if (result.run.succeeded + result.run.failed !== taskCount) throw new Error(`${title}: the run did not settle every task`);
  return result;
}

/** Requests per second between the moments 10 % and 90 % of the requests had been served. */
function steady(cumulative: number[], total: number): number {
  const from = cumulative.findIndex((c) => c >= total * 0.1);
  const to = cumulative.findIndex((c) => c >= total * 0.9);
  if (from < 0 || to <= from) return NaN;
  return ((cumulative[to] ?? 0) - (cumulative[from] ?? 0)) / (to - from);
}

function totalRequests(stats: Record<DemoStoreSlug, DemoStoreStats>): number {
  return DEMO_STORE_SLUGS.reduce((sum, sl) => sum + stats[sl].requests, 0);
}

async function demoControl(demoUrl: string, method: 'GET' | 'POST', route: string): Promise<unknown> {
  const response = await fetch(demoUrl + route, { method, ...(method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}) });
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}`);
  return response.json();
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Month-end consolidation

/** The latest month that has ended and has 30 days. */
function thirtyDayMonth(now: Date): Month {
  let year = now.getUTCFullYear();
  let month = now.getUTCMonth(); // the previous month's number (1-based); 0 means December of last year
  for (;;) {
    if (month === 0) {
      year -= 1;
      month = 12;
    }
    const m = { year, month };
    if ((monthEnd(m).getTime() - monthStart(m).getTime()) / 86_400_000 === 30) return m;
    month -= 1;
  }
}

async function consolidationPhase(db: BenchDatabase, secret: string, demoUrl: string): Promise<ConsolidationResult> {
  const month = thirtyDayMonth(new Date());
  const label = formatMonth(month);
  const start = monthStart(month);
  const end = monthEnd(month);
  const days = Math.round((end.getTime() - start.getTime()) / 86_400_000);
  phase(`2. Month-end consolidation: ${fmt(SETTINGS.pairs)} (edition, store) pairs × ${days} days of ${label}`);
  const seed = await seedMonth(db.url, { pairs: SETTINGS.pairs, monthStart: start, days }, say);
  say(
    `Seeded ${fmt(seed.quotes)} daily quotes of ${label} (${fmt(seed.pairs)} pairs), ${fmt(seed.otherDailyQuotes)} other daily quotes stay; ` +
      `price_quote is ${mib(seed.tableBytes)} with its indexes (${seed.seconds.toFixed(1)} s)`,
  );

  // ABBA: use case, baseline, baseline, use case, ... so that neither profits from going first or last.
  const order: Array<ConsolidationRun['kind']> = [];
  for (let r = 0; r < SETTINGS.rounds; r++) order.push(...(r % 2 === 0 ? (['use case', 'baseline'] as const) : (['baseline', 'use case'] as const)));
  const runs: ConsolidationRun[] = [];
  for (const [i, kind] of order.entries()) {
    const name = `${databaseName(db.url)}_consolidation_${i + 1}`;
    say(`\n${kind} (${i + 1} of ${order.length}): copying the database to ${name} ...`);
    extraDatabases.add(name);
    const copy = await copyDatabase(db.url, name, say);
    // The same preparation for every copy: its table read once (the OS cache), then a checkpoint, so that neither
    // the copy's nor an earlier run's dirty pages are written out during the measurement.
    await queryOnce(copy.url, `select count(*), sum(amount_minor) from price_quote`);
    await queryOnce(copy.url, 'checkpoint').catch(() => undefined);
    say(`  copied in ${copy.seconds.toFixed(1)} s`);
    await quiet(`consolidation ${kind} ${i + 1}`);
    const mark = await ioMark(copy.url);
    let ms: number;
    let wallMs: number;
    let cpu: CpuSplit;
    if (kind === 'use case') {
      const job = await runJob({
        name: 'consolidate job',
        jobArgs: ['consolidate', '--month', label],
        cwd: ROOT,
        env: jobEnv({ DATABASE_URL: copy.url, JWT_SECRET: secret, DEMO_STORE_URL: demoUrl, DEMO_STORES: 'on', NODE_ENV: 'production' }),
        done: /^Done: (\d+) daily quotes consolidated in (\d+) ms\./,
        mark: /^Consolidating /,
        timeoutMs: 60 * 60_000,
        say,
      });
      if (job.exit !== 'code 0') throw new Error(`the consolidation job exited with ${job.exit}`);
      if (Number(job.doneMatch[1]) !== seed.quotes) throw new Error(`the job consolidated ${job.doneMatch[1]} daily quotes, not ${seed.quotes}`);
      ms = Number(job.doneMatch[2]);
      wallMs = job.wallMs;
      cpu = job.cpu;
    } else {
      const client = new pg.Client({ connectionString: copy.url });
      await client.connect();
      const window = cpuSplitWindow({});
      const t0 = performance.now();
      await client.query('begin');
      const result = await client.query(BASELINE_CONSOLIDATION, [start.toISOString(), end.toISOString(), start.toISOString().slice(0, 10)]);
      await client.query('commit');
      ms = performance.now() - t0;
      wallMs = ms;
      cpu = window.end();
      await client.end();
      say(`  baseline statement: ${fmt(result.rowCount ?? 0)} monthly quotes written`);
    }
    const io = await ioSince(copy.url, mark);
    const state = await consolidatedState(copy.url, start, end);
    const run: ConsolidationRun = { kind, database: name, ms, wallMs, rows: seed.quotes - state.dailyLeftInMonth, cpu, state, copySeconds: copy.seconds, ...io };
    recordDisturbance(`consolidation ${i + 1} (${kind})`, cpu);
    say(
      `  ${kind}: ${sec(run.ms)}${kind === 'use case' ? ` (job process ${sec(run.wallMs)} from spawn)` : ''}; ${fmt(run.rows)} daily quotes → ` +
        `${fmt(state.monthlyQuotes)} monthly, ${fmt(state.dailyLeftInMonth)} dailies left in the month, ${fmt(state.dailyOutsideMonth)} outside; ` +
        `WAL ${mib(io.walBytes)}, temp files ${mib(io.tempBytes)}; CPU: ${cores(cpu.rest)} PostgreSQL + benchmark, ${cores(cpu.byName.job)} job, ${cores(cpu.other)} other processes`,
    );
    runs.push(run);
    await dropDatabase(db.url, name);
    extraDatabases.delete(name);
  }

  // Both must have done the same work.
  const reference = runs[0]?.state;
  for (const run of runs) {
    if (run.state.dailyLeftInMonth !== 0 || run.state.monthlyQuotes !== seed.pairs || run.rows !== seed.quotes) {
      throw new Error(`${run.kind} on ${run.database}: ${run.rows} dailies consolidated into ${run.state.monthlyQuotes} monthly quotes, ${run.state.dailyLeftInMonth} left`);
    }
    if (run.state.digest !== reference?.digest || run.state.dailyOutsideMonth !== seed.otherDailyQuotes) {
      throw new Error(`${run.kind} on ${run.database} left different monthly quotes (digest ${run.state.digest} vs ${reference?.digest})`);
    }
  }
  say(`The use case and the baseline left identical monthly quotes (md5 ${reference?.digest}).`);
  const mean = (kind: ConsolidationRun['kind']): number => {
    const xs = runs.filter((r) => r.kind === kind).map((r) => r.ms);
    return xs.reduce((a, b) => a + b, 0) / xs.length;
  };
  const useCaseMs = mean('use case');
  const baselineMs = mean('baseline');
  say(`use case ${sec(useCaseMs)} vs baseline ${sec(baselineMs)}: ×${(useCaseMs / baselineMs).toFixed(2)}`);
  return { month: label, seed, runs, useCaseMs, baselineMs, ratio: useCaseMs / baselineMs };
}

// ---------------------------------------------------------------------------------------------------------------

/** The environment of the jobs and the demo stores: nothing of the caller's store, job or mail configuration leaks in either. */
function jobEnv(values: Record<string, string>): NodeJS.ProcessEnv {
  return childEnv(values, ['STORE_', 'FETCH_', 'DEMO_', 'ENABLED_STORES$', 'SCHEDULER$', 'SMTP_URL$', 'MAIL_FROM$', 'CONSOLIDATION_CRON$']);
}

// ---------------------------------------------------------------------------------------------------------------

async function rerender(): Promise<number> {
  if (!existsSync(LAST_RUN)) throw new Error(`No numbers of an earlier run in ${LAST_RUN}`);
  const data = JSON.parse(await readFile(LAST_RUN, 'utf8')) as ReportData;
  say(`Writing the section again from the run of ${data.startedAt} (${LAST_RUN})`);
  await report(data);
  return 0;
}

runBenchmark(process.argv.includes('--render') ? rerender : main, teardown);
