import { writeReportSection } from './report-section.js';
// The user-space benchmark's own section of docs/benchmarks.md, between its markers; everything else in the file
// (the catalog benchmark's section in particular) is kept byte for byte.

export const USER_SPACE_BEGIN = '<!-- user-space-benchmark:begin -->';
export const USER_SPACE_END = '<!-- user-space-benchmark:end -->';

/** Rewrites this benchmark's own section of the benchmarks document (report-section.ts). */
export function writeUserSpaceSection(file: string, section: string): Promise<void> {
  return writeReportSection(file, 'user-space', section);
}

/** Kept for the benchmarks that still import them from here (bench/best-price*.ts). */
export { machineInfo, type MachineInfo } from './support/machine.js';
export { postgresInfo, type PostgresInfo } from './database.js';
