import { inject, injectable } from 'inversify';
import { BookNotFoundError } from '../../domain/catalog/errors.js';
import {
  type BookPriceHistory, historyWindowStart, PRICE_HISTORY_EDITIONS_MAX, PRICE_HISTORY_POINTS_MAX,
} from '../../domain/pricing/price-history.js';
import { Clock } from '../shared/clock.js';
import { PriceHistoryReader } from './ports/price-history.js';

/**
 * `GET /api/books/:bookId/price-history`: every edition of a book with its prices per store, daily and monthly, over
 * the last `days` days or all of them — what a book's charts need, in one request instead of one per edition.
 */
@injectable()
export class GetBookPriceHistory {
  constructor(
    @inject(PriceHistoryReader) private readonly reader: PriceHistoryReader,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(bookId: number, days: number | null): Promise<BookPriceHistory> {
    const since = historyWindowStart(this.clock.now(), days);
    const history = await this.reader.historyOfBook(bookId, since, { editions: PRICE_HISTORY_EDITIONS_MAX, points: PRICE_HISTORY_POINTS_MAX });
    if (!history) throw new BookNotFoundError(bookId);
    return history;
  }
}
