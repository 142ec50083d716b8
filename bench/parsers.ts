// `npx tsx bench/parsers.ts`: the three hand-written parsers (the import's tolerant CSV reader, its Windows-1252
// decoder, the JSON-LD repair pass) against the libraries that could replace them, on the largest inputs they meet:
// a 5 MiB export and a 3 MB store page. Also replays the test inputs through each library. Prints the numbers and
// rewrites the "## Parsers: hand-written vs library" section of docs/benchmarks.md.
//
// Knobs for quick trial runs (the documented numbers use the defaults):
//   BENCH_PARSERS_RUNS     timed rounds (default 15)
//   BENCH_PARSERS_WARMUP   warm-up rounds (default 3)
//   BENCH_REPORT           Markdown file to write (default docs/benchmarks.md)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { findJsonLdBlocks } from '../src/adapters/stores/extraction/json-ld-blocks.js';
import { parseLenientJson } from '../src/adapters/stores/extraction/lenient-json.js';
import { detectDelimiter, parseCsv, type CsvRecord } from '../src/domain/wishes/import/csv.js';
import { decodeWindows1252 } from '../src/domain/wishes/import/windows-1252.js';
import { median } from './paired-ratio.js';
import { csvParseCellsOnly, csvParseRecords, decodeWithTextDecoder, loadIconvLite, parseWithJsonrepair } from './parsers-candidates.js';
import { csvConformance, jsonLdConformance, windows1252Conformance, type Conformance } from './parsers-conformance.js';
import { brokenJsonLdPage, goodreadsExport, windows1252Export } from './parsers-inputs.js';
import { decision, machine, renderSection, type Contender, type ParserResult } from './parsers-report.js';
import { writeReportSection } from './report-section.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const intEnv = (name: string, fallback: number): number => {
  const value = Number(process.env[name]?.trim() || fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
};
const SETTINGS = { runs: intEnv('BENCH_PARSERS_RUNS', 15), warmup: intEnv('BENCH_PARSERS_WARMUP', 3) };

interface Task {
  name: string;
  run: () => unknown;
  conformance?: Conformance;
  /** How its answer is compared with ours, when it is not shaped like ours. */
  sameAs?: (answer: unknown, ours: unknown) => boolean;
}

/** Times every task once per round, in a rotating order, so drift and noise fall on all of them alike. */
function measure(tasks: Task[]): Map<string, number> {
  const samples = new Map(tasks.map((task) => [task.name, [] as number[]]));
  for (let round = 0; round < SETTINGS.warmup + SETTINGS.runs; round++) {
    for (let k = 0; k < tasks.length; k++) {
      const task = tasks[(round + k) % tasks.length]!;
      const started = performance.now();
      task.run();
      const elapsed = performance.now() - started;
      if (round >= SETTINGS.warmup) samples.get(task.name)!.push(elapsed);
    }
  }
  return new Map([...samples].map(([name, values]) => [name, median(values)]));
}

/** The first task is ours; the others are compared with it, answer for answer and time for time. */
function compareParsers(parser: string, file: string, input: string, tasks: Task[]): ParserResult {
  const medians = measure(tasks);
  const [oursTask, ...libraryTasks] = tasks as [Task, ...Task[]];
  const expected = oursTask.run();
  const contender = (task: Task): Contender => ({
    name: task.name,
    medianMs: medians.get(task.name)!,
    sameOutput: (task.sameAs ?? isDeepStrictEqual)(task.run(), expected),
    ...(task.conformance ? { conformance: task.conformance } : {}),
  });
  const result = { parser, file, input, ours: contender(oursTask), libraries: libraryTasks.map(contender) };
  console.log(`\n${parser}: ${input}`);
  for (const c of [result.ours, ...result.libraries]) {
    const cases = c.conformance ? `, cases ${c.conformance.cases - c.conformance.differences.length}/${c.conformance.cases}` : '';
    console.log(`  ${c.name.padEnd(44)} ${c.medianMs.toFixed(1).padStart(8)} ms  same output: ${c.sameOutput ? 'yes' : 'NO'}${cases}`);
  }
  console.log(`  → ${decision(result)}`);
  return result;
}

