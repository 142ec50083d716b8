import { inject, injectable } from 'inversify';
import type { PageRequest, PageSlice } from '../../domain/shared/page.js';
import type { Wish } from '../../domain/wishes/wish.js';
import { WishRepository } from './ports/wish-repository.js';

@injectable()
export class ListWishes {
  constructor(@inject(WishRepository) private readonly wishes: WishRepository) {}

  execute(userId: number, page: PageRequest): Promise<PageSlice<Wish>> {
    return this.wishes.page(userId, page);
  }
}
