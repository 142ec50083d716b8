// The Markdown of the user-space benchmark's section of docs/benchmarks.md.
import { type LatencyStats, type LoadResult, ms } from './load.js';
import type { CpuProbe, ExplainedStatement, ImportBreakdown } from './user-space-breakdown.js';
import { machineParagraph, type RunContext } from './support/machine.js';
import { table } from './support/markdown-table.js';
import { median } from './support/percentiles.js';
import { type Verdict, verdictTable } from './support/verdicts.js';
import { type BaselineRun, type ImportRun, mib } from './user-space-import.js';
import type { ImportCatalogSummary } from './user-space-seed.js';

/** One measured import and its baseline, each the least disturbed of its attempts. */
export interface ImportSlot {
  run: number;
  imported: ImportRun;
  importAttempts: number;
  baseline: BaselineRun;
  baselineAttempts: number;
}

export interface UserSpaceReport extends RunContext {
  settings: {
    importRows: number;
    importRuns: number;
    seconds: number;
    warmupSeconds: number;
    quietWaitSeconds: number;
    connections: readonly number[];
    poolMax: number;
    preferences: { country: string; currency: string };
    maxAttempts: number;
    quietThreshold: number;
  };
  targets: { importFactor: number; ontologyP99Ms: number; userStoresP99Ms: number };
  fileInfo: { rows: number; bytes: number; withoutIsbn: number; withReview: number };
  catalog: ImportCatalogSummary;
  cold: { imported: ImportRun; baseline: BaselineRun };
  slots: ImportSlot[];
  multipart: ImportRun;
  again: ImportRun;
  breakdown: ImportBreakdown;
  ontology: {
    path: string;
    typeName: string;
    genreName: string;
    nodes: number;
    roots: number;
    depth: number;
    bytes: number;
    totalNodes: number;
    trees: number;
    runs: LoadResult[];
    cost: RequestCostData;
  };
  stores: { names: string[]; active: number; all: number; bytes: number; runs: LoadResult[]; cost: RequestCostData };
  serviceRssEndKb: number;
  verdicts: Verdict[];
}

interface RequestCostData {
  probe: CpuProbe;
  statements: ExplainedStatement[];
}

const fmt = (n: number): string => n.toLocaleString('en-US');

/** The per-request cost paragraph: service CPU, SQL statements per request, and PostgreSQL's time per statement. */
function costOf(c: RequestCostData, run: LoadResult | undefined, cores: number, statementsNote: string): string {
  const sql = c.statements.reduce((sum, x) => sum + x.planningMs + x.executionMs, 0);
  const p = c.probe;
  return `**Cost of one request.** After the load runs, ${fmt(p.requests)} more requests by autocannon at ${p.concurrency} connections (${p.rps.toFixed(0)} req/s${run ? `; the measured run above: ${run.rps.toFixed(0)}` : ''}):
the service process used **${ms(p.serviceCpuMs)} of CPU per request**, ${ms(p.mainThreadCpuMs)} of it on its main thread, the one that runs the
JavaScript (utime + stime from /proc; the rest is V8's helper threads). That thread alone caps the service near
${fmt(Math.round(1000 / p.mainThreadCpuMs))} req/s; during these requests it was busy ${(100 * p.mainThreadBusy).toFixed(0)} % of the time, and the benchmark's processes
(service, PostgreSQL, autocannon) used ${p.ownCores.toFixed(2)} of the ${cores} cores (other processes ${p.otherCores.toFixed(2)}). The database committed
**${p.statementsPerRequest.toFixed(1)} SQL statements per request** (pg_stat_database transactions during those requests, idle background subtracted;
the service reads in autocommit, one transaction per statement). ${statementsNote}
PostgreSQL's time for each (EXPLAIN ANALYZE of the statement as the service sends it, parameters inlined by MikroORM; best of 5):

${table(
  ['Statement', 'Planning', 'Execution'],
  c.statements.map((x) => [x.statement, ms(x.planningMs), ms(x.executionMs)]),
)}

${ms(sql)} in PostgreSQL for the ${c.statements.length} statement(s).`;
}

