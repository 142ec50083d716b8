import { NotFoundError } from '../shared/domain-error.js';
import type { Money } from '../shared/money.js';

export const ALERT_KINDS = ['below_max_price', 'price_drop', 'new_lowest', 'back_in_stock'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** A user alert: a price event on an edition of a wished book at a store the user can buy from. */
export interface Alert {
  id: number;
  wishId: number;
  bookId: number;
  editionId: number;
  storeId: number;
  kind: AlertKind;
  price: Money;
  previousPrice: Money | null;
  /**
   * The store's page of the edition, where the user can buy it: the URL of the latest quote of that edition at that
   * store (in the alert's currency); null when there is none any more.
   */
  url: string | null;
  isRead: boolean;
  createdAt: Date;
}

export class AlertNotFoundError extends NotFoundError {
  constructor(id: number) {
    super('Alert', id);
  }
}
