import type { ServiceIdentifier } from 'inversify';
import type { BookPriceHistory } from '../../../domain/pricing/price-history.js';

export interface PriceHistoryLimits {
  editions: number;
  points: number;
}

/** A book's editions with the price series of each (edition, store, currency), read in one statement. */
export interface PriceHistoryReader {
  /** Null when no book has that id. Points since `since` (all without it), at most `limits` of each. */
  historyOfBook(bookId: number, since: Date | null, limits: PriceHistoryLimits): Promise<BookPriceHistory | null>;
}
export const PriceHistoryReader = Symbol.for('PriceHistoryReader') as ServiceIdentifier<PriceHistoryReader>;
