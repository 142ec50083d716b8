import { writeReportSection } from './report-section.js';


/** Rewrites this benchmark's own section of the benchmarks document (report-section.ts). */
export function writeLoggingSection(file: string, section: string): Promise<void> {
  return writeReportSection(file, 'logging', section);
}
