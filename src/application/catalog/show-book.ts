import { inject, injectable } from 'inversify';
import type { Book } from '../../domain/catalog/book.js';
import type { BorrowAvailability } from '../../domain/catalog/borrow-availability.js';
import { GetBook } from './get-book.js';
import { BorrowAvailabilityRepository } from './ports/borrow-availability-repository.js';

/** A book as its own page shows it: the book, and whether it can be borrowed as an e-book (null: never checked). */
export interface ShownBook {
  book: Book;
  borrow: BorrowAvailability | null;
}

@injectable()
export class ShowBook {
  constructor(
    @inject(GetBook) private readonly books: Pick<GetBook, 'execute'>,
    @inject(BorrowAvailabilityRepository) private readonly borrows: Pick<BorrowAvailabilityRepository, 'ofBooks'>,
  ) {}

  /** Throws BookNotFoundError for an unknown id. */
  async execute(id: number): Promise<ShownBook> {
    const book = await this.books.execute(id);
    const borrows = await this.borrows.ofBooks([id]);
    return { book, borrow: borrows.get(id) ?? null };
  }
}
