import type { ServiceIdentifier } from 'inversify';
import type { EditionFormat, GuessableEditionField } from '../../../domain/catalog/edition.js';

/** A book an import row creates: its title, authors ("First Last", primary first) and, with an ISBN, its edition. */
export interface NewImportedBook {
  /** The caller's key for the row (its line), to find the book id in the answer. */
  key: number;
  title: string;
  authors: readonly string[];
  edition: {
    isbn13: string;
    format: EditionFormat;
    languageCode: string;
    publisher: string | null;
    publishedYear: number | null;
    coverUrl?: string | null;
    /** Which of format and language are defaults rather than the export's; a metadata source may replace them later. */
    guessedFields?: readonly GuessableEditionField[];
  } | null;
}

/**
 * Who names the authors it creates: a user's export (`is_user_created`), or a metadata source (not user-created:
 * the catalog's own data).
 */
export type AuthorOrigin = 'user' | 'metadata';

export interface CreatedImportedBooks {
  /** Row key → the book the row now points at: the created one, or the one its edition belonged to already. */
  bookIds: Map<number, number>;
  createdBooks: number;
  createdAuthors: number;
  createdEditions: number;
}

/**
 * The database refused the data of a `create` call (a value out of range, a constraint), as opposed to being out of
 * reach: nothing of the call was kept, and the caller's transaction can go on.
 */
export class CatalogRowsRefused extends Error {
  constructor(readonly reason: string) {
    super(`the catalog refused the rows: ${reason}`);
    this.name = 'CatalogRowsRefused';
  }
}

/**
 * Creates the books, authors and editions that import rows need, set-based (a fixed number of statements whatever
 * the number of rows). Authors are matched to existing ones (name or alias, case- and accent-insensitively) before
 * any is created. Runs inside the caller's transaction; each call is all or nothing within it, and throws
 * `CatalogRowsRefused` when the data is what the database refused.
 */
export interface ImportCatalogWriter {
  /**
   * Serialises imports that create, until the transaction ends: two imports of the same ISBN or author at once
   * create it once. Take it before matching, so matching sees what a concurrent import just created.
   */
  lockCreation(): Promise<void>;
  create(books: readonly NewImportedBook[], authorOrigin?: AuthorOrigin): Promise<CreatedImportedBooks>;
}
export const ImportCatalogWriter = Symbol.for('ImportCatalogWriter') as ServiceIdentifier<ImportCatalogWriter>;
