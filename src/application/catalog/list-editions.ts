import { inject, injectable } from 'inversify';
import type { Edition } from '../../domain/catalog/edition.js';
import { BookNotFoundError } from '../../domain/catalog/errors.js';
import type { PageRequest, PageSlice } from '../../domain/shared/page.js';
import { BookRepository } from './ports/book-repository.js';
import { EditionRepository } from './ports/edition-repository.js';

@injectable()
export class ListEditions {
  constructor(
    @inject(BookRepository) private readonly books: BookRepository,
    @inject(EditionRepository) private readonly editions: EditionRepository,
  ) {}

  async execute(bookId: number, page: PageRequest): Promise<PageSlice<Edition>> {
    // The parent must exist: an unknown book is 404, not an empty list.
    if (!(await this.books.findById(bookId))) throw new BookNotFoundError(bookId);
    return this.editions.pageOfBook(bookId, page);
  }
}
