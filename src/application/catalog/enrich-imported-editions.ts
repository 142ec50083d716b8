import { inject, injectable } from 'inversify';
import { plausiblePublishedYear } from '../../domain/catalog/edition.js';
import { editionsEnriched, enrichmentUnavailable } from '../../domain/logging/enrichment-events.js';
import { LogSink } from '../logging/log-sink.js';
import { Clock } from '../shared/clock.js';
import { BookMetadataSource, type BookMetadata } from './ports/book-metadata-source.js';
import { type EditionEnrichment, type EditionToEnrich, ImportedEditionEnrichment } from './ports/imported-edition-enrichment.js';

/** Editions per run: one lookup (Open Library takes 50 ISBNs a request). */
export const ENRICHMENT_BATCH = 50;

export type EnrichmentRun =
  /** `more`: the batch was full, so more editions may wait. */
  | { kind: 'enriched'; editions: number; known: number; more: boolean }
  | { kind: 'unavailable'; editions: number; message: string; retryAfterSeconds?: number };

/**
 * Fills in what imports guessed or left out: asks the metadata sources, in one lookup, about the oldest editions that
 * wait, and gives each only what it lacks (publisher, year, cover) or was guessed (format, language); what the export
 * or a user gave stays. An ISBN no source knows is marked enriched too, so it is not asked about forever; when no
 * source can be reached nothing is marked, and a later run tries again. Runs in the background, never on a request.
 */
@injectable()
export class EnrichImportedEditions {
  constructor(
    @inject(ImportedEditionEnrichment) private readonly enrichment: ImportedEditionEnrichment,
    @inject(BookMetadataSource) private readonly metadata: BookMetadataSource,
    @inject(LogSink) private readonly logs: LogSink,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(limit = ENRICHMENT_BATCH): Promise<EnrichmentRun> {
    const pending = await this.enrichment.pending(limit);
    if (pending.length === 0) return { kind: 'enriched', editions: 0, known: 0, more: false };

    const lookup = await this.metadata.lookup(pending.map((edition) => edition.isbn13));
    if (lookup.kind === 'unavailable') {
      this.logs.record(enrichmentUnavailable({ edition_count: pending.length, error: lookup.message }, this.clock.now()));
      return { kind: 'unavailable', editions: pending.length, message: lookup.message, retryAfterSeconds: lookup.retryAfterSeconds };
    }
    const now = this.clock.now();
    const changes = pending.map((edition) => enrichmentOf(edition, lookup.books.get(edition.isbn13) ?? null, now));
    await this.enrichment.apply(changes, now);
    const known = pending.filter((edition) => lookup.books.has(edition.isbn13)).length;
    this.logs.record(editionsEnriched({ edition_count: pending.length, known_count: known }, now));
    return { kind: 'enriched', editions: pending.length, known, more: pending.length === limit };
  }
}

function enrichmentOf(edition: EditionToEnrich, found: BookMetadata | null, now: Date): EditionEnrichment {
  const guessed = (field: 'format' | 'language') => edition.guessedFields.includes(field);
  return {
    editionId: edition.editionId,
    publisher: edition.publisher === null ? (found?.publisher?.trim() || null) : null,
    publishedYear: edition.publishedYear === null ? plausiblePublishedYear(found?.publishedYear ?? null, now) : null,
    coverUrl: edition.coverUrl === null ? (found?.coverUrl ?? null) : null,
    format: guessed('format') ? (found?.format ?? null) : null,
    languageCode: guessed('language') ? (found?.languageCode ?? null) : null,
  };
}
