import { inject, injectable } from 'inversify';
import type { BookList } from '../../domain/lists/book-list.js';
import type { PageRequest, PageSlice } from '../../domain/shared/page.js';
import { BookListRepository } from './ports/book-list-repository.js';

@injectable()
export class ListLists {
  constructor(@inject(BookListRepository) private readonly lists: BookListRepository) {}

  execute(userId: number, page: PageRequest): Promise<PageSlice<BookList>> {
    return this.lists.page(userId, page);
  }
}
