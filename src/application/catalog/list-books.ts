import { inject, injectable } from 'inversify';
import type { PageRequest, PageSlice } from '../../domain/shared/page.js';
import { normalizeForSearch } from '../../domain/shared/search-text.js';
import { BookPages, type BookSummary } from './ports/book-pages.js';
import { BookRepository } from './ports/book-repository.js';

@injectable()
export class ListBooks {
  constructor(
    @inject(BookRepository) private readonly books: BookRepository,
    @inject(BookPages) private readonly pages: BookPages,
  ) {}

  /** `ids`: only those books (unknown ids are simply absent), still in id order and still narrowed by `q`. */
  execute(query: { q?: string; ids?: readonly number[] }, page: PageRequest): Promise<PageSlice<BookSummary>> {
    const search = query.q === undefined ? '' : normalizeForSearch(query.q);
    if (search === '' && !query.ids) return this.pages.list(page);
    return this.books.page({ ...(search === '' ? {} : { search }), ...(query.ids ? { ids: [...new Set(query.ids)] } : {}) }, page);
  }
}
