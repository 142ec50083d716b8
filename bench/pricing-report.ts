import { writeReportSection } from './report-section.js';


/** Rewrites this benchmark's own section of the benchmarks document (report-section.ts). */
export function writePricingSection(file: string, section: string): Promise<void> {
  return writeReportSection(file, 'pricing', section);
}

/** Kept for the benchmarks that still import it from here (bench/logging.ts). */
export { machineInfo } from './support/machine.js';

export const mib = (bytes: number): string => (Number.isFinite(bytes) ? `${(bytes / 1024 ** 2).toFixed(1)} MiB` : 'n/a');
export const sec = (ms: number): string => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s` : 'n/a');
export const cores = (value: number | undefined): string => (value !== undefined && Number.isFinite(value) ? value.toFixed(2) : 'n/a');
