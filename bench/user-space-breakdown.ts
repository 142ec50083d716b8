// Where an import's time goes: the steps of ImportWishes re-run one by one, outside the service, with the same
// code (the pure parser) and the same SQL text and parameters as its adapters (SqlImportBookMatcher,
// SqlWishRepository.addMany), each timed and EXPLAIN ANALYZEd. The insert runs in a transaction that is rolled back.
import autocannon from 'autocannon';
import pg from 'pg';
import { textArray } from '../src/adapters/postgres/repositories/row-mapping.js';
import { normalizeForSearch } from '../src/domain/shared/search-text.js';
import { parseWishImport } from '../src/domain/wishes/import/parse-wish-import.js';
import { cpuWindow } from './cpu.js';
import { median } from './support/percentiles.js';
import { BASELINE_SQL, processCpuSeconds } from './user-space-import.js';

export interface BreakdownStep {
  step: string;
  /** Median wall time of the step seen from a client (ms). */
  ms: number;
  /** PostgreSQL's own execution time from EXPLAIN ANALYZE (ms), for SQL steps. */
  executionMs: number | null;
  /** The top plan line, for SQL steps. */
  plan: string | null;
  /** Size of the parameters sent (bytes), for SQL steps. */
  paramBytes: number | null;
}

export interface ImportBreakdown {
  steps: BreakdownStep[];
  candidates: number;
  isbns: number;
  titles: number;
}

// The adapters' statements, with their `?` placeholders numbered as knex sends them.
const ISBN_SQL = 'select e.isbn, e.book_id from edition e where e.isbn = any($1::text[])';
const TITLE_SQL = `select b.book_id, b.title_search,
         coalesce(array_agg(a.name_search) filter (where a.author_id is not null), '{}') as author_names
       from book b
       left join book_author ba on ba.book_id = b.book_id
       left join author a on a.author_id = ba.author_id
       where b.title_search = any($1::text[])
       group by b.book_id, b.title_search`;
const ADD_MANY_SQL = `insert into wish (user_id, book_id, is_monitored, max_price_minor, max_price_currency)
       select $1, r.book_id, r.is_monitored, r.max_price_minor, r.max_price_currency
       from jsonb_to_recordset($2::jsonb) as r(book_id bigint, is_monitored boolean, max_price_minor bigint, max_price_currency text)
       on conflict (user_id, book_id) do nothing returning book_id`;

const REPEAT = 5;

export async function measureImportBreakdown(options: {
  url: string;
  csv: Buffer;
  allBookIds: readonly number[];
  freshUserId: number;
  say: (line: string) => void;
}): Promise<ImportBreakdown> {
  const { say } = options;
  const bytes = new Uint8Array(options.csv);
  const steps: BreakdownStep[] = [];

  // Parsing, in this process (same Node, same code); the first calls warm the JIT up.
  for (let i = 0; i < 2; i++) parseWishImport(bytes);
  const parseTimes: number[] = [];
  let parsed = parseWishImport(bytes);
  for (let i = 0; i < REPEAT; i++) {
    const t0 = performance.now();
    parsed = parseWishImport(bytes);
    parseTimes.push(performance.now() - t0);
  }
  steps.push({ step: 'parse the file (parseWishImport: decode, CSV, layout, ISBN cells)', ms: median(parseTimes), executionMs: null, plan: null, paramBytes: null });
  say(`  parse: ${median(parseTimes).toFixed(1)} ms for ${parsed.candidates.length} candidates`);

  const isbns = [...new Set(parsed.candidates.flatMap((c) => c.isbns))];
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  try {
    const isbnParam = textArray(isbns);
    const byIsbn = new Map((await client.query<{ isbn: string; book_id: string }>(ISBN_SQL, [isbnParam])).rows.map((r) => [r.isbn, Number(r.book_id)]));
    steps.push(await sqlStep(client, `match by ISBN (${isbns.length} ISBNs)`, ISBN_SQL, [isbnParam]));
    const titles = [...new Set(parsed.candidates.filter((c) => !c.isbns.some((isbn) => byIsbn.has(isbn)) && c.title).map((c) => normalizeForSearch(c.title ?? '')))];
    const titleParam = textArray(titles);
    steps.push(await sqlStep(client, `match by title + author (${titles.length} titles)`, TITLE_SQL, [titleParam]));

    const wishesJson = JSON.stringify(
      options.allBookIds.map((id) => ({ book_id: id, is_monitored: true, max_price_minor: null, max_price_currency: null })),
    );
    steps.push(await sqlStep(client, `insert the wishes (addMany: jsonb_to_recordset, on conflict, returning; ${options.allBookIds.length} rows)`, ADD_MANY_SQL, [options.freshUserId, wishesJson], true));
    steps.push(await sqlStep(client, `baseline statement, for comparison (${options.allBookIds.length} rows)`, BASELINE_SQL, [options.freshUserId, options.allBookIds], true));
    for (const s of steps) if (s.executionMs !== null) say(`  ${s.step}: ${s.ms.toFixed(1)} ms from the client, ${s.executionMs.toFixed(1)} ms in PostgreSQL; ${s.plan}`);
    return { steps, candidates: parsed.candidates.length, isbns: isbns.length, titles: titles.length };
  } finally {
    await client.end();
  }
}

