import { inject, injectable } from 'inversify';
import type { Book } from '../../domain/catalog/book.js';
import { BookNotFoundError } from '../../domain/catalog/errors.js';
import { BookRepository } from './ports/book-repository.js';

@injectable()
export class GetBook {
  constructor(@inject(BookRepository) private readonly books: BookRepository) {}

  async execute(id: number): Promise<Book> {
    const book = await this.books.findById(id);
    if (!book) throw new BookNotFoundError(id);
    return book;
  }
}
