import type { WishAlertSettings } from '../alerts/alert-settings.js';
import type { Money } from '../shared/money.js';

export interface Wish {
  id: number;
  bookId: number;
  isMonitored: boolean;
  /** Alert when a price is at or under this amount; null means any drop counts. */
  maxPrice: Money | null;
  createdAt: Date;
}

/** A wish with its own alert settings (null ones follow the account's defaults), as the wish resource shows it. */
export type WithAlertSettings<W extends Wish = Wish> = W & { alertSettings: WishAlertSettings };

export interface NewWish {
  bookId: number;
  isMonitored: boolean;
  maxPrice: Money | null;
  /** Left out: the account's defaults (FOLLOW_ACCOUNT). */
  alertSettings?: WishAlertSettings;
}

export interface WishChange {
  isMonitored?: boolean;
  /** null clears the maximum price; undefined leaves it. */
  maxPrice?: Money | null;
  /** null: back to the account's default; undefined leaves it. */
  dropPercent?: WishAlertSettings['dropPercent'];
  lowestDays?: WishAlertSettings['lowestDays'];
}
