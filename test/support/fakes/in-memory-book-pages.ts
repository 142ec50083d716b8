import { type BookPages, type BookSummary, bookSummaryOf } from '../../../src/application/catalog/ports/book-pages.js';
import type { PageRequest, PageSlice } from '../../../src/domain/shared/page.js';
import type { InMemoryBookRepository } from './in-memory-book-repository.js';
import { keysetPage } from './keyset-page.js';

/** The whole catalog's listing over the books of an InMemoryBookRepository, as the SQL reads the same tables. `requests` keeps every page asked for. */
export class InMemoryBookPages implements BookPages {
  readonly requests: PageRequest[] = [];

  constructor(private readonly books: InMemoryBookRepository) {}

  async list(request: PageRequest): Promise<PageSlice<BookSummary>> {
    this.requests.push(request);
    const page = keysetPage(this.books.all, (b) => b.id, 'asc', request);
    return {
      ...page,
      items: page.items.map(bookSummaryOf),
    };
  }
}
