import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';

/**
 * Replaces one benchmark's section of the benchmarks document, between `<!-- <name>-benchmark:begin ... -->` and
 * `<!-- <name>-benchmark:end -->`, keeping everything else byte for byte; appends the section when it is missing and
 * creates the file when it is. The file is read as late as possible and written through a temporary file and a
 * rename, so another benchmark rewriting its own section meanwhile loses at most a race of a few milliseconds.
 */
export async function writeReportSection(file: string, name: string, section: string): Promise<void> {
  const beginMarker = `<!-- ${name}-benchmark:begin -->`;
  const beginPattern = new RegExp(`<!-- ${name}-benchmark:begin[^>]*-->`);
  const end = `<!-- ${name}-benchmark:end -->`;
  const block = `${beginMarker}\n${section.trim()}\n${end}`;
  const text = existsSync(file) ? await readFile(file, 'utf8') : '# Benchmarks\n';
  const begin = beginPattern.exec(text);
  const endAt = text.indexOf(end);
  const next =
    begin && endAt > begin.index ? text.slice(0, begin.index) + block + text.slice(endAt + end.length) : `${text.trimEnd()}\n\n${block}\n`;
  const temporary = `${file}.${name}-${process.pid}.tmp`;
  await writeFile(temporary, next);
  await rename(temporary, file);
}
