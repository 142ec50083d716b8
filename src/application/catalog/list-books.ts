import { inject, injectable } from 'inversify';
import type { Book } from '../../domain/catalog/book.js';
import type { PageRequest, PageSlice } from '../../domain/shared/page.js';
import { normalizeForSearch } from '../../domain/shared/search-text.js';
import { BookRepository } from './ports/book-repository.js';

@injectable()
export class ListBooks {
  constructor(@inject(BookRepository) private readonly books: BookRepository) {}

  execute(query: { q?: string }, page: PageRequest): Promise<PageSlice<Book>> {
    const search = query.q === undefined ? '' : normalizeForSearch(query.q);
    return this.books.page(search === '' ? {} : { search }, page);
  }
}
