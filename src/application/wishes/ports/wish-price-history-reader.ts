import type { ServiceIdentifier } from 'inversify';
import type { HistoryWindow, WishPriceHistory } from '../../../domain/wishes/price-history.js';

/** Reads the daily lowest prices of several of a user's wishes at once (see domain/wishes/price-history.ts). */
export interface WishPriceHistoryReader {
  /**
   * One history per listed wish of the user, in wish id order; ids of other users' wishes or of no wish are simply
   * absent. A wish without quotes in the window has an empty `points`.
   */
  histories(userId: number, wishIds: readonly number[], window: HistoryWindow): Promise<WishPriceHistory[]>;
}
export const WishPriceHistoryReader = Symbol.for('WishPriceHistoryReader') as ServiceIdentifier<WishPriceHistoryReader>;
