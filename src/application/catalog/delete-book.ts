import { inject, injectable } from 'inversify';
import { BookNotFoundError } from '../../domain/catalog/errors.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { BookRepository } from './ports/book-repository.js';

@injectable()
export class DeleteBook {
  constructor(
    @inject(BookRepository) private readonly books: BookRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  execute(id: number): Promise<void> {
    return this.uow.transaction(async () => {
      const book = await this.books.findById(id);
      if (!book) throw new BookNotFoundError(id);
      await this.books.delete(book);
    });
  }
}
