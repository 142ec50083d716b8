import type { ServiceIdentifier } from 'inversify';
import type { RaisedAlert } from '../../../domain/alerts/channel-messages.js';

/** An alert just created for a user, with what its messages need. */
export type NewUserAlert = RaisedAlert;

/**
 * Creates the user alerts that new quotes trigger: for monitored wishes of the quote's book, editions in the
 * user's formats and readable languages, stores of the user's /api/user/stores; the kinds of alert-rules.ts (the four of
 * C5, and those the reader's alert settings turn on). One alert per wish × edition × store × kind until the price
 * changes.
 */
export interface AlertDetector {
  alertsForQuotes(quoteIds: readonly number[]): Promise<NewUserAlert[]>;
}
export const AlertDetector = Symbol.for('AlertDetector') as ServiceIdentifier<AlertDetector>;
