import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';

const BEGIN = '<!-- catalog-benchmark:begin (written by `npm run bench`; edits inside are replaced) -->';
const END = '<!-- catalog-benchmark:end -->';
const BEGIN_PATTERN = /<!-- catalog-benchmark:begin[^>]*-->/;

/**
 * Replaces the catalog section of the benchmarks document (between its markers, or a `## Catalog ...` section
 * of an older hand-written file), keeping everything else; creates the file when missing.
 */
export async function writeCatalogSection(file: string, section: string): Promise<void> {
  const block = `${BEGIN}\n${section.trim()}\n${END}`;
  if (!existsSync(file)) {
    await writeFile(file, `# Benchmarks\n\n${block}\n`);
    return;
  }
  const text = await readFile(file, 'utf8');
  const begin = BEGIN_PATTERN.exec(text);
  const end = text.indexOf(END);
  if (begin && end > begin.index) {
    await writeFile(file, text.slice(0, begin.index) + block + text.slice(end + END.length));
    return;
  }
  const heading = /^## Catalog.*$/m.exec(text);
  if (heading) {
    const rest = text.slice(heading.index + heading[0].length);
    const next = /^## /m.exec(rest);
    const after = next ? rest.slice(next.index) : '';
    await writeFile(file, `${text.slice(0, heading.index)}${block}\n\n${after}`.replace(/\n{3,}$/, '\n'));
    return;
  }
  await writeFile(file, `${text.trimEnd()}\n\n${block}\n`);
}

/** Kept for the benchmarks that still import it from here (bench/logging.ts). */
export { table } from './support/markdown-table.js';
