import { inject, injectable } from 'inversify';
import { UnknownReferenceError } from '../../domain/catalog/errors.js';
import { type BookList, newBookList } from '../../domain/lists/book-list.js';
import { BookRepository } from '../catalog/ports/book-repository.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { BookListRepository } from './ports/book-list-repository.js';
import { ShareTokenGenerator } from './ports/share-token-generator.js';

@injectable()
export class CreateList {
  constructor(
    @inject(BookListRepository) private readonly lists: BookListRepository,
    @inject(BookRepository) private readonly books: BookRepository,
    @inject(ShareTokenGenerator) private readonly tokens: ShareTokenGenerator,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  execute(userId: number, name: string, bookIds: number[]): Promise<BookList> {
    return this.uow.transaction(async () => {
      const list = newBookList(name, bookIds, this.tokens.next());
      const missing = await this.books.findMissingIds(list.bookIds);
      if (missing.length > 0) throw new UnknownReferenceError('book_ids', 'book', missing);
      return this.lists.add(userId, list);
    });
  }
}
