import { inject, injectable } from 'inversify';
import type { PageRequest, PageSlice } from '../../domain/shared/page.js';
import { DEFAULT_WISH_ORDER, type WishOrder } from '../../domain/wishes/wish-order.js';
import type { PricedWish } from '../../domain/wishes/wish-prices.js';
import { type WishFilter, WishRepository } from './ports/wish-repository.js';

@injectable()
export class ListWishes {
  constructor(@inject(WishRepository) private readonly wishes: WishRepository) {}

  /**
   * A page of the user's wishes in `order` (oldest first by default; domain/wishes/wish-order.ts), filtered by
   * `filter`. The page's key is `pageKeyOf(order, wish)` of the neighbouring page's edge wish.
   */
  execute(userId: number, filter: WishFilter, page: PageRequest, order: WishOrder = DEFAULT_WISH_ORDER): Promise<PageSlice<PricedWish>> {
    return this.wishes.page(userId, filter, page, order);
  }
}
