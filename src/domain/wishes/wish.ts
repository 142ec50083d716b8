import type { Money } from '../shared/money.js';

export interface Wish {
  id: number;
  bookId: number;
  isMonitored: boolean;
  /** Alert when a price is at or under this amount; null means any drop counts. */
  maxPrice: Money | null;
  createdAt: Date;
}

export interface NewWish {
  bookId: number;
  isMonitored: boolean;
  maxPrice: Money | null;
}

export interface WishChange {
  isMonitored?: boolean;
  /** null clears the maximum price; undefined leaves it. */
  maxPrice?: Money | null;
}
