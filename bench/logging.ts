// npm run bench:logging — the logging component's two targets (issue 5), against baselines measured in the same run:
//   1. sustained intake over 30 s, in-process and over HTTP: events stored per second, at least 50 % of a loop that
//      bulk-inserts the same rows directly;
//   2. the request path: one in-process `record` call p99 under 20 µs, and API throughput with logging on versus
//      off within 3 %.
// Results go to docs/benchmarks.md between the logging-benchmark markers.
import path from 'node:path';
import pg from 'pg';
import { prepareDatabase } from '../src/adapters/postgres/database.js';
import { configuredStores } from '../src/adapters/stores/recipes/configured-stores.js';
import { cpuWindow, waitForQuiet } from './cpu.js';
import { type BenchDatabase, freePort, startBenchDatabase } from './database.js';
import type { LogEvent } from '../src/domain/logging/log-event.js';
import { BENCH_EVENT_NAME, benchEvent, benchIntakeBody } from './logging-events.js';
import { writeLoggingSection } from './logging-report.js';
import { cores, machineInfo } from './pricing-report.js';
import { type Comparison, apiOnOff } from './logging-api-on-off.js';
import { type HttpLoad, load } from './logging-http-load.js';
import { median } from './paired-ratio.js';
import { runningChildren, startNodeChild } from './processes.js';
import { table } from './report.js';

/** The baseline: the batch as one jsonb parameter of one insert, back to back (the service writes with COPY). */
const BASELINE_INSERT_SQL = `insert into log (log_time, log_level, log_source, log_event, log_detail)
  select r.log_time, r.log_level, r.log_source, r.log_event, coalesce(r.log_detail, '{}'::jsonb)
  from jsonb_to_recordset($1::jsonb) as r(log_time timestamptz, log_level text, log_source text, log_event text, log_detail jsonb)`;

const baselineRowsText = (events: readonly LogEvent[]): string =>
  JSON.stringify(events.map((e) => ({ log_time: e.time.toISOString(), log_level: e.level, log_source: e.source, log_event: e.event, log_detail: e.detail })));

const ROOT = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_LOGGING_SECONDS ?? 30);
/** On/off runs: many short adjacent pairs, so the machine's drift hits both halves of a pair alike. */
const API_SECONDS = Number(process.env.BENCH_LOGGING_API_SECONDS ?? 2);
const API_PAIRS = Number(process.env.BENCH_LOGGING_API_PAIRS ?? 40);
const BATCH = 500; // LOG_BATCH_MAX's default: the baseline inserts batches of the size the buffer writes
const SHARED_SECRET = 'bench-shared-secret-0123456789';
const say = (line: string): void => console.log(line);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

let database: BenchDatabase | null = null;
async function cleanup(): Promise<void> {
  for (const child of runningChildren()) await child.stop(2000);
  await database?.stop();
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

async function query<R extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, values)).rows;
  } finally {
    await client.end();
  }
}
const storedRows = async (url: string): Promise<number> =>
  Number((await query<{ n: string }>(url, 'select count(*) as n from log where log_event = $1', [BENCH_EVENT_NAME]))[0]!.n);
const clearLog = (url: string): Promise<unknown> => query(url, 'truncate log');
const quiet = (): Promise<unknown> => waitForQuiet({ threshold: 0.25, maxWaitSeconds: 60, say });

interface Rate {
  rows: number;
  seconds: number;
  perSecond: number;
  ownCores: number;
  otherCores: number;
}

/** Baseline: back-to-back bulk inserts of the same rows with the same statement, straight through pg. */
async function baselineBulkInsert(url: string): Promise<Rate> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let rows = 0;
  const cpu = cpuWindow();
  const started = performance.now();
  while (performance.now() - started < SECONDS * 1000) {
    const now = new Date();
    const batch = Array.from({ length: BATCH }, (_, i) => benchEvent(rows + i, now));
    await client.query(BASELINE_INSERT_SQL, [baselineRowsText(batch)]);
    rows += BATCH;
  }
  const seconds = (performance.now() - started) / 1000;
  const reading = cpu.end();
  await client.end();
  return { rows, seconds, perSecond: rows / seconds, ...reading };
}

/** Runs a measuring child for SECONDS; it prints one `RESULT {json}` line, which is returned. */
async function runResultChild<T>(name: string, script: string, env: Record<string, string>): Promise<T> {
  let result: T | null = null;
  const child = await startNodeChild({
    name,
    args: ['--import', 'tsx', script],
    cwd: ROOT,
    env: { ...process.env, ...env, BENCH_SECONDS: String(SECONDS) },
    ready: /^RESULT /,
    timeoutMs: (SECONDS + 120) * 1000,
    say: (line) => {
      const match = /RESULT (\{.*\})$/.exec(line);
      if (match) result = JSON.parse(match[1]!) as T;
      else say(line);
    },
  });
  await child.stop();
  if (result === null) throw new Error(`the ${name} child printed no result`);
  return result;
}

