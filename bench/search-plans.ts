// What each kind of search costs the database: every statement the service sends for the first page of each query
// of the catalog benchmark's mix (bench/search-queries.ts), as the book repository sends them (round trip by round
// trip), each with PostgreSQL's EXPLAIN (ANALYZE, BUFFERS). Written to the "Search plans" section of
// docs/benchmarks.md.
//
//   npx tsx bench/search-plans.ts
//
// Environment:
//   BENCH_BOOKS, BENCH_AUTHORS   catalog size when this script seeds one (default 1,000,000 / 100,000)
//   BENCH_SEARCH_DATABASE_URL    a database already seeded by bench/seed.ts (bench/run.ts's catalog): used as it is
//   DATABASE_URL                 otherwise, the server to create a fresh database on (else an embedded PostgreSQL)
//   BENCH_REPORT                 Markdown file to write (default docs/benchmarks.md)
import path from 'node:path';
import pg from 'pg';
import { openOrm } from '../src/adapters/postgres/database.js';
import { MikroOrmBookRepository } from '../src/adapters/postgres/repositories/mikro-orm-book-repository.js';
import { normalizeForSearch } from '../src/domain/shared/search-text.js';
import { postgresInfo, startMigratedDatabase } from './database.js';
import { writeReportSection } from './report-section.js';
import { SEARCHES } from './search-queries.js';
import { fmt, seedCatalog } from './seed.js';
import { intEnv, reportFile, ROOT } from './support/knobs.js';
import { machineInfo, machineLine } from './support/machine.js';
import { table } from './support/markdown-table.js';
import { installTeardown, runBenchmark } from './teardown.js';

const SETTINGS = {
  books: intEnv('BENCH_BOOKS', 1_000_000),
  authors: intEnv('BENCH_AUTHORS', 100_000),
  report: reportFile(),
  perPage: 20,
};

const say = (line: string): void => console.log(line);
const teardown = installTeardown(say, 'the database');

