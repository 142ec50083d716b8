import type { ServiceIdentifier } from 'inversify';
import type { AlertKind } from '../../../domain/alerts/alert.js';

/** An alert just created for a user, with what delivery needs. */
export interface NewUserAlert {
  alertId: number;
  userId: number;
  email: string | null;
  wantsEmail: boolean;
  bookId: number;
  bookTitle: string;
  editionId: number;
  storeName: string;
  kind: AlertKind;
  amount: string;
  currency: string;
  /** The wish's max price when the alert is about it, else null. */
  threshold: string | null;
  url: string;
}

/**
 * Creates the user alerts that new quotes trigger (C6.5): for monitored wishes of the quote's book, editions in the
 * user's formats and readable languages, stores of the user's /api/user/stores; at or under max price, lowest ever,
 * back in stock. One alert per wish × edition × store × kind until the price changes.
 */
export interface AlertDetector {
  alertsForQuotes(quoteIds: readonly number[]): Promise<NewUserAlert[]>;
}
export const AlertDetector = Symbol.for('AlertDetector') as ServiceIdentifier<AlertDetector>;

/** Sends an alert e-mail; throws when the mail server refuses or cannot be reached. */
export interface AlertMailer {
  send(to: string, alert: NewUserAlert): Promise<void>;
}
export const AlertMailer = Symbol.for('AlertMailer') as ServiceIdentifier<AlertMailer>;
