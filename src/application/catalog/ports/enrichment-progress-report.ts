import type { ServiceIdentifier } from 'inversify';

/** How far an enrichment run got: a line at most every 30 s, and one when it ends. */
export interface EnrichmentProgress {
  [field: string]: unknown;
  books_searched: number;
  editions_done: number;
  editions_waiting: number;
  editions_per_minute: number;
  finished: boolean;
}

/** Where the progress lines go (the operator's console). */
export interface EnrichmentProgressReport {
  report(progress: EnrichmentProgress): void;
}
export const EnrichmentProgressReport = Symbol.for('EnrichmentProgressReport') as ServiceIdentifier<EnrichmentProgressReport>;
