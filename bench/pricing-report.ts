import { existsSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';

const BEGIN = '<!-- pricing-benchmark:begin -->';
const BEGIN_PATTERN = /<!-- pricing-benchmark:begin[^>]*-->/;
const END = '<!-- pricing-benchmark:end -->';

/**
 * Replaces the pricing section of the benchmarks document (between its markers) and nothing else; appends it when
 * missing; creates the file when missing. Written through a temporary file and a rename, read just before, so a
 * catalog benchmark writing its own section meanwhile loses at most a race of a few milliseconds.
 */
export async function writePricingSection(file: string, section: string): Promise<void> {
  const block = `${BEGIN}\n${section.trim()}\n${END}`;
  let next: string;
  if (!existsSync(file)) {
    next = `# Benchmarks\n\n${block}\n`;
  } else {
    const text = await readFile(file, 'utf8');
    const begin = BEGIN_PATTERN.exec(text);
    const end = text.indexOf(END);
    next =
      begin && end > begin.index
        ? text.slice(0, begin.index) + block + text.slice(end + END.length)
        : `${text.trimEnd()}\n\n${block}\n`;
  }
  const temporary = `${file}.pricing-${process.pid}.tmp`;
  await writeFile(temporary, next);
  await rename(temporary, file);
}

export interface MachineInfo {
  cpu: string;
  cores: number;
  memory: string;
  os: string;
  node: string;
}

export function machineInfo(): MachineInfo {
  let distribution = '';
  try {
    distribution = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? '';
  } catch {
    // Not Linux, or no os-release.
  }
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    cores: os.availableParallelism(),
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM`,
    os: `${distribution ? `${distribution}, ` : ''}${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
  };
}

export const mib = (bytes: number): string => (Number.isFinite(bytes) ? `${(bytes / 1024 ** 2).toFixed(1)} MiB` : 'n/a');
export const sec = (ms: number): string => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s` : 'n/a');
export const cores = (value: number | undefined): string => (value !== undefined && Number.isFinite(value) ? value.toFixed(2) : 'n/a');
