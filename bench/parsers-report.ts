import os from 'node:os';
import type { Conformance } from './parsers-conformance.js';

export interface Contender {
  name: string;
  medianMs: number;
  /** Whether it answered the benchmark input exactly as the hand-written parser did. */
  sameOutput: boolean;
  /** Absent for the hand-written parser and for measurements that are only for reference. */
  conformance?: Conformance;
}

export interface ParserResult {
  parser: string;
  file: string;
  input: string;
  ours: Contender;
  libraries: Contender[];
}

export const machine = (): string => `${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${os.availableParallelism()} cores, Node ${process.version}`;

/** A library replaces ours only when it does everything the tests ask and is at least as fast on the largest input. */
export function decision(result: ParserResult): string {
  const candidates = result.libraries.filter((library) => library.conformance !== undefined);
  const winner = candidates.find((library) => library.conformance?.differences.length === 0 && library.medianMs <= result.ours.medianMs);
  if (winner) return `replace with ${winner.name}`;
  const reasons = candidates.map((library) => {
    const failed = library.conformance?.differences.length ?? 0;
    const speed = `${ratio(library.medianMs, result.ours.medianMs)} our time`;
    return failed > 0 ? `${library.name} fails ${failed} of ${library.conformance?.cases} cases, ${speed}` : `${library.name} ${speed}`;
  });
  return `keep ours (${reasons.join('; ')})`;
}

const ratio = (theirs: number, ours: number): string => `${(theirs / ours).toFixed(2)}×`;
const ms = (value: number): string => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

export function renderSection(results: ParserResult[], settings: { warmup: number; runs: number }, startedAt: Date): string {
  const rows = results.flatMap((result) =>
    [result.ours, ...result.libraries].map((contender) => {
      const tests = contender === result.ours ? 'the tests' : contender.conformance ? `${contender.conformance.cases - contender.conformance.differences.length} / ${contender.conformance.cases}` : 'not checked (reference)';
      return `| ${result.parser} | ${contender.name} | ${ms(contender.medianMs)} | ${ratio(contender.medianMs, result.ours.medianMs)} | ${contender.sameOutput ? 'yes' : '**no**'} | ${tests} |`;
    }),
  );
  const differences = results.flatMap((result) =>
    result.libraries.flatMap((library) => (library.conformance?.differences ?? []).map((difference) => `- ${result.parser}, ${library.name}: ${difference}`)),
  );
  return [
    '## Parsers: hand-written vs library',
    '',
    `Run on ${startedAt.toISOString().slice(0, 10)} with \`npx tsx bench/parsers.ts\` (\`npm run bench:parsers\`). **Machine:** ${machine()}.`,
    `Ours and the libraries were timed in the same process on the same input, interleaved round by round: ${settings.warmup} warm-up`,
    `rounds, then ${settings.runs} timed ones; the median wall time of one call is reported.`,
    '',
    ...results.map((result) => `- **${result.parser}** (\`${result.file}\`): ${result.input}.`),
    '',
    '"Same output" compares the answer on the benchmark input with ours. "Cases" replays the inputs of the unit tests and every',
    'fixture file (CSV and TSV exports, JSON-LD blocks of every store page, the Windows-1252 bytes) and counts the answers equal',
    'to ours, which the tests check.',
    '',
    '| Parser | Implementation | Median (ms) | vs ours | Same output | Cases |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    '**Decisions.**',
    '',
    ...results.map((result) => `- ${result.parser}: ${decision(result)}.`),
    '',
    ...(differences.length > 0 ? ['Where the libraries answered differently:', '', ...differences] : []),
  ].join('\n');
}
