import { inject, injectable } from 'inversify';
import { AUTHOR_QUERY_MIN, type Author } from '../../domain/catalog/author.js';
import { ValidationError } from '../../domain/shared/domain-error.js';
import type { PageRequest, PageSlice } from '../../domain/shared/page.js';
import { normalizeForSearch } from '../../domain/shared/search-text.js';
import { AuthorRepository } from './ports/author-repository.js';

@injectable()
export class ListAuthors {
  constructor(@inject(AuthorRepository) private readonly authors: AuthorRepository) {}

  /** `ids`: only those authors (unknown ids are simply absent), still in id order and still narrowed by `q`. */
  async execute(query: { q?: string; ids?: readonly number[] }, page: PageRequest): Promise<PageSlice<Author>> {
    const listed = query.ids ? { ids: [...new Set(query.ids)] } : {};
    if (query.q === undefined) return this.authors.page(listed, page);
    const search = normalizeForSearch(query.q);
    if ([...search].length < AUTHOR_QUERY_MIN) {
      throw new ValidationError(`The author search needs at least ${AUTHOR_QUERY_MIN} characters`, [
        { field: 'q', message: `must be at least ${AUTHOR_QUERY_MIN} characters` },
      ]);
    }
    return this.authors.page({ search, ...listed }, page);
  }
}
