import { inject, injectable } from 'inversify';
import { ValidationError } from '../../domain/shared/domain-error.js';
import { historyWindow, PRICE_HISTORY_DAYS_MAX, type WishPriceHistory } from '../../domain/wishes/price-history.js';
import { Clock } from '../shared/clock.js';
import { WishPriceHistoryReader } from './ports/wish-price-history-reader.js';

/** The daily lowest prices of several of the user's wishes over the last `days` days (today included), in one read. */
@injectable()
export class ListWishPriceHistories {
  constructor(
    @inject(WishPriceHistoryReader) private readonly reader: WishPriceHistoryReader,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(userId: number, wishIds: readonly number[], days: number): Promise<WishPriceHistory[]> {
    if (!Number.isInteger(days) || days < 1 || days > PRICE_HISTORY_DAYS_MAX) {
      throw new ValidationError('Invalid window', [{ field: 'days', message: `must be an integer from 1 to ${PRICE_HISTORY_DAYS_MAX}` }]);
    }
    const ids = [...new Set(wishIds)];
    if (ids.length === 0) return [];
    return this.reader.histories(userId, ids, historyWindow(this.clock.now(), days));
  }
}
