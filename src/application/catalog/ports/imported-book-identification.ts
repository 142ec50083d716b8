import type { ServiceIdentifier } from 'inversify';
import type { EditionDraft } from '../../../domain/catalog/edition-draft.js';

/** A book an import created without an ISBN: what a metadata source is searched by. */
export interface BookToIdentify {
  bookId: number;
  title: string;
  /** "First Last", in the book's order. */
  authors: string[];
}

/** The edition a search found for a book, drafted by the domain from what the source said (`draftEdition`). */
export type FoundEdition = EditionDraft;

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
