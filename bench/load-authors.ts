// `npm run bench:load-authors`: pre-loaded author data (issue 29). A generated Open Library authors dump
// (bench/author-dump.ts, the real dump's format) is loaded by `npm run job -- load-authors FILE` as an operator runs
// it — the same command line, its V8 heap cap included — into an empty, migrated database; then the author search the
// API runs (GET /api/authors?q=…: the SQL of MikroOrmAuthorRepository.page) and the name matching imports run before
// they create an author are timed on the loaded table. Writes its own section of docs/benchmarks.md. Exits non-zero
// only on errors (a load that fails or stores the wrong number of authors), never because a goal was missed.
//
// Knobs (the documented numbers say which were used):
//   DATABASE_URL            use this server (a database of the benchmark's own is created and dropped)
//   BENCH_AUTHORS           records in the generated dump (default 14000000, Open Library's count)
//   BENCH_AUTHORS_RERUN     1: load the same file a second time (nothing new; the idempotent re-run's time)
//   BENCH_SEARCH_RUNS       timed runs of each search query per connection count (default 60)
//   BENCH_REPORT            Markdown file to write (default docs/benchmarks.md)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { normalizeForSearch } from '../src/domain/shared/search-text.js';
import { writeAuthorDump } from './author-dump.js';
import { startMigratedDatabase } from './database.js';
import { writeReportSection } from './report-section.js';
import { codeVersion } from './support/code-version.js';
import { intEnv, reportFile, ROOT } from './support/knobs.js';
import { machineInfo, machineLine, machineParagraph } from './support/machine.js';
import { table } from './support/markdown-table.js';
import { percentile } from './support/percentiles.js';
import { childEnv } from './support/service-process.js';
import { installTeardown, runBenchmark } from './teardown.js';
import { numberedPlaceholders } from '../src/adapters/kits/sql/select-rows.js';
import { AUTHORS_BY_ALIAS as PRODUCTION_BY_ALIAS, AUTHORS_BY_PRIMARY_NAME as PRODUCTION_BY_NAME } from '../src/adapters/postgres/repositories/sql-author-names.js';

const SETTINGS = {
  authors: intEnv('BENCH_AUTHORS', 14_000_000),
  rerun: process.env.BENCH_AUTHORS_RERUN === '1',
  searchRuns: intEnv('BENCH_SEARCH_RUNS', 60),
  report: reportFile(),
};
const GOAL_LOAD_MINUTES = 15;
const GOAL_SEARCH_P99_MS = 50;
/** The job's heap cap, as `npm run job` sets it (package.json). */
const JOB_NODE_ARGS = ['--max-old-space-size=160'];

/** What a reader types in the author search: a common surname, rarer ones, accents folded, a full name, a prefix. */
const SEARCHES: Array<[kind: string, q: string]> = [
  ['common surname', 'smith'],
  ['surname', 'pemberton'],
  ['rare surname', 'quennell'],
  ['accented spelling', 'müller'],
  ['first and last name', 'anna jones'],
  ['prefix as typed', 'feath'],
  ['absent name', 'zzyzx'],
];
/** The service's page of authors: 20 and one more to know whether there is a next page (kits/sql/keyset.ts). */
const AUTHOR_SEARCH = 'select a.* from author a where a.name_search like $1 order by a.author_id asc limit 21';
// The matching statements of src/adapters/postgres/repositories/sql-author-names.ts (by name, then by alias), numbered.
const AUTHORS_BY_PRIMARY_NAME = numberedPlaceholders(PRODUCTION_BY_NAME);
const AUTHORS_BY_ALIAS = numberedPlaceholders(PRODUCTION_BY_ALIAS);
const IMPORT_NAMES = ['Mary Pemberton', 'John A. Smith', 'Zoë Müller', 'Nobody Ever Named This', 'Clara Quennell'];

const say = (line: string): void => console.log(line);
const phase = (title: string): void => say(`\n=== ${title}`);
const count = (n: number): string => n.toLocaleString('en-US');

let job: ReturnType<typeof spawn> | null = null;
let folder: string | null = null;
const teardown = installTeardown(say, 'the load and the database', {
  first: async () => {
    job?.kill('SIGKILL');
    if (folder) rmSync(folder, { recursive: true, force: true });
  },
});

interface LoadRun {
  seconds: number;
  peakRssMiB: number;
  summary: string;
  /** The machine's mean 1-minute load average over the load (2 cores: above ~2.5, other processes shared them). */
  loadAverage: number;
}