/** Where a median import's wall time goes: the service's CPU, and PostgreSQL's statements (from the breakdown). */
function importTimeNote(r: UserSpaceReport): string {
  const wall = median(r.slots.map((x) => x.imported.ms));
  const cpu = median(r.slots.map((x) => x.imported.serviceCpuMs));
  const sqlSteps = r.breakdown.steps.filter((x) => x.executionMs !== null);
  const insert = sqlSteps.find((x) => x.step.startsWith('insert'));
  const baseline = sqlSteps.find((x) => x.step.startsWith('baseline'));
  const matching = sqlSteps.filter((x) => x.step.startsWith('match')).reduce((sum, x) => sum + x.ms, 0);
  return `Of a median import's ${ms(wall)}, the service process used ${ms(cpu)} of CPU (median of the runs' \`/proc\` readings, all threads:
reading the upload, parsing, matching in memory, building the statements' parameters, garbage collection); the
statements themselves take about ${ms(matching)} to match and ${insert ? ms(insert.ms) : 'n/a'} to insert (client-side times above), where the
baseline's one statement takes ${baseline ? ms(baseline.ms) : 'n/a'}.`;
}

/** For a missed latency target: what this run's own numbers say about the cause. */
function whyMissed(verdict: Verdict | undefined, cost: RequestCostData, run: LoadResult | undefined, workload: string, cores: number): string {
  if (!verdict || verdict.pass || !run) return '';
  const p = cost.probe;
  const sql = p.statementsPerRequest < 0.5 ? 0 : cost.statements.reduce((sum, x) => sum + x.planningMs + x.executionMs, 0);
  return `

**Why the target is missed.** At ${run.connections} connections the service answered ${run.rps.toFixed(0)} req/s with p50 ${ms(run.p50)} and p99 ${ms(run.p99)}, the
benchmark's processes using ${run.ownCores.toFixed(2)} of the ${cores} cores. Per request the service's main thread spends ${ms(p.mainThreadCpuMs)} of CPU against
${ms(sql)} of PostgreSQL work (${p.statementsPerRequest.toFixed(1)} statement(s)): the time is the service's own per-request work, not the SQL. With
${run.connections} requests in flight that thread is busy most of the time (${(100 * p.mainThreadBusy).toFixed(0)} % in the probe) while PostgreSQL and autocannon take the
other core, so a request mostly waits for CPU behind the others, and the tail grows with the service's CPU cost per request.
\`npx tsx bench/user-space-profile.ts ${workload}\` shows where that CPU goes.`;
}

