import type { LogEvent } from './log-event.js';

/** A background run filled in imported editions: how many were asked about, how many a source knew. */
export const editionsEnriched = (detail: { edition_count: number; known_count: number }, time: Date): LogEvent => ({
  level: 'info', source: 'enrichment', event: 'editions_enriched', detail, time,
});

/** No metadata source could answer: the editions (or books searched by title) stay pending for a later run. */
export const enrichmentUnavailable = (
  detail: { edition_count: number; error: string } | { book_count: number; error: string },
  time: Date,
): LogEvent => ({
  level: 'warn', source: 'enrichment', event: 'enrichment_unavailable', detail, time,
});

/** A background run searched the sources by title for imported books without an ISBN: how many, how many found one. */
export const booksIdentified = (detail: { book_count: number; identified_count: number }, time: Date): LogEvent => ({
  level: 'info', source: 'enrichment', event: 'books_identified', detail, time,
});
