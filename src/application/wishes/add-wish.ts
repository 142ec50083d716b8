import { inject, injectable } from 'inversify';
import { UnknownReferenceError } from '../../domain/catalog/errors.js';
import { WishNotFoundError } from '../../domain/wishes/errors.js';
import type { NewWish } from '../../domain/wishes/wish.js';
import type { PricedWish } from '../../domain/wishes/wish-prices.js';
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

  /** Answers the new wish as every wish is shown: with the prices its book already has in the user's scope. */
  execute(userId: number, wish: NewWish): Promise<PricedWish> {
    return this.uow.transaction(async () => {
      const missing = await this.books.findMissingIds([wish.bookId]);
      if (missing.length > 0) throw new UnknownReferenceError('book_id', 'book', missing);
      const added = await this.wishes.add(userId, wish);
      const priced = await this.wishes.findById(userId, added.id);
      // Read back in the same transaction, so it cannot be gone.
      if (priced === null) throw new WishNotFoundError(added.id);
      return priced;
    });
  }
}
