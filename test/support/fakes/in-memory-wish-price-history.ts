import type { WishPriceHistoryReader } from '../../../src/application/wishes/ports/wish-price-history-reader.js';
import type { HistoryWindow, WishPriceHistory } from '../../../src/domain/wishes/price-history.js';

/**
 * Price histories in memory, each kept with its owner; `histories` answers the listed ones of the user in wish id
 * order, their points cut to the window (a point dated before its first day is left out). `calls` keeps each read.
 */
export class InMemoryWishPriceHistory implements WishPriceHistoryReader {
  readonly calls: Array<{ userId: number; wishIds: number[]; window: HistoryWindow }> = [];
  private readonly rows: Array<WishPriceHistory & { userId: number }> = [];

  add(userId: number, ...histories: WishPriceHistory[]): this {
    this.rows.push(...histories.map((h) => ({ ...h, userId })));
    return this;
  }

  async histories(userId: number, wishIds: readonly number[], window: HistoryWindow): Promise<WishPriceHistory[]> {
    this.calls.push({ userId, wishIds: [...wishIds], window });
    return this.rows
      .filter((h) => h.userId === userId && wishIds.includes(h.wishId))
      .sort((a, b) => a.wishId - b.wishId)
      .map(({ userId: _owner, ...h }) => ({ ...h, points: h.points.filter((p) => p.date >= window.firstDay) }));
  }
}
