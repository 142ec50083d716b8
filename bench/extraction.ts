// `npx tsx bench/extraction.ts`: how long reading the price of a 3 MB product page takes (src/adapters/stores/extraction),
// without and with store CSS selectors, next to the time to parse the same page with htmlparser2 alone and with
// cheerio/slim. Prints the numbers with PASS/FAIL per target (taken at the reference machine's speed, as htmlparser2's
// p50 in the same run says: extraction-report.ts) and rewrites the "## Page extraction" section of docs/benchmarks.md.
// Exits non-zero only when the extraction answers a page wrongly, never because a target was missed.
//
// Knobs for quick trial runs (the documented numbers use the defaults):
//   BENCH_EXTRACTION_RUNS     timed runs per measurement (default 60, at least 50 for the documented numbers)
//   BENCH_EXTRACTION_WARMUP   warm-up runs per measurement (default 10)
//   BENCH_REPORT              Markdown file to write (default docs/benchmarks.md)
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { fileURLToPath } from 'node:url';
import { load } from 'cheerio/slim';
import { Parser } from 'htmlparser2';
import { extractPrice } from '../src/adapters/stores/extraction/index.js';
import { benchPages, type BenchPage } from './extraction-pages.js';
import { percentile } from './support/percentiles.js';
import { atReferenceSpeed, composition, machine, machineSlowdown, type PageResult, renderSection, type Timing, verdict, writeExtractionSection } from './extraction-report.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const intEnv = (name: string, fallback: number): number => {
  const value = Number(process.env[name]?.trim() || fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
};
const SETTINGS = { runs: intEnv('BENCH_EXTRACTION_RUNS', 60), warmup: intEnv('BENCH_EXTRACTION_WARMUP', 10) };
const TARGET_MS = { withoutSelectors: 5, withSelectors: 30 };

type Task = () => unknown;

function parseOnly(html: string): number {
  let tags = 0;
  new Parser({ onopentag: () => void tags++ }, { decodeEntities: true }).end(html);
  return tags;
}

function summary(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), runs: samples.length };
}

/** Rounds per block: the extraction's tasks and the baselines' take turns in blocks of this many rounds. */
const BLOCK = 10;

/** A full collection, outside any timing (V8's `gc`, exposed at run time rather than by a flag to tsx). */
const collectGarbage: () => void = (() => {
  v8.setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

/** Times every task once per round, in a rotating order, so drift and noise fall on all of them alike. */
function timeRounds(tasks: Map<string, Task>, rounds: number, first: number, samples: Map<string, number[]>): void {
  const names = [...tasks.keys()];
  for (let round = first; round < first + rounds; round++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(round + k) % names.length]!;
      const started = performance.now();
      tasks.get(name)!();
      const elapsed = performance.now() - started;
      if (round >= SETTINGS.warmup) samples.get(name)!.push(elapsed);
    }
  }
}

/**
 * The extraction's tasks and the baselines' in alternating blocks of rounds, so both see the same machine through the
 * run. The baselines' garbage (cheerio builds a DOM of some 100 MB per page) is collected after each of their blocks,
 * outside the timings: left to the collector, it was paid inside the extraction's next calls (each extraction's own
 * garbage is collected inside its own timings, as in the service).
 */
function measure(extraction: Map<string, Task>, baselines: Map<string, Task>): Map<string, Timing> {
  const names = [...extraction.keys(), ...baselines.keys()];
  const samples = new Map(names.map((name) => [name, [] as number[]]));
  const total = SETTINGS.warmup + SETTINGS.runs;
  for (let first = 0; first < total; first += BLOCK) {
    const rounds = Math.min(BLOCK, total - first);
    collectGarbage();
    timeRounds(extraction, rounds, first, samples);
    timeRounds(baselines, rounds, first, samples);
  }
  return new Map(names.map((name) => [name, summary(samples.get(name)!)]));
}

function answerOf(page: BenchPage): { answer: string; correct: boolean } {
  const result = extractPrice(page.html, page.url, page.config);
  if (!result.ok) return { answer: `${result.kind}: ${result.message.slice(0, 120)}`, correct: false };
  const correct = result.amount === page.expected.amount && result.currency === page.expected.currency;
  return { answer: `${result.amount} ${result.currency} (${result.source})`, correct };
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const pages = benchPages();
  console.log(`Page extraction benchmark: ${machine()}; ${SETTINGS.warmup} warm-up + ${SETTINGS.runs} timed runs each`);
  for (const page of pages) console.log(`  ${page.name}: ${composition(page)}`);

  const extraction = new Map<string, Task>();
  const baselines = new Map<string, Task>();
  const distinct = [...new Set(pages.map((page) => page.html))];
  pages.forEach((page, i) => extraction.set(`extract ${i}`, () => extractPrice(page.html, page.url, page.config)));
  distinct.forEach((html, i) => {
    baselines.set(`htmlparser2 ${i}`, () => parseOnly(html));
    baselines.set(`cheerio ${i}`, () => load(html));
  });
  const timings = measure(extraction, baselines);

  const parsed = pages.map((page) => ({ page, htmlparser2: timings.get(`htmlparser2 ${distinct.indexOf(page.html)}`)! }));
  const slowdown = machineSlowdown(parsed);
  const results: PageResult[] = pages.map((page, i) => ({
    page,
    ...answerOf(page),
    extraction: timings.get(`extract ${i}`)!,
    htmlparser2: parsed[i]!.htmlparser2,
    cheerio: timings.get(`cheerio ${distinct.indexOf(page.html)}`)!,
    target: page.config.selectors?.price ? TARGET_MS.withSelectors : TARGET_MS.withoutSelectors,
    slowdown,
  }));

  const f = (t: Timing): string => `${t.p50.toFixed(2)} / ${t.p95.toFixed(2)} ms`;
  console.log('\npage | extractPrice p50 / p95 | htmlparser2 | cheerio/slim load | slowdown | p50 at reference speed | target | result | answer');
  for (const r of results) {
    console.log(
      `${r.page.name} | ${f(r.extraction)} | ${f(r.htmlparser2)} | ${f(r.cheerio)} | ×${r.slowdown.toFixed(2)} | ${atReferenceSpeed(r).toFixed(2)} ms | p50 < ${r.target} ms | ${verdict(r)} | ${r.correct ? '' : 'WRONG: '}${r.answer}`,
    );
  }

  const report = process.env['BENCH_REPORT'] ?? path.join(ROOT, 'docs', 'benchmarks.md');
  await writeExtractionSection(report, renderSection(results, SETTINGS, startedAt));
  console.log(`\nWrote the "Page extraction" section of ${path.relative(process.cwd(), report) || report}`);
  if (results.some((r) => !r.correct)) {
    console.error('The extraction answered a benchmark page wrongly (see the answer column).');
    process.exitCode = 1;
  }
}

await main();