/** Runs the job on the file, reading its peak RSS (VmHWM) from /proc as it goes; its progress lines are echoed. */
async function loadOnce(databaseUrl: string, file: string): Promise<LoadRun> {
  const env = childEnv({ DATABASE_URL: databaseUrl, JWT_SECRET: randomBytes(32).toString('base64url'), NODE_ENV: 'production' });
  const started = performance.now();
  const child = spawn(process.execPath, [...JOB_NODE_ARGS, '--import', 'tsx', 'src/composition/entries/job.ts', 'load-authors', file], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  job = child;
  let peakKb = 0;
  const loads: number[] = [];
  const loadTimer = setInterval(() => loads.push(loadavg()[0]!), 10_000);
  const readPeak = (): void => {
    try {
      const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
      peakKb = Math.max(peakKb, kb);
    } catch {
      // The process has just exited.
    }
  };
  const timer = setInterval(readPeak, 250);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const line of chunk.toString('utf8').split('\n')) if (line.startsWith('authors:') || line.startsWith('Done') || line.startsWith('  line')) say(`  job: ${line}`);
  });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearInterval(timer);
  clearInterval(loadTimer);
  job = null;
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`the load exited with ${code}:\n${output.slice(-2000)}`);
  const summary = /^Done in .*$/m.exec(output)?.[0] ?? '(no summary)';
  const loadAverage = loads.length === 0 ? loadavg()[0]! : loads.reduce((a, b) => a + b, 0) / loads.length;
  return { seconds, peakRssMiB: peakKb / 1024, summary, loadAverage };
}

interface Timing {
  kind: string;
  q: string;
  connections: number;
  rows: number;
  p50: number;
  p99: number;
}

/** Each query `runs` times on each of `connections` connections at once; per-query latency percentiles. */
async function timeQuery(pool: pg.Pool, connections: number, kind: string, q: string, sql: string, values: unknown[], runs: number): Promise<Timing> {
  const clients = await Promise.all(Array.from({ length: connections }, () => pool.connect()));
  try {
    const first = await clients[0]!.query(sql, values);
    const samples: number[] = [];
    await Promise.all(
      clients.map(async (client) => {
        for (let i = 0; i < runs; i++) {
          const t0 = performance.now();
          await client.query(sql, values);
          samples.push(performance.now() - t0);
        }
      }),
    );
    samples.sort((a, b) => a - b);
    return { kind, q, connections, rows: first.rowCount ?? 0, p50: percentile(samples, 50), p99: percentile(samples, 99) };
  } finally {
    for (const client of clients) client.release();
  }
}