/** Median client-side time of the statement, and one EXPLAIN ANALYZE of it; writes are rolled back every time. */
async function sqlStep(client: pg.Client, step: string, sql: string, params: unknown[], writes = false): Promise<BreakdownStep> {
  const times: number[] = [];
  for (let i = 0; i < REPEAT + 1; i++) {
    if (writes) await client.query('begin');
    const t0 = performance.now();
    await client.query(sql, params);
    const elapsed = performance.now() - t0;
    if (writes) await client.query('rollback');
    if (i > 0) times.push(elapsed);
  }
  if (writes) await client.query('begin');
  const explain = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params);
  if (writes) await client.query('rollback');
  const lines = explain.rows.map((r) => r['QUERY PLAN']);
  const execution = lines.map((l) => /Execution Time: ([\d.]+) ms/.exec(l)?.[1]).find((x) => x !== undefined);
  const paramBytes = params.reduce<number>((sum, p) => sum + (typeof p === 'string' ? Buffer.byteLength(p) : Array.isArray(p) ? JSON.stringify(p).length : 8), 0);
  return { step, ms: median(times), executionMs: execution === undefined ? null : Number(execution), plan: (lines[0] ?? '').trim(), paramBytes };
}

// ---------------------------------------------------------------------------------------------------------------
// Per-request costs of the GET endpoints: the service's own CPU time per request, and PostgreSQL's execution
// time for each statement the request runs.

export interface CpuProbe {
  requests: number;
  /** Service CPU (user + system, all threads) per request, ms. */
  serviceCpuMs: number;
  /** CPU of the service's main (JavaScript) thread per request, ms: what bounds its throughput. */
  mainThreadCpuMs: number;
  /** Requests in flight at once during the probe. */
  concurrency: number;
  /** Requests per second the probe achieved. */
  rps: number;
  /** Share of the probe's wall time the main thread was on a CPU (0..1). */
  mainThreadBusy: number;
  /** Cores used meanwhile by the benchmark's process tree (service, PostgreSQL, autocannon) and by other processes. */
  ownCores: number;
  otherCores: number;
  /**
   * SQL transactions the database committed per request (the service runs its reads in autocommit: one per
   * statement), from pg_stat_database with the idle background (pg-boss upkeep, log flushes) subtracted.
   */
  statementsPerRequest: number;
}

const sleep = (msec: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, msec));

/**
 * `requests` GETs driven by autocannon, `concurrency` connections (the load runs' client and concurrency, for a
 * fixed number of requests); the service's CPU time is read from /proc around them, and the database's committed
 * transactions from pg_stat_database (backends publish their counters within about a second of going idle, hence
 * the pauses).
 */
export async function serviceCpuPerRequest(
  pid: number,
  url: string,
  token: string,
  dbUrl: string,
  requests: number,
  concurrency: number,
): Promise<CpuProbe> {
  const headers = { authorization: `Bearer ${token}` };
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const commits = async (): Promise<number> =>
    Number((await client.query<{ n: string }>('select xact_commit as n from pg_stat_database where datname = current_database()')).rows[0]?.n);
  const drive = async (amount: number): Promise<{ ok: number; ms: number }> => {
    const t0 = performance.now();
    const result = await autocannon({ url, connections: concurrency, pipelining: 1, amount, timeout: 30, headers });
    const failed = result.errors + result.timeouts + result.non2xx;
    if (failed > 0) throw new Error(`GET ${url}: ${failed} failed requests while measuring the cost of a request`);
    return { ok: result['2xx'], ms: performance.now() - t0 };
  };
  try {
    await drive(Math.min(500, requests));
    await sleep(1500);
    const idle0 = await commits();
    await sleep(2000);
    const idle1 = await commits();
    // Per millisecond, without this client's own reading (one transaction).
    const background = Math.max(0, idle1 - idle0 - 1) / 2000;
    const commits0 = await commits();
    const cpu0 = processCpuSeconds(pid);
    const main0 = processCpuSeconds(pid, true);
    const machine = cpuWindow();
    const run = await drive(requests);
    const usage = machine.end();
    const cpu = processCpuSeconds(pid) - cpu0;
    const main = processCpuSeconds(pid, true) - main0;
    await sleep(1500);
    const commits1 = await commits();
    const statements = Math.max(0, commits1 - commits0 - 1 - background * (run.ms + 1500)) / run.ok;
    return { requests: run.ok, concurrency, serviceCpuMs: (cpu * 1000) / run.ok, mainThreadCpuMs: (main * 1000) / run.ok, rps: (run.ok * 1000) / run.ms,
      mainThreadBusy: (main * 1000) / run.ms, ownCores: usage.ownCores, otherCores: usage.otherCores, statementsPerRequest: statements };
  } finally {
    await client.end();
  }
}

export interface ExplainedStatement {
  statement: string;
  planningMs: number;
  executionMs: number;
}

/** EXPLAIN ANALYZE of statements as the service sends them (MikroORM inlines the parameters); best of 5 runs. */
export async function explainStatements(url: string, statements: ReadonlyArray<{ label: string; sql: string }>): Promise<ExplainedStatement[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: ExplainedStatement[] = [];
    for (const { label, sql } of statements) {
      let best: ExplainedStatement | null = null;
      for (let i = 0; i < 5; i++) {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze) ${sql}`);
        const text = rows.map((r) => r['QUERY PLAN']).join('\n');
        const planningMs = Number(/Planning Time: ([\d.]+) ms/.exec(text)?.[1]);
        const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1]);
        if (!best || planningMs + executionMs < best.planningMs + best.executionMs) best = { statement: label, planningMs, executionMs };
      }
      if (best) out.push(best);
    }
    return out;
  } finally {
    await client.end();
  }
}