interface IntakeResult {
  seconds: number;
  accepted: number;
  storedInWindow: number;
  storedAfterFlush: number;
  ownCores: number;
  otherCores: number;
  record: { calls: number; p50: number; p99: number; p999: number; max: number };
  timerP99: number;
}

/** The in-process buffer in a child process (bench/logging-intake.ts). */
async function inProcessIntake(url: string): Promise<IntakeResult> {
  return runResultChild<IntakeResult>('in-process intake', 'bench/logging-intake.ts', { DATABASE_URL: url });
}

interface RemoteResult {
  seconds: number;
  accepted: number;
  storedInWindow: number;
  ownCores: number;
  otherCores: number;
}

/**
 * Over HTTP, two ways into the standalone component (`src/composition/entries/logging-component.ts`): the remote sink as the API uses it
 * (bench/logging-remote-intake.ts: HttpLogSink, events batched as NDJSON while requests are in flight), and
 * autocannon sending one event per request as `POST /log`'s JSON body. Stored rows are counted in the window.
 */
async function httpIntake(url: string): Promise<{ remote: RemoteResult; single: { rate: Rate; load: HttpLoad } }> {
  const port = await freePort();
  const component = await startNodeChild({
    name: 'logging component',
    args: ['--import', 'tsx', 'src/composition/entries/logging-component.ts'],
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: url, LOG_SHARED_SECRET: SHARED_SECRET, LOGGING_PORT: String(port), HOST: '127.0.0.1', SCHEDULER: 'off' },
    ready: /listening on/,
    timeoutMs: 60_000,
    say,
  });
  try {
    say(`  the remote sink (LOGGING_MODE=remote's HttpLogSink), ${SECONDS} s ...`);
    await quiet();
    const remote = await runResultChild<RemoteResult>('remote sender', 'bench/logging-remote-intake.ts', {
      DATABASE_URL: url,
      LOGGING_URL: `http://127.0.0.1:${port}`,
      LOG_SHARED_SECRET: SHARED_SECRET,
    });
    await sleep(3000); // the component's last batches
    await clearLog(url);

    say(`  one event per request (autocannon, 32 connections), ${SECONDS} s ...`);
    await quiet();
    const target = { url: `http://127.0.0.1:${port}/log`, method: 'POST', headers: { authorization: `Bearer ${SHARED_SECRET}`, 'content-type': 'application/json' }, body: benchIntakeBody(1), connections: 32, expect: '2xx' as const };
    await load({ ...target, seconds: 3 }); // warm-up
    await sleep(2500);
    const before = await storedRows(url);
    const measured = await load({ ...target, seconds: SECONDS });
    await sleep(3000); // LOG_FLUSH_MS (2 s): the window's accepted events are written
    const rows = (await storedRows(url)) - before;
    const single = { rate: { rows, seconds: measured.seconds, perSecond: rows / measured.seconds, ownCores: measured.ownCores, otherCores: measured.otherCores }, load: measured };
    return { remote, single };
  } finally {
    await component.stop();
  }
}

const pct = (a: number, b: number): string => `${((100 * a) / b).toFixed(1)} %`;
const n0 = (v: number): string => Math.round(v).toLocaleString('en-US');
const verdict = (ok: boolean): string => (ok ? '**PASS**' : '**FAIL**');