async function main(): Promise<number> {
  const startedAt = new Date();
  const machine = machineInfo();
  const code = codeVersion(ROOT);
  say(`Shelfwatch author-load benchmark, ${startedAt.toISOString()}, ${code}`);
  say(machineLine(machine));

  phase('Database');
  const { db, postgres } = await startMigratedDatabase(teardown, say);

  phase(`1. Generating a dump of ${count(SETTINGS.authors)} authors`);
  folder = mkdtempSync(path.join(tmpdir(), 'shelfwatch-author-dump-'));
  const file = path.join(folder, 'ol_dump_authors_bench.txt.gz');
  const generated = performance.now();
  await writeAuthorDump(file, SETTINGS.authors, (n) => n > 0 && say(`  ${count(n)} lines`));
  const size = statSync(file).size;
  say(`  ${(size / 1024 ** 2).toFixed(0)} MiB in ${((performance.now() - generated) / 1000).toFixed(1)} s`);
  const damaged = Math.floor(SETTINGS.authors / 200_000);

  phase('2. npm run job -- load-authors FILE (empty author table)');
  const load = await loadOnce(db.url, file);
  say(`  ${load.summary}`);
  say(`  wall ${load.seconds.toFixed(1)} s (process start to exit), peak RSS ${load.peakRssMiB.toFixed(0)} MiB, load average ${load.loadAverage.toFixed(1)}`);

  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const stored = Number((await client.query('select count(*) as n from author where open_library_id is not null')).rows[0].n);
  const expected = SETTINGS.authors - damaged;
  if (stored !== expected) throw new Error(`${count(stored)} authors stored, ${count(expected)} expected`);
  const sizes = (await client.query(`select pg_size_pretty(pg_total_relation_size('author')) as total, pg_size_pretty(pg_relation_size('author')) as heap`)).rows[0];
  say(`  ${count(stored)} authors stored (${damaged} damaged lines counted); author table ${sizes.total} with its indexes (heap ${sizes.heap})`);
  // The author words too (migration 33): their index-only reads want the visibility map set, as autovacuum sets it after a load.
  await client.query('vacuum analyze author, author_word, author_vocab');
  await client.end();

  let rerun: LoadRun | null = null;
  if (SETTINGS.rerun) {
    phase('2b. The same file again (nothing new: the idempotent re-run)');
    rerun = await loadOnce(db.url, file);
    say(`  ${rerun.summary}`);
    say(`  wall ${rerun.seconds.toFixed(1)} s, peak RSS ${rerun.peakRssMiB.toFixed(0)} MiB`);
  }

  phase(`3. Author search on ${count(stored)} authors (${SETTINGS.searchRuns} runs per connection; GET /api/authors?q= statement)`);
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  const timings: Timing[] = [];
  for (const connections of [1, 4]) {
    for (const [kind, q] of SEARCHES) {
      const folded = normalizeForSearch(q);
      const pattern = `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const timing = await timeQuery(pool, connections, kind, q, AUTHOR_SEARCH, [pattern], SETTINGS.searchRuns);
      timings.push(timing);
      say(`  ${connections} conn. ${kind} "${q}": ${timing.rows} rows, p50 ${timing.p50.toFixed(1)} ms, p99 ${timing.p99.toFixed(1)} ms`);
    }
  }
  const folded = IMPORT_NAMES.map(normalizeForSearch);
  const byName = await timeQuery(pool, 1, 'by name', `${IMPORT_NAMES.length} names`, AUTHORS_BY_PRIMARY_NAME, [folded], SETTINGS.searchRuns);
  // The alias statement runs on the names the first left unmatched; timed here on all of them (the worst case).
  const byAlias = await timeQuery(pool, 1, 'by alias', `${IMPORT_NAMES.length} names`, AUTHORS_BY_ALIAS, [folded, folded], SETTINGS.searchRuns);
  for (const m of [byName, byAlias]) {
    say(`  name matching before an import creates authors, ${m.kind} (${IMPORT_NAMES.length} names): ${m.rows} matched, p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms`);
  }
  await pool.end();

  const finishedAt = new Date();
  const worstP99 = Math.max(...timings.filter((t) => t.connections === 4).map((t) => t.p99));
  const loadMinutes = load.seconds / 60;
  const scaledNote =
    SETTINGS.authors < 14_000_000
      ? `\n\n**Scale:** this run loaded ${count(SETTINGS.authors)} records, not the 14 million of the goal (BENCH_AUTHORS); at its rate 14 million would take about ${((load.seconds * 14_000_000) / SETTINGS.authors / 60).toFixed(0)} min if the rate held (it does not quite: index pages grow).`
      : '';
  const section = `## Pre-loaded author data (bench/load-authors.ts)

${machineParagraph(machine, postgres, db.kind)} Run ${startedAt.toISOString()} → ${finishedAt.toISOString()}, ${code}.
A generated dump in Open Library's format (bench/author-dump.ts: ${count(SETTINGS.authors)} lines, ${(size / 1024 ** 2).toFixed(0)} MiB gzip-compressed, one in
eight authors with alternate names, ${damaged} damaged lines) loaded by \`npm run job -- load-authors FILE\` (its 160 MiB heap cap)
into an empty, migrated database; then the author search's statement (GET /api/authors?q=, a page of 20) and the
name matching an import runs before it creates authors, timed on the loaded table.${scaledNote}

${table(
  ['measure', 'this run', 'goal'],
  [
    ['load time (process start to exit)', `${load.seconds.toFixed(1)} s (${loadMinutes.toFixed(1)} min, ${count(Math.round(SETTINGS.authors / load.seconds))} lines/s)`, `< ${GOAL_LOAD_MINUTES} min for 14M`],
    ['peak RSS of the job', `${load.peakRssMiB.toFixed(0)} MiB`, 'flat (streaming)'],
    ['machine load average during the load (2 cores)', load.loadAverage.toFixed(1), 'quiet: ≤ 2.5'],
    ['author table with its indexes', String(sizes.total), ''],
    ...(rerun ? [['the same file again (idempotent)', `${rerun.seconds.toFixed(1)} s, peak RSS ${rerun.peakRssMiB.toFixed(0)} MiB`, '']] : []),
    ['author search p99, worst query, 4 connections', `${worstP99.toFixed(1)} ms`, `< ${GOAL_SEARCH_P99_MS} ms`],
    ...[byName, byAlias].map((m) => [`name matching before creating, ${m.kind} (5 names)`, `p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms`, '']),
  ],
)}

Summary line of the load: \`${load.summary}\`

${table(
  ['query', 'q', 'connections', 'rows', 'p50', 'p99'],
  timings.map((t) => [t.kind, `\`${t.q}\``, String(t.connections), String(t.rows), `${t.p50.toFixed(1)} ms`, `${t.p99.toFixed(1)} ms`]),
)}`;
  await writeReportSection(SETTINGS.report, 'load-authors', section);
  say(`\nWrote the load-authors section of ${path.relative(ROOT, SETTINGS.report)}.`);
  return 0;
}

runBenchmark(main, teardown);
