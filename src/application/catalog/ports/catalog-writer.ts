import type { ServiceIdentifier } from 'inversify';
import type { CatalogEditionDraft } from '../../../domain/catalog/edition-draft.js';

/**
 * A book to create: its title, authors ("First Last", primary first) and, with an ISBN or a GTIN, its edition, drafted
 * by the domain (`draftEdition`), so the writer stores what it is given and decides no default.
 */
export interface NewCatalogBook {
  /** The caller's key for the book (an import row's line), to find the book id in the answer. */
  key: number;
  title: string;
  authors: readonly string[];
  /** Open Library ids of `authors`, index for index, where the source gives them: matched before the names. */
  authorOpenLibraryIds?: readonly (string | null)[];
  edition: CatalogEditionDraft | null;
}

/**
 * Who names the authors it creates: a user's export (`is_user_created`; a book without an edition then waits for
 * a title search), or a metadata source (not user-created: the catalog's own data).
 */
export type AuthorOrigin = 'user' | 'metadata';

export interface CreatedCatalogBooks {
  /** Book key → the book it now points at: the created one, or the one its edition belonged to already. */
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
 * Creates books with their authors and editions, set-based (a fixed number of statements whatever the number of
 * books): an import's rows, a book added by ISBN. Authors are matched to existing ones (name or alias, case- and
 * accent-insensitively) before any is created. Runs inside the caller's transaction; each call is all or nothing
 * within it, and throws `CatalogRowsRefused` when the data is what the database refused.
 */
export interface CatalogWriter {
  /**
   * Serialises creations until the transaction ends: two of the same ISBN, GTIN or author at once create it once. Take it
   * before matching, so matching sees what a concurrent creation just made.
   */
  lockCreation(): Promise<void>;
  create(books: readonly NewCatalogBook[], authorOrigin?: AuthorOrigin): Promise<CreatedCatalogBooks>;
  /**
   * Gives each edition known by a GTIN alone the ISBN an import row names beside that GTIN, unless another edition
   * holds the ISBN already (the first pair wins for a GTIN or an ISBN named twice): the edition is then found by either
   * and waits for the metadata enrichment, and its book, while still titled by the barcode, is titled by the ISBN
   * until a source names it. Answers how many editions got an ISBN.
   */
  giveIsbns(pairs: readonly GtinWithIsbn[]): Promise<number>;
}

/** A GTIN and the ISBN-13 an import row gives beside it. */
export interface GtinWithIsbn {
  gtin: string;
  isbn13: string;
}
export const CatalogWriter = Symbol.for('CatalogWriter') as ServiceIdentifier<CatalogWriter>;
