import { describe, expect, it } from 'vitest';
import { GetBookPriceHistory } from '../../../../src/application/pricing/get-book-price-history.js';
import type { PriceHistoryLimits, PriceHistoryReader } from '../../../../src/application/pricing/ports/price-history.js';
import { BookNotFoundError } from '../../../../src/domain/catalog/errors.js';
import { type BookPriceHistory, PRICE_HISTORY_EDITIONS_MAX, PRICE_HISTORY_POINTS_MAX } from '../../../../src/domain/pricing/price-history.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';

/** Answers for book 1 only, and remembers what it was asked. */
class RecordingReader implements PriceHistoryReader {
  asked: Array<{ bookId: number; since: Date | null; limits: PriceHistoryLimits }> = [];
  async historyOfBook(bookId: number, since: Date | null, limits: PriceHistoryLimits): Promise<BookPriceHistory | null> {
    this.asked.push({ bookId, since, limits });
    return bookId === 1 ? { bookId, since, editions: [], truncated: false } : null;
  }
}

describe('GetBookPriceHistory', () => {
  it('asks for the window of the last `days` days, or the whole history, within the bounds', async () => {
    const clock = new FakeClock();
    const reader = new RecordingReader();
    const use = new GetBookPriceHistory(reader, clock);
    await use.execute(1, 30);
    await use.execute(1, null);
    expect(reader.asked).toEqual([
      { bookId: 1, since: new Date(clock.now().getTime() - 30 * 86_400_000), limits: { editions: PRICE_HISTORY_EDITIONS_MAX, points: PRICE_HISTORY_POINTS_MAX } },
      { bookId: 1, since: null, limits: { editions: PRICE_HISTORY_EDITIONS_MAX, points: PRICE_HISTORY_POINTS_MAX } },
    ]);
  });

  it('refuses an unknown book with not_found', async () => {
    await expect(new GetBookPriceHistory(new RecordingReader(), new FakeClock()).execute(2, null)).rejects.toBeInstanceOf(BookNotFoundError);
  });
});
