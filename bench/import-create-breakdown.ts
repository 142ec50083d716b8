// Where a creating import's time goes: ImportWishes itself, with the service's own adapters (matcher, catalog
// writer, wish repository) on a MikroORM of this process, each statement timed as it runs; the transaction is
// rolled back instead of committed. Then the statements recorded are replayed in order under EXPLAIN ANALYZE
// (as MikroORM sends them: parameters inlined), and so are the baseline's. Nothing here copies the service's SQL.
import { systemClock } from '../src/application/shared/clock.js';
import 'reflect-metadata';
import { constants, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';
import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { openOrm } from '../src/adapters/postgres/database.js';
import { MikroOrmRequestScope } from '../src/adapters/postgres/mikro-orm-request-scope.js';
import { SqlImportBookMatcher } from '../src/adapters/postgres/repositories/sql-import-book-matcher.js';
import { SqlCatalogWriter } from '../src/adapters/postgres/repositories/sql-catalog-writer.js';
import { SqlWishRepository } from '../src/adapters/postgres/repositories/sql-wish-repository.js';
import { noEnrichment } from '../src/adapters/scheduler/pg-boss-enrichment-queue.js';
import type { UnitOfWork } from '../src/application/shared/unit-of-work.js';
import { type ImportReport, ImportWishes } from '../src/application/wishes/import-wishes.js';
import { parseWishImport } from '../src/domain/wishes/import/parse-wish-import.js';
import { BASELINE_STATEMENTS, baselineParameters } from './import-create-catalog.js';
import type { CreateImportFile } from './import-create-file.js';
import { median } from './support/percentiles.js';
import { resetPeakRss, statusKb } from './user-space-import.js';

export interface StatementCost {
  statement: string;
  /** Median wall time of the call from ImportWishes' side (MikroORM's formatting, the round trip, PostgreSQL), ms. */
  ms: number;
  /** Of which MikroORM spends inlining the parameters into the SQL text (formatQuery), ms. */
  formatMs: number;
  /** The SQL text sent, bytes. */
  sentBytes: number;
  rows: number;
  explain: Explained | null;
}

export interface Explained {
  planningMs: number;
  executionMs: number;
  /** Foreign-key and other triggers fired at the end of the statement, ms (included in executionMs). */
  triggersMs: number;
  /** The top plan node, and the nodes below it that read or build rows (not the whole plan). */
  plan: string;
}

/** Memory and garbage collection of one re-run of the use case in this process (medians over the runs). */
export interface RunMemory {
  /** RSS of this process before the call, and its peak during it (VmHWM reset just before), kB. */
  rssBeforeKb: number;
  peakRssKb: number;
  /** Highest V8 heap in use seen between statements, above the heap in use before the call, kB. */
  heapGrowthKb: number;
  /** Garbage collections during the call: count and pause time (ms), young generation and whole heap. */
  minorGcs: number;
  minorGcMs: number;
  majorGcs: number;
  majorGcMs: number;
}

export interface CreateBreakdown {
  runs: number;
  memory: RunMemory;
  /** ImportWishes.execute from the call to its answer, without the commit (rolled back), ms. */
  executeMs: number;
  /** parseWishImport alone, ms. */
  parseMs: number;
  /** Sum of the statements' wall times, ms. */
  statementsMs: number;
  statements: StatementCost[];
  baseline: Array<{ statement: string; explain: Explained }>;
  report: ImportReport;
}

interface Call {
  sql: string;
  params: unknown[];
  ms: number;
  rows: number;
  /** V8 heap in use right after the statement, bytes. */
  heapUsed: number;
}

class RolledBack extends Error {}

export async function measureCreateBreakdown(options: {
  url: string;
  file: CreateImportFile;
  /** A user without wishes (the statements are rolled back, so it stays so). */
  userId: number;
  runs: number;
  emptyCatalog: () => Promise<void>;
  say: (line: string) => void;
}): Promise<CreateBreakdown> {
  const { say, file } = options;
  const bytes = new Uint8Array(file.csv);
  const orm = await openOrm(options.url, 2);
  try {
    let calls: Call[] = [];
    const recording = recordingEntityManager(orm.em, (call) => calls.push(call));
    const rolledBack: UnitOfWork = {
      async transaction<T>(work: () => Promise<T>): Promise<T> {
        let result: T | undefined;
        try {
          await orm.em.transactional(async () => {
            result = await work();
            throw new RolledBack();
          });
        } catch (error) {
          if (!(error instanceof RolledBack)) throw error;
        }
        return result as T;
      },
      // Every transaction here rolls back: nothing ever follows a commit.
      afterCommit: () => undefined,
    };
    const useCase = new ImportWishes(new SqlWishRepository(recording), new SqlImportBookMatcher(recording), new SqlCatalogWriter(recording), rolledBack, noEnrichment, systemClock);
    const scope = new MikroOrmRequestScope(orm.em);

    const executeTimes: number[] = [];
    const runs: Call[][] = [];
    const memories: RunMemory[] = [];
    let report: ImportReport | null = null;
    let gcs: PerformanceEntry[] = [];
    const gcObserver = new PerformanceObserver((list) => gcs.push(...list.getEntries()));
    gcObserver.observe({ entryTypes: ['gc'] });
    try {
      // The first run warms the JIT up and is not counted.
      for (let run = 0; run <= options.runs; run++) {
        await options.emptyCatalog();
        calls = [];
        const rssBeforeKb = statusKb(process.pid, 'VmRSS');
        const heapBefore = process.memoryUsage().heapUsed;
        resetPeakRss(process.pid);
        gcs = [];
        const t0 = performance.now();
        report = await scope.run(() => useCase.execute(options.userId, bytes, { createMissing: true }));
        const elapsed = performance.now() - t0;
        const peakRssKb = statusKb(process.pid, 'VmHWM');
        // GC entries are delivered after the fact.
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (run === 0) continue;
        executeTimes.push(elapsed);
        runs.push(calls);
        const kind = (entry: PerformanceEntry): number => (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0;
        const minor = gcs.filter((e) => kind(e) === constants.NODE_PERFORMANCE_GC_MINOR);
        const major = gcs.filter((e) => kind(e) === constants.NODE_PERFORMANCE_GC_MAJOR);
        memories.push({
          rssBeforeKb,
          peakRssKb,
          heapGrowthKb: (Math.max(heapBefore, ...calls.map((c) => c.heapUsed)) - heapBefore) / 1024,
          minorGcs: minor.length,
          minorGcMs: minor.reduce((sum, e) => sum + e.duration, 0),
          majorGcs: major.length,
          majorGcMs: major.reduce((sum, e) => sum + e.duration, 0),
        });
      }
    } finally {
      gcObserver.disconnect();
    }
    if (!report || report.createdBooks !== file.books.length) {
      throw new Error(`The import re-run in this process created ${report?.createdBooks} books, ${file.books.length} expected`);
    }
    const last = runs[runs.length - 1] ?? [];
    if (runs.some((r) => r.length !== last.length)) throw new Error('The re-runs of the import sent different numbers of statements');

    const parseTimes: number[] = [];
    for (let i = 0; i < options.runs; i++) {
      const t0 = performance.now();
      parseWishImport(bytes);
      parseTimes.push(performance.now() - t0);
    }

    const platform = orm.em.getPlatform();
    const formatted = last.map((call) => platform.formatQuery(call.sql, call.params));
    const statements: StatementCost[] = last.map((call, i) => {
      const formatTimes: number[] = [];
      for (let k = 0; k < 5; k++) {
        const t0 = performance.now();
        platform.formatQuery(call.sql, call.params);
        formatTimes.push(performance.now() - t0);
      }
      return {
        statement: describe(call.sql),
        ms: median(runs.map((r) => r[i]?.ms ?? NaN)),
        formatMs: median(formatTimes),
        sentBytes: Buffer.byteLength(formatted[i] ?? ''),
        rows: call.rows,
        explain: null,
      };
    });

    // The replay runs in the same order on an empty catalog, so the rows the recorded statements name (book ids
    // from the sequence, author ids from the identity) are the ones it creates again.
    await options.emptyCatalog();
    const client = new pg.Client({ connectionString: options.url });
    await client.connect();
    try {
      await client.query('begin');
      for (const [i, sql] of formatted.entries()) {
        const statement = statements[i];
        if (statement) statement.explain = await explain(client, sql, []);
      }
      await client.query('rollback');
      await options.emptyCatalog();
      const parameters = baselineParameters(file, options.userId);
      const baseline: CreateBreakdown['baseline'] = [];
      await client.query('begin');
      for (const [key, statement] of Object.entries(BASELINE_STATEMENTS)) {
        baseline.push({ statement: statement.label, explain: await explain(client, statement.sql, parameters[key as keyof typeof BASELINE_STATEMENTS]) });
      }
      await client.query('rollback');
      await options.emptyCatalog();

      const memory: RunMemory = {
        rssBeforeKb: median(memories.map((m) => m.rssBeforeKb)),
        peakRssKb: median(memories.map((m) => m.peakRssKb)),
        heapGrowthKb: median(memories.map((m) => m.heapGrowthKb)),
        minorGcs: median(memories.map((m) => m.minorGcs)),
        minorGcMs: median(memories.map((m) => m.minorGcMs)),
        majorGcs: median(memories.map((m) => m.majorGcs)),
        majorGcMs: median(memories.map((m) => m.majorGcMs)),
      };
      const breakdown: CreateBreakdown = {
        runs: runs.length,
        memory,
        executeMs: median(executeTimes),
        parseMs: median(parseTimes),
        statementsMs: statements.reduce((sum, s) => sum + s.ms, 0),
        statements,
        baseline,
        report,
      };
      say(`  ImportWishes.execute in this process (rolled back): ${breakdown.executeMs.toFixed(1)} ms, of which parsing ${breakdown.parseMs.toFixed(1)} ms and ${statements.length} statements ${breakdown.statementsMs.toFixed(1)} ms`);
      say(
        `  memory: RSS ${(memory.rssBeforeKb / 1024).toFixed(1)} → peak ${(memory.peakRssKb / 1024).toFixed(1)} MiB; heap in use up to +${(memory.heapGrowthKb / 1024).toFixed(1)} MiB between statements; ` +
          `${memory.minorGcs} young-generation GCs (${memory.minorGcMs.toFixed(1)} ms), ${memory.majorGcs} full GCs (${memory.majorGcMs.toFixed(1)} ms)`,
      );
      for (const s of statements) {
        say(
          `    ${s.statement}: ${s.ms.toFixed(1)} ms (formatting ${s.formatMs.toFixed(1)} ms, ${(s.sentBytes / 1024).toFixed(0)} KiB sent, ${s.rows} rows back); ` +
            `PostgreSQL ${s.explain ? `${s.explain.planningMs.toFixed(1)} + ${s.explain.executionMs.toFixed(1)} ms (triggers ${s.explain.triggersMs.toFixed(1)}) ${s.explain.plan}` : 'n/a'}`,
        );
      }
      for (const b of baseline) {
        say(`    baseline ${b.statement}: PostgreSQL ${b.explain.planningMs.toFixed(1)} + ${b.explain.executionMs.toFixed(1)} ms (triggers ${b.explain.triggersMs.toFixed(1)}) ${b.explain.plan}`);
      }
      return breakdown;
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    }
  } finally {
    await orm.close(true);
  }
}

/** The global EntityManager, with every `execute` timed and reported; everything else passes through. */
function recordingEntityManager(em: EntityManager, record: (call: Call) => void): EntityManager {
  return new Proxy(em, {
    get(target, property) {
      if (property === 'execute') {
        return async (sql: string, params: unknown[] = [], ...rest: unknown[]): Promise<unknown> => {
          const t0 = performance.now();
          const result: unknown = await (target.execute as (...args: unknown[]) => Promise<unknown>).call(target, sql, params, ...rest);
          const ms = performance.now() - t0;
          record({ sql, params, ms, rows: Array.isArray(result) ? result.length : 0, heapUsed: process.memoryUsage().heapUsed });
          return result;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** What a statement is for, named after the adapter method that sends it; else its first words. */
function describe(sql: string): string {
  const text = sql.replace(/\s+/g, ' ').trim();
  const known: Array<[RegExp, string]> = [
    [/pg_advisory_xact_lock/, 'creation lock (writer.lockCreation)'],
    [/from edition e where e\.isbn = any/, 'match by ISBN (matcher.booksByIsbn)'],
    [/where b\.title_search = any/, 'match by title + author (matcher.booksByTitle)'],
    [/^with parts as/, 'existing authors by name (writer)'],
    [/^insert into author\b/, 'insert authors (writer)'],
    [/nextval\(/, 'book ids from the sequence (writer)'],
    [/^insert into book \(/, 'insert books (writer)'],
    [/^insert into book_author\b/, 'insert book_author links (writer)'],
    [/^insert into edition\b/, 'insert editions (writer)'],
    [/^select isbn, book_id from edition/, 'owners of ISBNs taken meanwhile (writer)'],
    [/^delete from book\b/, 'delete books whose ISBN was taken (writer)'],
    [/^insert into wish\b/, 'insert wishes (wishes.addMany)'],
  ];
  const found = known.find(([pattern]) => pattern.test(text));
  return found ? found[1] : `\`${text.slice(0, 70)}${text.length > 70 ? '…' : ''}\``;
}

async function explain(client: pg.Client, sql: string, params: unknown[]): Promise<Explained> {
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params);
  const lines = rows.map((r) => r['QUERY PLAN']);
  const text = lines.join('\n');
  const triggersMs = [...text.matchAll(/^Trigger .*: time=([\d.]+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
  // The top node, then the nodes under it (their names only), so the table stays readable.
  const nodes = [lines[0] ?? '', ...lines.filter((l) => /^\s*->/.test(l))].map((l) => l.replace(/^\s*->\s*/, '').replace(/\s*\(cost=.*$/, '').trim());
  return {
    planningMs: Number(/Planning Time: ([\d.]+) ms/.exec(text)?.[1] ?? NaN),
    executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? NaN),
    triggersMs,
    plan: [...new Set(nodes)].slice(0, 4).join(' ← '),
  };
}
