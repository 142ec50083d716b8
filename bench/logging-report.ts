import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';

const BEGIN = '<!-- logging-benchmark:begin -->';
const END = '<!-- logging-benchmark:end -->';

/** Replaces the logging section of the benchmarks document (between its markers) and nothing else; appends it when missing. */
export async function writeLoggingSection(file: string, section: string): Promise<void> {
  const block = `${BEGIN}\n${section.trim()}\n${END}`;
  let next: string;
  if (!existsSync(file)) {
    next = `# Benchmarks\n\n${block}\n`;
  } else {
    const text = await readFile(file, 'utf8');
    const begin = text.indexOf(BEGIN);
    const end = text.indexOf(END);
    next = begin >= 0 && end > begin ? text.slice(0, begin) + block + text.slice(end + END.length) : `${text.trimEnd()}\n\n${block}\n`;
  }
  // Through a rename, read just before: another benchmark writing its own section loses at most a tiny race.
  const temporary = `${file}.logging-${process.pid}.tmp`;
  await writeFile(temporary, next);
  await rename(temporary, file);
}
