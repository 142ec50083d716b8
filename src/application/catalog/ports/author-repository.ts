import type { ServiceIdentifier } from 'inversify';
import type { Author } from '../../../domain/catalog/author.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';

export interface AuthorFilter {
  /** Already folded by normalizeForSearch; matches the name or an alias. */
  search?: string;
  /** Only these authors (at most 100); ids that name no author are simply absent. */
  ids?: readonly number[];
}

export interface AuthorRepository {
  findById(id: number): Promise<Author | null>;
  /** The ids among `ids` that name no author. */
  findMissingIds(ids: readonly number[]): Promise<number[]>;
  save(author: Author): Promise<void>;
  /** Throws AuthorInUseError when a book references the author. */
  delete(author: Author): Promise<void>;
  page(filter: AuthorFilter, request: PageRequest): Promise<PageSlice<Author>>;
}
export const AuthorRepository = Symbol.for('AuthorRepository') as ServiceIdentifier<AuthorRepository>;