export function renderUserSpaceSection(r: UserSpaceReport): string {
  const s = r.settings;
  const date = r.startedAt.toISOString().slice(0, 10);
  const minutes = ((r.finishedAt.getTime() - r.startedAt.getTime()) / 60_000).toFixed(1);
  const importMs = r.slots.map((x) => x.imported.ms);
  const baselineMs = r.slots.map((x) => x.baseline.ms);
  const peaks = r.slots.map((x) => x.imported.peakRssKb);
  const growth = r.slots.map((x) => x.imported.peakRssKb - x.imported.rssBeforeKb);
  const loadRuns = [...r.ontology.runs, ...r.stores.runs];
  const disturbed = [
    ...r.slots.filter((x) => x.imported.otherCores > s.quietThreshold).map((x) => `import run ${x.run}: ${x.imported.otherCores.toFixed(2)}`),
    ...r.slots.filter((x) => x.baseline.otherCores > s.quietThreshold).map((x) => `baseline run ${x.run}: ${x.baseline.otherCores.toFixed(2)}`),
    ...loadRuns.filter((x) => x.otherCores > s.quietThreshold).map((x) => `${x.label}: ${x.otherCores.toFixed(2)}`),
  ];
  const maxOther = Math.max(...r.slots.map((x) => x.imported.otherCores), ...loadRuns.map((x) => x.otherCores));
  const repeated = r.slots.reduce((n, x) => n + x.importAttempts - 1 + x.baselineAttempts - 1, 0);
  const busyNote =
    disturbed.length === 0
      ? `Other processes used at most ${maxOther.toFixed(2)} cores during any measured import or load window.`
      : `**Caution:** other processes on this shared machine used more than ${s.quietThreshold} cores during ${disturbed.length} measured window(s) ` +
        `(${disturbed.join(', ')}) even after ${s.maxAttempts} attempts; those numbers are pessimistic.`;
  const repeatNote = repeated > 0 ? ` ${repeated} import/baseline measurement(s) were disturbed and taken again on a fresh user.` : '';

  const importRow = (label: string, i: ImportRun, b: BaselineRun): string[] => [
    label,
    ms(i.ms),
    ms(b.ms),
    `×${(i.ms / b.ms).toFixed(2)}`,
    ms(i.serviceCpuMs),
    mib(i.rssBeforeKb),
    mib(i.peakRssKb),
    `+${mib(i.peakRssKb - i.rssBeforeKb)}`,
    mib(i.rssAfterKb),
    i.otherCores.toFixed(2),
  ];
  const importHeader = ['Run', 'Import (wall)', 'Baseline (wall)', 'Import / baseline', 'Service CPU', 'Service RSS before', 'Peak RSS', 'Growth', 'RSS after', 'Other CPU (cores)'];

  const latency = (x: LatencyStats): string[] => [ms(x.p50), ms(x.p90), ms(x.p99), ms(x.max)];
  const loadRow = (x: LoadResult): string[] => [
    String(x.connections),
    x.rps.toFixed(0),
    ...latency(x),
    `${x.errors} / ${x.timeouts} / ${x.non2xx}`,
    x.otherCores.toFixed(2),
  ];
  const loadHeader = ['Connections', 'req/s', 'p50', 'p90', 'p99', 'max', 'errors / timeouts / non-2xx', 'Other CPU (cores)'];
  const [modest] = s.connections;

  return `## User space: wish import, ontology, user stores

Run on ${date} (started ${r.startedAt.toISOString()}, ${minutes} min in all) with \`npx tsx bench/user-space.ts\` on ${r.code}.
All numbers below come from that one run; the import baseline was measured in the same run, against the same database,
between the imports.

${machineParagraph(r.machine, r.postgres, r.dbKind)} The database, the service and the benchmark
(autocannon, the SQL baseline) share the ${r.machine.cores} cores. The service runs as \`node --import tsx src/composition/entries/api-service.ts\` with \`NODE_ENV=production\`,
\`SCHEDULER=off\`, \`FETCH_WORKERS=off\`, \`DEMO_STORES=on\`, \`DEMO_STORE_SERVER=off\` and the default pool (DB_POOL_MAX ${s.poolMax}).
Before each measurement the benchmark waits (up to ${s.quietWaitSeconds} s) until other processes use less than ${s.quietThreshold} cores,
records their CPU use during every measured window, and repeats a disturbed one (${s.maxAttempts} attempts at most; the least
disturbed is kept). ${busyNote}${repeatNote}

### Targets

${verdictTable(r.verdicts)}

### 1. \`POST /api/wishes/import\`: ${fmt(r.fileInfo.rows)}-row Goodreads export

**File:** \`goodreadsCsv(...)\` of test/support/import-fixtures.ts over \`syntheticGoodreadsRows(${r.fileInfo.rows})\`, 24-column layout,
${fmt(r.fileInfo.bytes)} bytes. Every row is put on the \`to-read\` shelf (the fixture puts every 4th on \`read\`, which an import
skips) so that each row yields one wish; otherwise the rows are the fixture's: ${fmt(r.fileInfo.withoutIsbn)} rows without an ISBN
(\`=""\`, matched by folded title + author), titles with commas and quotes, ${fmt(r.fileInfo.withReview)} rows with a two-line review.
**Catalog:** ${fmt(r.catalog.books)} books (\`title_search = lower(title)\`, checked equal to the service's folding), ${fmt(r.catalog.authors)} authors
linked to them, ${fmt(r.catalog.editions)} paperback editions with the rows' ISBN-13s, inserted set-based and analysed (${r.catalog.seconds.toFixed(1)} s).

**Import:** the file as a \`text/csv\` body, one request at a time, each on a fresh user (its app_user row created by an
authenticated \`GET /api/user/preferences\` just before, outside the timing). Wall time = from sending the request to having
read the whole response, which is checked: ${fmt(r.fileInfo.rows)} created, nothing unmatched or invalid, and the user's wishes
are exactly the ${fmt(r.fileInfo.rows)} books. **Peak RSS** is the service process's own: the kernel's high-water mark (VmHWM) is
reset just before the request (\`/proc/<pid>/clear_refs\`) and read after it (cross-checked with 5 ms VmRSS samples).
**Baseline:** right after each import, another fresh user (created the same way) gets the same ${fmt(r.fileInfo.rows)} book ids
(those the import matched) in one statement from the benchmark's open pg connection:
\`insert into wish (user_id, book_id) select $1, b from unnest($2::bigint[]) as b\`.

${table(importHeader, [
  importRow('first (cold process, not counted)', r.cold.imported, r.cold.baseline),
  ...r.slots.map((x) => importRow(String(x.run), x.imported, x.baseline)),
])}

${table(
  ['', 'Import', 'Baseline', 'Import / baseline', 'Peak RSS', 'RSS growth'],
  [
    ['median', ms(median(importMs)), ms(median(baselineMs)), `×${(median(importMs) / median(baselineMs)).toFixed(2)}`, mib(median(peaks)), `+${mib(median(growth))}`],
    ['worst', ms(Math.max(...importMs)), ms(Math.max(...baselineMs)), `×${(Math.max(...importMs) / Math.max(...baselineMs)).toFixed(2)}`, mib(Math.max(...peaks)), `+${mib(Math.max(...growth))}`],
  ],
)}

Informative, not part of the target: the same file as \`multipart/form-data\` (field \`file\`) took ${ms(r.multipart.ms)} (peak RSS
${mib(r.multipart.peakRssKb)}); importing it again for the same user (every row already wished, nothing inserted) took ${ms(r.again.ms)}.
The service's RSS was ${mib(r.serviceRssEndKb)} at the end of the run.

**Where the time goes.** The steps of \`ImportWishes\` re-run one by one outside the service: the parser in the benchmark's
process (same code and Node), the adapters' SQL with the same text and parameters (${fmt(r.breakdown.candidates)} candidates,
${fmt(r.breakdown.isbns)} distinct ISBNs, ${fmt(r.breakdown.titles)} titles left for title matching), writes rolled back; median of 5.

${table(
  ['Step', 'Client wall time', 'PostgreSQL execution (EXPLAIN ANALYZE)', 'Parameters sent', 'Plan (top node)'],
  r.breakdown.steps.map((x) => [
    x.step,
    ms(x.ms),
    x.executionMs === null ? '–' : ms(x.executionMs),
    x.paramBytes === null ? '–' : `${fmt(Math.round(x.paramBytes / 1024))} KiB`,
    x.plan === null ? '–' : `\`${x.plan.replace(/\s+\(cost=.*$/, '').replace(/\|/g, '\\|')}\``,
  ]),
)}

