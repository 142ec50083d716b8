import { inject, injectable } from 'inversify';
import type { PageRequest, PageSlice } from '../../domain/shared/page.js';
import type { PricedWish } from '../../domain/wishes/wish-prices.js';
import { type WishFilter, WishRepository } from './ports/wish-repository.js';

@injectable()
export class ListWishes {
  constructor(@inject(WishRepository) private readonly wishes: WishRepository) {}

  execute(userId: number, filter: WishFilter, page: PageRequest): Promise<PageSlice<PricedWish>> {
    return this.wishes.page(userId, filter, page);
  }
}
