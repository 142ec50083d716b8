import { inject, injectable } from 'inversify';
import { checkAlertSettings } from '../../domain/alerts/alert-settings.js';
import { WishNotFoundError } from '../../domain/wishes/errors.js';
import type { WishChange } from '../../domain/wishes/wish.js';
import { WishRepository } from './ports/wish-repository.js';

@injectable()
export class UpdateWish {
  constructor(@inject(WishRepository) private readonly wishes: WishRepository) {}

  async execute(userId: number, wishId: number, change: WishChange): Promise<void> {
    checkAlertSettings({ dropPercent: change.dropPercent, lowestDays: change.lowestDays }, 'wish');
    if (!(await this.wishes.update(userId, wishId, change))) throw new WishNotFoundError(wishId);
  }
}
