import { inject, injectable } from 'inversify';
import { Book, type BookFields } from '../../domain/catalog/book.js';
import { Clock } from '../shared/clock.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { BookReferenceCheck } from './book-reference-check.js';
import { BookRepository } from './ports/book-repository.js';

@injectable()
export class CreateBook {
  constructor(
    @inject(BookRepository) private readonly books: BookRepository,
    @inject(BookReferenceCheck) private readonly referenceCheck: BookReferenceCheck,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(fields: BookFields): Promise<Book> {
    return this.uow.transaction(async () => {
      const book = Book.create(fields, this.clock.now());
      await this.referenceCheck.assertValid(fields);
      await this.books.save(book);
      return book;
    });
  }
}
