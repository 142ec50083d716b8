import type { ServiceIdentifier } from 'inversify';
import type { BookList, NewBookList, PublicBookList } from '../../../domain/lists/book-list.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';

/** The user's shareable lists; owner methods are scoped to the given user. */
export interface BookListRepository {
  page(userId: number, request: PageRequest): Promise<PageSlice<BookList>>;
  findById(userId: number, listId: number): Promise<BookList | null>;
  add(userId: number, list: NewBookList): Promise<BookList>;
  remove(userId: number, listId: number): Promise<boolean>;
  /** The public view by share token; null when no list has it. */
  findPublic(token: string): Promise<PublicBookList | null>;
}
export const BookListRepository = Symbol.for('BookListRepository') as ServiceIdentifier<BookListRepository>;
