import type { ServiceIdentifier } from 'inversify';
import type { Edition } from '../../../domain/catalog/edition.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';

export interface EditionRepository {
  findById(id: number): Promise<Edition | null>;
  findByIsbn(isbn13: string): Promise<Edition | null>;
  /** Throws DuplicateIsbnError when the ISBN is taken. */
  add(edition: Edition): Promise<void>;
  pageOfBook(bookId: number, request: PageRequest): Promise<PageSlice<Edition>>;
}
export const EditionRepository = Symbol.for('EditionRepository') as ServiceIdentifier<EditionRepository>;
