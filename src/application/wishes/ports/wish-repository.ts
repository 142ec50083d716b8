import type { ServiceIdentifier } from 'inversify';
import type { EditionFormat } from '../../../domain/catalog/edition.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';
import type { NewWish, Wish, WishChange, WithAlertSettings } from '../../../domain/wishes/wish.js';
import type { WishOrder } from '../../../domain/wishes/wish-order.js';
import type { PricedWish } from '../../../domain/wishes/wish-prices.js';

/** Narrows the user's wishes; an absent field does not filter. */
export interface WishFilter {
  /** Only the wish of this book (a user wishes a book at most once). An unknown book simply matches nothing. */
  bookId?: number;
  /** Only the wishes whose best price is (true) or is not (false) at or under their max price. */
  belowMaxPrice?: boolean;
  /** Only the monitored (true) or unmonitored (false) wishes. */
  isMonitored?: boolean;
  /** Only the wishes whose best price is for an edition in this format (a wish without a best price has none). */
  format?: EditionFormat;
}

/**
 * The user's wishes; every method is scoped to the given user, so another user's id simply is not found. Wishes are
 * read with their prices (PricedWish), worked out in the user's scope when they are read, and their own alert settings.
 */
export interface WishRepository {
  /**
   * In `order` (domain/wishes/wish-order.ts; default oldest first). The request's key is `pageKeyOf(order, wish)` of
   * the neighbouring page's edge wish: the wish id by date added, the book id in the other orders.
   */
  page(userId: number, filter: WishFilter, request: PageRequest, order?: WishOrder): Promise<PageSlice<WithAlertSettings<PricedWish>>>;
  findById(userId: number, wishId: number): Promise<WithAlertSettings<PricedWish> | null>;
  /** Throws BookAlreadyWishedError when the user already wishes this book. */
  add(userId: number, wish: NewWish): Promise<Wish>;
  /** Adds in one statement, skipping books already wished (their alert settings follow the account); returns the book ids that were added. */
  addMany(userId: number, wishes: readonly NewWish[]): Promise<Set<number>>;
  /** False when the user has no such wish. */
  update(userId: number, wishId: number, change: WishChange): Promise<boolean>;
  remove(userId: number, wishId: number): Promise<boolean>;
}
export const WishRepository = Symbol.for('WishRepository') as ServiceIdentifier<WishRepository>;
