import { NotFoundError } from '../shared/domain-error.js';
import type { Money } from '../shared/money.js';

/** The four kinds of the specification (CONTRACT C5): raised for every monitored wish, no setting needed. */
export const SPECIFIED_ALERT_KINDS = ['below_max_price', 'price_drop', 'new_lowest', 'back_in_stock'] as const;

/**
 * The kinds a new quote raises (alert-rules.ts), in the order the rules return them: the specified four, then the
 * kinds a reader turns on in their alert settings (alert-settings.ts; issue 27) — a drop by a percentage, the lowest
 * in N days, a default target.
 */
export const PRICE_ALERT_KINDS = [...SPECIFIED_ALERT_KINDS, 'percent_drop', 'lowest_in_days', 'below_target'] as const;
export type PriceAlertKind = (typeof PRICE_ALERT_KINDS)[number];

/**
 * Every alert kind, in one order: the price kinds, then `borrowable` (a wished book became borrowable as an e-book,
 * borrowable-alert.ts; raised by the lending check, not by a quote). A later kind is one more entry at the end (and in
 * ALERT_SIGNIFICANCE, channel.ts).
 */
export const ALERT_KINDS = [...PRICE_ALERT_KINDS, 'borrowable'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * A user alert: a price event on an edition of a wished book at a store the user can buy from, or (`borrowable`) the
 * news that the wished book can now be borrowed — no store and no price then.
 */
export interface Alert {
  id: number;
  wishId: number;
  bookId: number;
  /** The edition quoted; for `borrowable`, the edition the lender lends when it is one of the book's, else null. */
  editionId: number | null;
  /** Null for `borrowable`. */
  storeId: number | null;
  kind: AlertKind;
  /** Null for `borrowable`. */
  price: Money | null;
  previousPrice: Money | null;
  /**
   * Where the reader acts: for a price kind, the store's page of the edition, the URL of the latest quote of that
   * edition at that store (in the alert's currency), null when there is none any more; for `borrowable`, the lender's
   * page to borrow the book, as the check that raised it found it.
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
