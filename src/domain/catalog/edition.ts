import { draftEdition, type GuessableEditionField } from './edition-draft.js';
import type { EditionFormat } from './edition-format.js';

export { EDITION_FORMATS, type EditionFormat } from './edition-format.js';

export interface EditionFields {
  isbn: string;
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
  /** Always ISBN-13. */
  isbn!: string;
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
