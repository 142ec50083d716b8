import type { ServiceIdentifier } from 'inversify';
import type { Book } from '../../../domain/catalog/book.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';

export interface BookFilter {
  /** Already folded by normalizeForSearch; matches the title or an author's name/alias. */
  search?: string;
  /** Only these books (at most 100); ids that name no book are simply absent. */
  ids?: readonly number[];
}

export interface BookRepository {
  findById(id: number): Promise<Book | null>;
  /** The ids among `ids` that name no book. */
  findMissingIds(ids: readonly number[]): Promise<number[]>;
  /** Inserts or updates the book and its ordered author links. */
  save(book: Book): Promise<void>;
  /** Deletes the book with its editions; throws BookInUseError when user data references it. */
  delete(book: Book): Promise<void>;
  page(filter: BookFilter, request: PageRequest): Promise<PageSlice<Book>>;
}
export const BookRepository = Symbol.for('BookRepository') as ServiceIdentifier<BookRepository>;
