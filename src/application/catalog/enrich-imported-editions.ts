import { inject, injectable } from 'inversify';
import { BOOK_TITLE_MAX } from '../../domain/catalog/book.js';
import { type GuessableEditionField, plausiblePublishedYear } from '../../domain/catalog/edition-draft.js';
import { cutText } from '../../domain/shared/text-length.js';
import { editionsEnriched, enrichmentUnavailable } from '../../domain/logging/enrichment-events.js';
import { LogSink } from '../logging/log-sink.js';
import { Clock } from '../shared/clock.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
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
 * wait, and gives each only what it lacks (publisher, year, cover) or was guessed (format, language, and the title
 * and authors of a book imported from a bare ISBN); what the export
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
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  /** `signal`: stop at once (the lookup in flight is abandoned, nothing of this batch is written); the call rejects. */
  async execute(limit = ENRICHMENT_BATCH, signal?: AbortSignal): Promise<EnrichmentRun> {
    const pending = await this.enrichment.pending(limit);
    if (pending.length === 0) return { kind: 'enriched', editions: 0, known: 0, more: false };

    const lookup = await this.metadata.lookup(pending.map((edition) => edition.isbn13), signal);
    signal?.throwIfAborted();
    if (lookup.kind === 'unavailable') {
      this.logs.record(enrichmentUnavailable({ edition_count: pending.length, error: lookup.message }, this.clock.now()));
      return { kind: 'unavailable', editions: pending.length, message: lookup.message, retryAfterSeconds: lookup.retryAfterSeconds };
    }
    const now = this.clock.now();
    const changes = pending.map((edition) => enrichmentOf(edition, lookup.books.get(edition.isbn13) ?? null, now));
    // The sources were asked outside the transaction: it lasts only as long as the writing.
    await this.uow.transaction(() => this.enrichment.apply(changes, now));
    const known = pending.filter((edition) => lookup.books.has(edition.isbn13)).length;
    this.logs.record(editionsEnriched({ edition_count: pending.length, known_count: known }, now));
    return { kind: 'enriched', editions: pending.length, known, more: pending.length === limit };
  }
}

function enrichmentOf(edition: EditionToEnrich, found: BookMetadata | null, now: Date): EditionEnrichment {
  const guessed = (field: GuessableEditionField) => edition.guessedFields.includes(field);
  const title = found?.title.trim() ?? '';
  return {
    editionId: edition.editionId,
    publisher: edition.publisher === null ? (found?.publisher?.trim() || null) : null,
    publishedYear: edition.publishedYear === null ? plausiblePublishedYear(found?.publishedYear ?? null, now) : null,
    coverUrl: edition.coverUrl === null ? (found?.coverUrl ?? null) : null,
    format: guessed('format') ? (found?.format ?? null) : null,
    languageCode: guessed('language') ? (found?.languageCode ?? null) : null,
    book:
      guessed('title') && title !== ''
        ? { title: cutText(title, BOOK_TITLE_MAX), authors: found?.authors ?? [], authorOpenLibraryIds: found?.authorOpenLibraryIds }
        : null,
  };
}
