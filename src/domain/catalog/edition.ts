import { ValidationError } from '../shared/domain-error.js';
import { Isbn } from './isbn.js';

export const EDITION_FORMATS = ['hardcover', 'paperback', 'ebook', 'audiobook'] as const;
export type EditionFormat = (typeof EDITION_FORMATS)[number];

/**
 * What an import may have to guess about an edition when its export does not say (a default, not the export's word).
 * `title`: the row had only the ISBN, so its book is titled by the ISBN (`untitledBookTitle`) and has no authors yet.
 */
export type GuessableEditionField = 'format' | 'language' | 'title';

/** The title of a book an import creates from a bare ISBN, until a metadata source names it. */
export function untitledBookTitle(isbn13: string): string {
  return `ISBN ${isbn13}`;
}

export const EARLIEST_PUBLISHED_YEAR = 1450;

/** A publication year an edition may carry (from 1450 to two years ahead), else null: for years read from elsewhere. */
export function plausiblePublishedYear(year: number | null, now: Date): number | null {
  return year !== null && Number.isInteger(year) && year >= EARLIEST_PUBLISHED_YEAR && year <= now.getUTCFullYear() + 2 ? year : null;
}

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
  createdAt!: Date;
  updatedAt!: Date;

  static create(bookId: number, fields: EditionFields, now: Date): Edition {
    const latestYear = now.getUTCFullYear() + 2;
    if (
      fields.publishedYear !== null &&
      (fields.publishedYear < EARLIEST_PUBLISHED_YEAR || fields.publishedYear > latestYear)
    ) {
      throw new ValidationError('Invalid edition', [
        { field: 'published_year', message: `must be from ${EARLIEST_PUBLISHED_YEAR} to ${latestYear}` },
      ]);
    }
    const edition = new Edition();
    edition.bookId = bookId;
    edition.isbn = Isbn.parse(fields.isbn).isbn13;
    edition.format = fields.format;
    edition.languageId = fields.languageId;
    edition.editionTitle = fields.editionTitle?.trim() || null;
    edition.publisher = fields.publisher?.trim() || null;
    edition.publishedYear = fields.publishedYear;
    edition.coverUrl = fields.coverUrl ?? null;
    edition.createdAt = now;
    edition.updatedAt = now;
    return edition;
  }
}
