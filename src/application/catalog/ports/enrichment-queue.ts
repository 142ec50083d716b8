import type { ServiceIdentifier } from 'inversify';

/**
 * Asks for the imported editions to be enriched in the background (EnrichImportedEditions, run by a worker). Cheap and
 * idempotent: a run already waiting covers every edition created until it starts. Never throws: an import does not
 * fail because its enrichment could not be queued (the next import's run covers it).
 */
export interface EnrichmentQueue {
  enqueue(): Promise<void>;
}
export const EnrichmentQueue = Symbol.for('EnrichmentQueue') as ServiceIdentifier<EnrichmentQueue>;
