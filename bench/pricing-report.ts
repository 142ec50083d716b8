import { writeReportSection } from './report-section.js';
import { readFileSync } from 'node:fs';
import os from 'node:os';


/** Rewrites this benchmark's own section of the benchmarks document (report-section.ts). */
export function writePricingSection(file: string, section: string): Promise<void> {
  return writeReportSection(file, 'pricing', section);
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
