import type { ServiceIdentifier } from 'inversify';
import type { EditionFormat } from '../../../domain/catalog/edition.js';

/** A book an import created without an ISBN: what a metadata source is searched by. */
export interface BookToIdentify {
  bookId: number;
  title: string;
  /** "First Last", in the book's order. */
  authors: string[];
}

/** The edition a search found for a book, as a source described it. */
export interface FoundEdition {
  isbn13: string;
  format: EditionFormat | null;
  /** ISO 639-1; null when the source did not say (the ISBN's registration group or English is used then). */
  languageCode: string | null;
  publisher: string | null;
  publishedYear: number | null;
  coverUrl: string | null;
}

/** The books imports created without an ISBN that wait for a title search, and the recording of its outcome. */
export interface ImportedBookIdentification {
  /** Up to `limit` books still waiting, oldest first. */
  pending(limit: number): Promise<BookToIdentify[]>;
  /**
   * Attaches each found edition to its book — unless the book has an edition by now, or the ISBN is another book's —
   * and marks every listed book searched (found or not), so none is searched twice. Answers how many were attached.
   */
  settle(outcomes: ReadonlyArray<{ bookId: number; edition: FoundEdition | null }>): Promise<number>;
}
export const ImportedBookIdentification = Symbol.for('ImportedBookIdentification') as ServiceIdentifier<ImportedBookIdentification>;