async function main(): Promise<void> {
  const machine = machineInfo();
  const startedAt = new Date();
  database = await startBenchDatabase(process.env, say);
  await prepareDatabase(database.url, configuredStores({ demoStores: false, demoStoreUrl: 'http://127.0.0.1:9', enabledStores: [] }));
  const url = database.url;

  say(`Baseline: bulk inserts of ${BATCH} rows, back to back, ${SECONDS} s ...`);
  await quiet();
  const baseline = await baselineBulkInsert(url);
  say(`  ${n0(baseline.perSecond)} rows/s`);
  await clearLog(url);

  say(`In-process intake, ${SECONDS} s ...`);
  await quiet();
  const inProcess = await inProcessIntake(url);
  const inProcessRate = inProcess.storedInWindow / inProcess.seconds;
  say(`  ${n0(inProcessRate)} events/s stored; record p99 ${inProcess.record.p99.toFixed(2)} µs`);
  await clearLog(url);

  say('HTTP intake (the standalone component) ...');
  const http = await httpIntake(url);
  const remoteRate = http.remote.storedInWindow / http.remote.seconds;
  say(`  remote sink: ${n0(remoteRate)} events/s stored; one event per request: ${n0(http.single.rate.perSecond)} events/s stored`);
  await clearLog(url);

  say(`API throughput with logging on and off (one API process switching its sink; ${API_PAIRS} pairs of ${API_SECONDS} s runs per comparison) ...`);
  const comparisons = await apiOnOff({ databaseUrl: url, rootDir: ROOT, pairs: API_PAIRS, seconds: API_SECONDS, connections: 16, quiet, say });
  const [flood, noise, ordinary] = comparisons as [Comparison, Comparison, Comparison];
  const mean = (runs: HttpLoad[], pick: (r: HttpLoad) => number = (r) => r.rps): number => runs.reduce((sum, r) => sum + pick(r), 0) / runs.length;
  const spread = (values: number[]): string => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${n0(sorted[0]!)} / ${n0(median(sorted))} / ${n0(sorted.at(-1)!)}`;
  };
  const difference = (c: Comparison): number => Math.abs(1 - c.ratio.median);
  const estimate = (c: Comparison): string =>
    `median ratio ${c.ratio.median.toFixed(3)}, 95 % interval ${c.ratio.low.toFixed(3)}–${c.ratio.high.toFixed(3)}, ${c.ratio.pairs} pairs`;

  const finishedAt = new Date();
  const intakeOk = (rate: number): boolean => rate >= 0.5 * baseline.perSecond;
  const section = `## Logging: intake and the request path

Run on ${finishedAt.toISOString().slice(0, 10)} (started ${startedAt.toISOString()}, ${((finishedAt.getTime() - startedAt.getTime()) / 60_000).toFixed(1)} min in all) with
\`npm run bench:logging\` (bench/logging.ts). Every number below, baselines included, comes from that one run.

**Machine:** ${machine.cpu}, ${machine.cores} cores, ${machine.memory}; ${machine.os}; Node ${machine.node}; PostgreSQL from
${database.kind === 'embedded' ? 'the embedded server (default settings)' : 'DATABASE_URL'}. The database, the benchmark and the
service share the cores; before each measurement the benchmark waits (up to 60 s) for other processes to use under 0.25 cores.

### Targets

${table(
  ['Target', 'Measured', 'Result'],
  [
    [
      `In-process intake ≥ 50 % of the direct bulk insert (events stored per second, ${SECONDS} s)`,
      `${pct(inProcessRate, baseline.perSecond)} (${n0(inProcessRate)} vs ${n0(baseline.perSecond)} rows/s)`,
      verdict(intakeOk(inProcessRate)),
    ],
    [
      'HTTP intake ≥ 50 % of the direct bulk insert: the API\'s remote sink sending to the standalone component (`POST /log`)',
      `${pct(remoteRate, baseline.perSecond)} (${n0(remoteRate)} vs ${n0(baseline.perSecond)} rows/s)`,
      verdict(intakeOk(remoteRate)),
    ],
    ['One in-process `record` on the request path: p99 < 20 µs', `p99 ${inProcess.record.p99.toFixed(2)} µs (p50 ${inProcess.record.p50.toFixed(2)} µs)`, verdict(inProcess.record.p99 < 20)],
    ...[flood, ordinary].map((c) => [
      c === flood
        ? 'API throughput, logging on vs off, < 3 %: the worst case, every answer logs an event (401, `auth_failed`)'
        : 'API throughput, logging on vs off, < 3 %: ordinary answers (authenticated 200s; nothing is logged)',
      `${(difference(c) * 100).toFixed(1)} % (${estimate(c)})`,
      verdict(difference(c) < 0.03),
    ]),
  ],
)}

### 1. Sustained intake (${SECONDS} s each)

${table(
  ['Variant', 'Events stored', 'Stored per second', 'vs baseline', 'Cores (ours / others)'],
  [
    ['Baseline: `insert ... select from jsonb_to_recordset`, 500 rows per statement, back to back over one connection', n0(baseline.rows), n0(baseline.perSecond), '100 %', `${cores(baseline.ownCores)} / ${cores(baseline.otherCores)}`],
    [
      'In-process: `BufferedLogSink` (defaults: 2 s, 500 per batch, bound 10,000) with the real container module, batches written by `ThreadLogWriter` (a worker thread), alert checks on',
      n0(inProcess.storedInWindow),
      n0(inProcessRate),
      pct(inProcessRate, baseline.perSecond),
      `${cores(inProcess.ownCores)} / ${cores(inProcess.otherCores)}`,
    ],
    [
      'Over HTTP, as the API sends: `HttpLogSink` (LOGGING_MODE=remote) to the standalone component; an event alone is one JSON body, events waiting together go as NDJSON, 4 requests in flight',
      n0(http.remote.storedInWindow),
      n0(remoteRate),
      pct(remoteRate, baseline.perSecond),
      `${cores(http.remote.ownCores)} / ${cores(http.remote.otherCores)}`,
    ],
    [
      'Over HTTP, one event per request: autocannon `POST /log` with one JSON event per body, 32 connections (for comparison; not the target)',
      n0(http.single.rate.rows),
      n0(http.single.rate.perSecond),
      pct(http.single.rate.perSecond, baseline.perSecond),
      `${cores(http.single.rate.ownCores)} / ${cores(http.single.rate.otherCores)}`,
    ],
  ],
)}

- In-process, the producer keeps at most two batches waiting (it yields when more are), so the rate is what the
  buffer sustains with nothing spilled to the console: ${n0(inProcess.accepted)} events accepted, ${n0(inProcess.storedInWindow)} in the
  table when the window closed, ${n0(inProcess.storedAfterFlush)} after the final flush (the rest were the last batches in flight).
- Over HTTP with the remote sink: the sender keeps at most 2,000 events waiting, and the component answers a batch
  only when its buffer has room (\`ready()\`), so nothing is spilled: ${n0(http.remote.accepted)} events sent,
  ${n0(http.remote.storedInWindow)} stored in the window. "Ours" is the sending process; the component and PostgreSQL count as others.
- One event per request: ${n0(http.single.load.ok)} answers 202 (${n0(http.single.load.rps)}/s), ${http.single.load.other} other answers,
  ${http.single.load.errors} errors; ${n0(http.single.rate.rows)} rows stored. Each event then pays a whole HTTP request (parsing, auth,
  validation), while the baseline pays one statement per 500 rows: that is why the remote sink batches.

### 2. The request path

- \`record\` timed alone ${n0(inProcess.record.calls)} times while the buffer was written in the background: p50
  ${inProcess.record.p50.toFixed(2)} µs, p99 ${inProcess.record.p99.toFixed(2)} µs, p99.9 ${inProcess.record.p999.toFixed(2)} µs, max ${inProcess.record.max.toFixed(1)} µs
  (the timer itself: p99 ${inProcess.timerP99.toFixed(2)} µs).
- API throughput: one API process (bench/logging-api-server.ts) with a switch in front of its log sink. Off, the sink
  drops every event; on, events go to the in-process buffer and a worker thread writes them into \`log\`, as
  \`npm start\` runs them. Runs of
  ${API_SECONDS} s with 16 connections alternate between the two states (off, on, then on, off, ...), ${API_PAIRS} pairs per
  comparison after a 3 s warm-up of each; the estimate is the median of the pairs' ratios (on / off), with a 95 %
  bootstrap interval. One process is compared with itself because two identical API processes measured the same way
  differed by 5 % and more on this machine (code layout, JIT and heap differ between processes). Switching off
  writes what the buffer still holds before the next run, so an "off" run never pays for the "on" run's events.
  - The worst case: \`GET /api/books\` with an invalid token, every answer a 401 that records one \`auth_failed\` — one
    row in \`log\` per request, ${n0(mean(flood.then))} rows a second, the most logging a request does. PostgreSQL's inserts share the
    two cores with the API and the load generator.
  - Ordinary answers: an authenticated \`GET /api/languages?per_page=5\`, a 200. The seed logs no 2xx, so nothing is
    recorded and the switch changes nothing: what is left of logging is the buffer's 2 s timer over an empty buffer
    and the alert sweep's query every 5 s, present in both states.
  - The noise: the 401 flood again with logging off on both sides of each pair (${estimate(noise)}). A ratio this far
    from 1 is what the machine produces alone.

${table(
  ['Comparison', 'First runs (off), answers/s: min / median / max', 'Second runs', 'Means (first / second)', 'Benchmark tree (cores, mean: first / second)', 'Other processes (cores, max)'],
  comparisons.map((c) => [
    c.label,
    spread(c.first.map((r) => r.rps)),
    `${c.second}: ${spread(c.then.map((r) => r.rps))}`,
    `${n0(mean(c.first))} / ${n0(mean(c.then))}`,
    `${cores(mean(c.first, (r) => r.ownCores))} / ${cores(mean(c.then, (r) => r.ownCores))}`,
    cores(Math.max(...[...c.first, ...c.then].map((r) => r.otherCores))),
  ]),
)}

"Benchmark tree" is the benchmark with its children: the API, the load generator and ${database.kind === 'embedded' ? 'the embedded PostgreSQL' : 'nothing of the external PostgreSQL'}.
`;
  await writeLoggingSection(path.join(ROOT, 'docs/benchmarks.md'), section);
  say('Written to docs/benchmarks.md');
}

main().then(
  () => cleanup().then(() => process.exit(0)),
  (error: unknown) => {
    console.error(error);
    void cleanup().then(() => process.exit(1));
  },
);