${importTimeNote(r)}

### 2. \`GET /api/ontology\` for the largest (type, genre) tree

\`${r.ontology.path}\`: ${r.ontology.typeName} / ${r.ontology.genreName}, the largest of the ${r.ontology.trees} (type, genre) trees
(${fmt(r.ontology.nodes)} of ${fmt(r.ontology.totalNodes)} nodes; ${r.ontology.roots} roots, depth ${r.ontology.depth}), found with \`count(*) ... group by type_id, genre_id\` on
\`ontology_node\`; the response (${fmt(r.ontology.bytes)} bytes) was checked to hold all ${fmt(r.ontology.nodes)} nodes. ${s.warmupSeconds} s warm-up (discarded),
then ${s.seconds} s measured per connection count; the target is judged at ${modest} connections.

${table(loadHeader, r.ontology.runs.map(loadRow))}

${costOf(r.ontology.cost, r.ontology.runs[0], r.machine.cores, 'The statements that build a tree (GetOntology), with')}${whyMissed(r.verdicts[1], r.ontology.cost, r.ontology.runs[0], 'ontology', r.machine.cores)}

### 3. \`GET /api/user/stores\`

After \`PUT /api/user/preferences\` \`${JSON.stringify(s.preferences)}\` (formats left at all four), the user's stores are the
${r.stores.names.length} active stores of that country or international in EUR: ${r.stores.names.join(', ')} (${r.stores.active} of ${r.stores.all} stores
are active: the demo stores; the answer, ${fmt(r.stores.bytes)} bytes, was checked against SQL). Same load settings as above.

${table(loadHeader, r.stores.runs.map(loadRow))}

${costOf(r.stores.cost, r.stores.runs[0], r.machine.cores, 'The statement behind the page (SqlReferenceCatalog.userStoresPage), with')}${whyMissed(r.verdicts[2], r.stores.cost, r.stores.runs[0], 'stores', r.machine.cores)}

Latencies are per response, to a fraction of a millisecond (autocannon's response events, bench/load.ts), nearest-rank
percentiles over the 2xx responses of the measured window; failed requests are counted in the errors / timeouts / non-2xx
columns and make the benchmark exit non-zero.
`;
}
