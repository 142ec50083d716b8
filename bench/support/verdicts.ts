// A benchmark's targets and whether they were met: on the console and as the "Targets" table of its report.
import { table } from './markdown-table.js';

export interface Verdict {
  target: string;
  measured: string;
  pass: boolean;
}

/** One console line per target: `PASS  <target>: <measured>`. */
export function sayVerdicts(verdicts: readonly Verdict[], say: (line: string) => void): void {
  for (const v of verdicts) say(`${v.pass ? 'PASS' : 'FAIL'}  ${v.target}: ${v.measured}`);
}

/** The Markdown table of the targets, the result in bold. */
export function verdictTable(verdicts: readonly Verdict[]): string {
  return table(
    ['Target', 'Measured', 'Result'],
    verdicts.map((v) => [v.target, v.measured, v.pass ? '**PASS**' : '**FAIL**']),
  );
}
