import { inject, injectable } from 'inversify';
import type { Book, BookFields } from '../../domain/catalog/book.js';
import { BookNotFoundError } from '../../domain/catalog/errors.js';
import { Clock } from '../shared/clock.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { BookReferenceCheck } from './book-reference-check.js';
import { BookRepository } from './ports/book-repository.js';

@injectable()
export class UpdateBook {
  constructor(
    @inject(BookRepository) private readonly books: BookRepository,
    @inject(BookReferenceCheck) private readonly referenceCheck: BookReferenceCheck,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(id: number, fields: BookFields): Promise<Book> {
    return this.uow.transaction(async () => {
      const book = await this.books.findById(id);
      if (!book) throw new BookNotFoundError(id);
      book.replace(fields, this.clock.now());
      await this.referenceCheck.assertValid(fields);
      await this.books.save(book);
      return book;
    });
  }
}
