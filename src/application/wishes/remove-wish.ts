import { inject, injectable } from 'inversify';
import { WishNotFoundError } from '../../domain/wishes/errors.js';
import { WishRepository } from './ports/wish-repository.js';

@injectable()
export class RemoveWish {
  constructor(@inject(WishRepository) private readonly wishes: WishRepository) {}

  async execute(userId: number, wishId: number): Promise<void> {
    if (!(await this.wishes.remove(userId, wishId))) throw new WishNotFoundError(wishId);
  }
}
