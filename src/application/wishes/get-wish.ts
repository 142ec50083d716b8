import { inject, injectable } from 'inversify';
import type { WithBorrow } from '../../domain/catalog/borrow-availability.js';
import { WishNotFoundError } from '../../domain/wishes/errors.js';
import type { WithAlertSettings } from '../../domain/wishes/wish.js';
import type { PricedWish } from '../../domain/wishes/wish-prices.js';
import { BorrowAvailabilityRepository } from '../catalog/ports/borrow-availability-repository.js';
import { WishRepository } from './ports/wish-repository.js';

@injectable()
export class GetWish {
  constructor(
    @inject(WishRepository) private readonly wishes: WishRepository,
    @inject(BorrowAvailabilityRepository) private readonly borrows: Pick<BorrowAvailabilityRepository, 'ofBooks'>,
  ) {}

  /** The user's wish as the list shows it (prices, borrowing); another user's wish is simply not found. */
  async execute(userId: number, wishId: number): Promise<WithBorrow<WithAlertSettings<PricedWish>>> {
    const wish = await this.wishes.findById(userId, wishId);
    if (wish === null) throw new WishNotFoundError(wishId);
    const borrows = await this.borrows.ofBooks([wish.bookId]);
    return { ...wish, borrow: borrows.get(wish.bookId) ?? null };
  }
}
