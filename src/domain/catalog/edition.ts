import { draftEdition, type GuessableEditionField } from './edition-draft.js';
import type { EditionFormat } from './edition-format.js';

export { EDITION_FORMATS, type EditionFormat } from './edition-format.js';

export interface EditionFields {
  /** ISBN-10 or ISBN-13; null for a product identified by its GTIN alone. */
  isbn: string | null;
  /** EAN-13, UPC-A, GTIN-14 or GTIN-8 (`gtin.ts`); an edition has an ISBN, a GTIN or both. */
  gtin?: string | null;
  format: EditionFormat;
  languageId: number;
  editionTitle: string | null;
  publisher: string | null;
  publishedYear: number | null;
  /** A cover image's URL, where a metadata source gave one. */
  coverUrl?: string | null;
}

export class Edition {
  id!: number;
  bookId!: number;
  /** Always ISBN-13; null for a product that has only a GTIN. */
  isbn!: string | null;
  /** The GTIN's canonical form (`gtin.ts`: EAN-13 when its indicator digit is 0, else GTIN-14); null when none. */
  gtin!: string | null;
  format!: EditionFormat;
  languageId!: number;
  editionTitle!: string | null;
  publisher!: string | null;
  publishedYear!: number | null;
  coverUrl!: string | null;
  /** What its creation defaulted rather than was told (`edition-draft.ts`); the enrichment replaces these. */
  guessedFields!: GuessableEditionField[];
  /** Null while a metadata source has still to be asked about it. */
  enrichedAt!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;

  /** An edition a user types: the draft's rules for a user's word (a year out of range is refused). */
  static create(bookId: number, fields: EditionFields, now: Date): Edition {
    const draft = draftEdition(
      'user',
      {
        isbn: fields.isbn,
        gtin: fields.gtin ?? null,
        format: fields.format,
        language: fields.languageId,
        editionTitle: fields.editionTitle,
        publisher: fields.publisher,
        publishedYear: fields.publishedYear,
        coverUrl: fields.coverUrl,
      },
      now,
    );
    const edition = new Edition();
    edition.bookId = bookId;
    edition.isbn = draft.isbn13;
    edition.gtin = draft.gtin;
    edition.format = draft.format;
    edition.languageId = draft.language;
    edition.editionTitle = draft.editionTitle;
    edition.publisher = draft.publisher;
    edition.publishedYear = draft.publishedYear;
    edition.coverUrl = draft.coverUrl;
    edition.guessedFields = draft.guessedFields;
    edition.enrichedAt = draft.enrichedAt;
    edition.createdAt = now;
    edition.updatedAt = now;
    return edition;
  }
}
