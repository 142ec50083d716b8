import { inject, injectable } from 'inversify';
import type { WithBorrow } from '../../domain/catalog/borrow-availability.js';
import type { PageRequest, PageSlice } from '../../domain/shared/page.js';
import { DEFAULT_WISH_ORDER, type WishOrder } from '../../domain/wishes/wish-order.js';
import type { WithAlertSettings } from '../../domain/wishes/wish.js';
import type { PricedWish } from '../../domain/wishes/wish-prices.js';
import { BorrowAvailabilityRepository } from '../catalog/ports/borrow-availability-repository.js';
import { withBorrow } from '../catalog/with-borrow.js';
import { type WishFilter, WishRepository } from './ports/wish-repository.js';

@injectable()
export class ListWishes {
  constructor(
    @inject(WishRepository) private readonly wishes: WishRepository,
    @inject(BorrowAvailabilityRepository) private readonly borrows: Pick<BorrowAvailabilityRepository, 'ofBooks'>,
  ) {}

  /**
   * A page of the user's wishes in `order` (oldest first by default; domain/wishes/wish-order.ts), filtered by
   * `filter`, each with its book's availability for borrowing. The page's key is `pageKeyOf(order, wish)` of the
   * neighbouring page's edge wish.
   */
  async execute(userId: number, filter: WishFilter, page: PageRequest, order: WishOrder = DEFAULT_WISH_ORDER): Promise<PageSlice<WithBorrow<WithAlertSettings<PricedWish>>>> {
    const slice = await this.wishes.page(userId, filter, page, order);
    return { ...slice, items: await withBorrow(this.borrows, slice.items) };
  }
}
