import { inject, injectable } from 'inversify';
import { UnknownReferenceError } from '../../domain/catalog/errors.js';
import type { NewWish, Wish } from '../../domain/wishes/wish.js';
import { BookRepository } from '../catalog/ports/book-repository.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { WishRepository } from './ports/wish-repository.js';

@injectable()
export class AddWish {
  constructor(
    @inject(WishRepository) private readonly wishes: WishRepository,
    @inject(BookRepository) private readonly books: BookRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  execute(userId: number, wish: NewWish): Promise<Wish> {
    return this.uow.transaction(async () => {
      const missing = await this.books.findMissingIds([wish.bookId]);
      if (missing.length > 0) throw new UnknownReferenceError('book_id', 'book', missing);
      return this.wishes.add(userId, wish);
    });
  }
}
