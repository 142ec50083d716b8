// `npm run job -- load-authors FILE`: loads Open Library's authors dump (docs/authors.md) with a progress bar on a
// terminal (a line every few seconds otherwise) and a summary.
import { existsSync } from 'node:fs';
import type { Container } from 'inversify';
import { type AuthorLoadProgress, type AuthorLoadSummary, LoadAuthors } from '../application/catalog/load-authors.js';
import { RequestScope } from '../application/shared/request-scope.js';
import { ProgressDisplay } from '../adapters/kits/console/progress-display.js';
import { OpenLibraryAuthorDumpFile } from '../adapters/metadata/open-library-author-dump-file.js';
import { commandFor } from './entries/install-commands.js';

/** Without a terminal, a progress line this often. */
const LINE_EVERY_MS = 5_000;

const count = (n: number): string => n.toLocaleString('en-US');

/** Loads the dump; 0 when all of it is stored, 1 when told to stop first (a next run resumes). */
export async function runLoadAuthors(container: Container, file: string | undefined, say: (line: string) => void, stop: AbortSignal): Promise<number> {
  if (file === undefined || file.startsWith('-')) throw new Error(`Usage: ${commandFor('job', 'load-authors FILE')} (an ol_dump_authors_*.txt.gz file)`);
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  const dump = new OpenLibraryAuthorDumpFile(file);
  say(`Loading authors from ${file} (${(dump.size / 1024 ** 2).toFixed(1)} MiB) ...`);
  const display = new ProgressDisplay({
    format: 'authors [{bar}] {percentage}% | line {line} | new {inserted} | updated {updated} | bad {bad} | {duration_formatted} (eta {eta_formatted})',
    lineEveryMs: LINE_EVERY_MS,
    say,
  });
  const mib = (bytes: number): number => Math.round(bytes / 1024 ** 2);
  display.start(Math.max(1, mib(dump.size)), 0, { line: 0, inserted: 0, updated: 0, bad: 0 });
  const onProgress = (p: AuthorLoadProgress): void =>
    display.update(
      mib(p.bytesRead),
      { line: count(p.line), inserted: count(p.inserted), updated: count(p.updated), bad: count(p.bad) },
      () => `authors: line ${count(p.line)} (${((100 * p.bytesRead) / Math.max(1, p.size)).toFixed(1)} %), ${count(p.inserted)} new, ${count(p.updated)} updated, ${count(p.bad)} bad`,
    );
  stop.addEventListener('abort', () => say(`${String(stop.reason)} received: storing the authors read so far, then stopping ...`));
  let summary: AuthorLoadSummary;
  try {
    summary = await container.get(RequestScope).run(() => container.get(LoadAuthors).execute(dump, { onProgress, signal: stop }));
  } finally {
    display.stop();
  }
  for (const line of summaryLines(summary, file)) say(line);
  return summary.finished ? 0 : 1;
}

function summaryLines(s: AuthorLoadSummary, file: string): string[] {
  const lines = [
    `${s.finished ? 'Done' : 'Stopped'} in ${(s.durationMs / 1000).toFixed(1)} s${s.resumedAfter > 0 ? `, resuming after line ${count(s.resumedAfter)}` : ''}: ` +
      `${count(s.line)} lines; ${count(s.inserted)} authors new, ${count(s.updated)} updated, ${count(s.unchanged)} unchanged; ` +
      `${count(s.other)} records of other types skipped; ${count(s.bad)} bad lines.`,
    ...s.badLines.map((bad) => `  line ${bad.line}: ${bad.reason}`),
  ];
  if (s.bad > s.badLines.length) lines.push(`  … and ${count(s.bad - s.badLines.length)} more`);
  if (!s.finished) lines.push(`Run ${commandFor('job', `load-authors ${file}`)} again to go on after line ${count(s.line)}.`);
  return lines;
}
