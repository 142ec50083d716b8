import type { CatalogEditionDraft } from '../../../domain/catalog/edition-draft.js';

// Editions the domain drafted, inserted set-based from one jsonb parameter (`editionDraftRecord` per edition). Both
// writers that create editions (a catalog creation, a title search's find) use these, so neither decides a value:
// a language the table lacks leaves language_id null, which the column refuses, instead of storing another one.

export const EDITION_DRAFT_COLUMNS =
  'book_id, isbn, gtin, format, language_id, edition_title, publisher, published_year, cover_url, guessed_fields, enriched_at';

export const EDITION_DRAFT_VALUES = `r.book_id, r.isbn, r.gtin, r.format, (select l.language_id from language l where l.language_code = r.language),
       r.edition_title, r.publisher, r.year, r.cover_url, array(select jsonb_array_elements_text(r.guessed)), r.enriched_at`;

export const EDITION_DRAFT_RECORDS = `jsonb_to_recordset(?::jsonb)
  as r(book_id bigint, isbn text, gtin text, format text, language text, edition_title text, publisher text, year int, cover_url text,
       guessed jsonb, enriched_at timestamptz)`;

export function editionDraftRecord(bookId: number, edition: CatalogEditionDraft): Record<string, unknown> {
  return {
    book_id: bookId,
    isbn: edition.isbn13,
    // An export row's product without an ISBN (a comic's UPC); a source's edition has none.
    gtin: edition.gtin ?? null,
    format: edition.format,
    language: edition.language,
    edition_title: edition.editionTitle,
    publisher: edition.publisher,
    year: edition.publishedYear,
    cover_url: edition.coverUrl,
    guessed: edition.guessedFields,
    enriched_at: edition.enrichedAt?.toISOString() ?? null,
  };
}