/** The simple queries the driver sends, in order (a search's reads travel as simple queries, values inlined). */
const sent: string[] = [];
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const config = args[0];
  const text = typeof config === 'string' ? config : (config as { text?: unknown; name?: unknown } | null)?.name ? null : (config as { text?: unknown } | null)?.text;
  if (typeof text === 'string') {
    sent.push(text);
    for (const statement of text.split(';\n')) {
      const name = /^\s*prepare (\w+) as /i.exec(statement)?.[1];
      if (name !== undefined) prepares.set(name, statement.trim());
    }
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

interface Statement {
  sql: string;
  executionMs: number;
  planningMs: number;
  hit: number;
  read: number;
  plan: string[];
}

interface QueryPlans {
  kind: string;
  q: string;
  roundTrips: number;
  statements: Statement[];
}

/** A search's own statements from what was sent: without the session's begin, set local, prepare and commit. */
function statementsOf(texts: readonly string[]): string[] {
  return texts
    .flatMap((text) => text.split(';\n'))
    .map((sql) => sql.trim())
    .filter((sql) => sql !== '' && !/^(begin|commit|rollback|prepare)\b/i.test(sql) && !/^set local /i.test(sql) && !/^begin read only; set local/i.test(sql));
}

/** Every `prepare` the service's connections were sent (timed-reads.ts), by statement name. */
const prepares = new Map<string, string>();
const preparedHere = new Set<string>();

async function explain(client: pg.Client, sql: string): Promise<Statement> {
  // A prepared read is explained as `execute` on this connection, once it has the same statement prepared.
  const name = /^execute (\w+)/i.exec(sql)?.[1];
  if (name !== undefined && !preparedHere.has(name)) {
    const prepare = prepares.get(name);
    if (prepare === undefined) throw new Error(`No prepare was seen for ${name}`);
    await client.query(prepare);
    preparedHere.add(name);
  }
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`);
  const lines = rows.map((row) => row['QUERY PLAN']);
  const number = (pattern: RegExp): number => Number(lines.map((line) => pattern.exec(line)?.[1]).find((value) => value !== undefined) ?? 0);
  const total = lines.find((line) => /^\s*Buffers:/.test(line)) ?? '';
  return {
    sql,
    executionMs: number(/Execution Time: ([\d.]+) ms/),
    planningMs: number(/Planning Time: ([\d.]+) ms/),
    hit: Number(/hit=(\d+)/.exec(total)?.[1] ?? 0),
    read: Number(/read=(\d+)/.exec(total)?.[1] ?? 0),
    plan: lines,
  };
}

async function main(): Promise<number> {
  const startedAt = new Date();
  say(machineLine(machineInfo()));
  let url = process.env['BENCH_SEARCH_DATABASE_URL']?.trim();
  let seeded = 'a catalog already seeded by bench/seed.ts (BENCH_SEARCH_DATABASE_URL)';
  if (!url) {
    const { db } = await startMigratedDatabase(teardown, say);
    url = db.url;
    const seed = await seedCatalog(url, { books: SETTINGS.books, authors: SETTINGS.authors, chunk: 100_000 }, say);
    seeded = `${fmt(seed.books)} books, ${fmt(seed.authors)} authors, ${fmt(seed.bookAuthors)} book_author rows, generated by bench/seed.ts in ${seed.seconds.toFixed(0)} s`;
  }
  const postgres = await postgresInfo(url);
  const counts = new pg.Client({ connectionString: url });
  await counts.connect();
  const size = (await counts.query<{ books: string; authors: string }>('select (select count(*) from book) as books, (select count(*) from author) as authors')).rows[0]!;
  const orm = await openOrm(url, 2);
  const results: QueryPlans[] = [];
  try {
    for (const search of SEARCHES) {
      const repository = (): MikroOrmBookRepository => new MikroOrmBookRepository(orm.em.fork());
      const page = { window: { kind: 'first' as const }, size: SETTINGS.perPage };
      // Once to warm the pooled connections' caches, once recorded.
      await repository().page({ search: normalizeForSearch(search.q) }, page);
      sent.length = 0;
      const slice = await repository().page({ search: normalizeForSearch(search.q) }, page);
      const roundTrips = sent.length;
      const statements: Statement[] = [];
      for (const sql of statementsOf(sent)) statements.push(await explain(counts, sql));
      say(`"${search.q}": ${slice.items.length} books, ${roundTrips} round trips, ${statements.length} statements, execution ${statements.map((s) => s.executionMs.toFixed(2)).join(' + ')} ms`);
      results.push({ ...search, roundTrips, statements });
    }
  } finally {
    await orm.close(true);
    await counts.end();
  }
  const section = render(results, {
    startedAt,
    machine: machineLine(machineInfo()),
    postgres: `PostgreSQL ${postgres.version} (shared_buffers ${postgres.sharedBuffers}, work_mem ${postgres.workMem})`,
    catalog: `${fmt(Number(size.books))} books and ${fmt(Number(size.authors))} authors: ${seeded}`,
  });
  await writeReportSection(SETTINGS.report, 'search-plans', section);
  say(`\nWrote the "Search plans" section of ${path.relative(ROOT, SETTINGS.report)}`);
  return 0;
}

function render(results: readonly QueryPlans[], run: { startedAt: Date; machine: string; postgres: string; catalog: string }): string {
  const short = (sql: string): string => `\`${sql.replace(/\s+/g, ' ').slice(0, 110)}${sql.length > 110 ? '…' : ''}\``;
  const summary = table(
    ['Query', 'Kind', 'Round trips', 'Statements', 'Execution (sum)', 'Planning (sum)', 'Buffers hit / read'],
    results.map((r) => [
      `\`${r.q}\``,
      r.kind,
      String(r.roundTrips),
      String(r.statements.length),
      `${r.statements.reduce((sum, s) => sum + s.executionMs, 0).toFixed(2)} ms`,
      `${r.statements.reduce((sum, s) => sum + s.planningMs, 0).toFixed(2)} ms`,
      `${fmt(r.statements.reduce((sum, s) => sum + s.hit, 0))} / ${fmt(r.statements.reduce((sum, s) => sum + s.read, 0))}`,
    ]),
  );
  const details = results
    .map((r) => {
      const rows = r.statements.map((s, i) => [String(i + 1), short(s.sql), `${s.executionMs.toFixed(2)} ms`, `${s.planningMs.toFixed(2)} ms`, `${fmt(s.hit)} / ${fmt(s.read)}`]);
      const plans = r.statements.map((s, i) => `-- ${i + 1}. ${s.sql.replace(/\s+/g, ' ')}\n${s.plan.join('\n')}`).join('\n\n');
      return `#### \`${r.q}\` (${r.kind})\n\n${table(['#', 'Statement', 'Execution', 'Planning', 'Buffers hit / read'], rows)}\n\n<details><summary>Plans</summary>\n\n\`\`\`\n${plans}\n\`\`\`\n\n</details>`;
    })
    .join('\n\n');
  return `## Search plans: what each kind of search asks of the database (issue 29)

Run on ${run.startedAt.toISOString().slice(0, 10)} with \`npx tsx bench/search-plans.ts\`. ${run.machine}; ${run.postgres}.
**Catalog:** ${run.catalog}.

Each query of the catalog benchmark's search mix is searched for its first page (${SETTINGS.perPage} books) through the book
repository, as the service does (src/adapters/postgres/repositories/mikro-orm-book-repository.ts): its statements are recorded as
the driver sends them — one simple query per round trip, the session's \`begin\`, \`set local statement_timeout\` and \`commit\`
travelling with the first and last reads (src/adapters/kits/sql/timed-reads.ts) — after a first search that warms the caches, then
each statement is run again under \`EXPLAIN (ANALYZE, BUFFERS)\` on its own. "Round trips" counts the simple queries of the
search, everything included.

${summary}

${details}`;
}

runBenchmark(main, teardown);