async function main(): Promise<void> {
  const startedAt = new Date();
  console.log(`Parsers benchmark on ${machine()}: ${SETTINGS.warmup} warm-up + ${SETTINGS.runs} timed rounds`);

  const csvText = goodreadsExport();
  const { delimiter } = detectDelimiter(csvText);
  const cellsOf = (records: CsvRecord[]): string[][] => records.map((record) => record.cells);
  const csv = compareParsers(
    'Tolerant CSV reader',
    'src/domain/wishes/import/csv.ts',
    `the Goodreads fixture export grown to ${(Buffer.byteLength(csvText) / 2 ** 20).toFixed(2)} MiB (${parseCsv(csvText).length.toLocaleString('en')} records), already decoded`,
    [
      { name: 'ours: parseCsv', run: () => parseCsv(csvText, delimiter) },
      { name: 'csv-parse 7 (relax options, start lines)', run: () => csvParseRecords(csvText, delimiter), conformance: csvConformance(parseCsv, csvParseRecords) },
      // For reference only: it gives no line numbers, so it is compared on cells.
      {
        name: 'csv-parse 7 (cells only, reference)',
        run: () => csvParseCellsOnly(csvText, delimiter),
        sameAs: (answer, ours) => isDeepStrictEqual(answer, cellsOf(ours as CsvRecord[])),
      },
    ],
  );

  const bytes = windows1252Export();
  const iconvLite = await loadIconvLite();
  const decoder = compareParsers(
    'Windows-1252 decoder',
    'src/domain/wishes/import/windows-1252.ts',
    `the Windows-1252 plain CSV fixture grown to ${(bytes.length / 2 ** 20).toFixed(2)} MiB of bytes`,
    [
      { name: 'ours: decodeWindows1252', run: () => decodeWindows1252(bytes) },
      { name: "TextDecoder('windows-1252')", run: () => decodeWithTextDecoder(bytes), conformance: windows1252Conformance(decodeWindows1252, decodeWithTextDecoder) },
      ...(iconvLite ? [{ name: 'iconv-lite', run: () => iconvLite(bytes), conformance: windows1252Conformance(decodeWindows1252, iconvLite) }] : []),
    ],
  );

  const html = brokenJsonLdPage();
  const { blocks } = findJsonLdBlocks(html);
  const large = blocks.filter((block) => block.length > 100_000);
  const jsonLd = compareParsers(
    'JSON-LD repair',
    'src/adapters/stores/extraction/lenient-json.ts',
    `a ${(html.length / 1e6).toFixed(2)} MB product page: the trailing-commas fixture page (two small JSON-LD blocks) with its Book block ` +
      `repeated into ${large.length} more blocks of ${large.map((block) => `${(block.length / 1e6).toFixed(2)} MB`).join(' and ')}; strict JSON rejects all ` +
      `${blocks.length}, so every block goes through the repair. The ${blocks.length} blocks are timed, not finding them in the page`,
    [
      { name: 'ours: parseLenientJson', run: () => blocks.map(parseLenientJson) },
      { name: 'jsonrepair 3', run: () => blocks.map(parseWithJsonrepair), conformance: jsonLdConformance(parseLenientJson, parseWithJsonrepair) },
    ],
  );

  const results = [csv, decoder, jsonLd];
  for (const difference of results.flatMap((r) => r.libraries.flatMap((l) => (l.conformance?.differences ?? []).map((d) => `${r.parser}, ${l.name}: ${d}`)))) {
    console.log(`  differs: ${difference}`);
  }
  const report = path.resolve(ROOT, process.env.BENCH_REPORT ?? 'docs/benchmarks.md');
  await writeReportSection(report, 'parsers', renderSection(results, SETTINGS, startedAt));
  console.log(`\nWrote the parsers section of ${path.relative(ROOT, report)}`);
}

await main();
