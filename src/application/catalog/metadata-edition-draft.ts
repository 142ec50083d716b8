import { draftEdition, type EditionDraft } from '../../domain/catalog/edition-draft.js';
import type { BookMetadata } from './ports/book-metadata-source.js';

/** The edition a metadata source describes, drafted as a lookup by its ISBN or a search by title found it. */
export function draftOfMetadata(origin: 'lookup' | 'search', found: BookMetadata, now: Date): EditionDraft {
  return draftEdition(
    origin,
    {
      isbn: found.isbn13,
      format: found.format,
      language: found.languageCode,
      publisher: found.publisher,
      publishedYear: found.publishedYear,
      coverUrl: found.coverUrl,
    },
    now,
  );
}
