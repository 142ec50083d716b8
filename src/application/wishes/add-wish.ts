import { inject, injectable } from 'inversify';
import { checkAlertSettings } from '../../domain/alerts/alert-settings.js';
import { UnknownReferenceError } from '../../domain/catalog/errors.js';
import { WishNotFoundError } from '../../domain/wishes/errors.js';
import type { WithBorrow } from '../../domain/catalog/borrow-availability.js';
import type { NewWish, WithAlertSettings } from '../../domain/wishes/wish.js';
import type { PricedWish } from '../../domain/wishes/wish-prices.js';
import { BookRepository } from '../catalog/ports/book-repository.js';
import { BorrowAvailabilityRepository } from '../catalog/ports/borrow-availability-repository.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { WishRepository } from './ports/wish-repository.js';

@injectable()
export class AddWish {
  constructor(
    @inject(WishRepository) private readonly wishes: WishRepository,
    @inject(BookRepository) private readonly books: BookRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(BorrowAvailabilityRepository) private readonly borrows: Pick<BorrowAvailabilityRepository, 'ofBooks'>,
  ) {}

  /**
   * Answers the new wish as every wish is shown: with the prices its book already has in the user's scope, and its
   * availability for borrowing when the book was checked for someone else's wish.
   */
  execute(userId: number, wish: NewWish): Promise<WithBorrow<WithAlertSettings<PricedWish>>> {
    return this.uow.transaction(async () => {
      if (wish.alertSettings) checkAlertSettings(wish.alertSettings, 'wish');
      const missing = await this.books.findMissingIds([wish.bookId]);
      if (missing.length > 0) throw new UnknownReferenceError('book_id', 'book', missing);
      const added = await this.wishes.add(userId, wish);
      const priced = await this.wishes.findById(userId, added.id);
      // Read back in the same transaction, so it cannot be gone.
      if (priced === null) throw new WishNotFoundError(added.id);
      const borrows = await this.borrows.ofBooks([priced.bookId]);
      return { ...priced, borrow: borrows.get(priced.bookId) ?? null };
    });
  }
}
