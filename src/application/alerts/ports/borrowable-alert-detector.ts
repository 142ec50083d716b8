import type { ServiceIdentifier } from 'inversify';
import type { BecameBorrowable } from '../../../domain/alerts/borrowable-alert.js';
import type { NewUserAlert } from './alert-detector.js';

/**
 * Creates the `borrowable` alerts of books the lending check just found borrowable: one per wish the news is for
 * (wishesToldBorrowable, domain/alerts/borrowable-alert.ts: every monitored wish of the book), inside the caller's
 * transaction. Each alert carries the lender's page (`url`) and the lent edition when it is one of the book's (by
 * `isbn13`), no store and no price; it is returned with what its messages need. A book unknown by then raises nothing.
 */
export interface BorrowableAlertDetector {
  alertsForBooks(books: readonly BecameBorrowable[]): Promise<NewUserAlert[]>;
}
export const BorrowableAlertDetector = Symbol.for('BorrowableAlertDetector') as ServiceIdentifier<BorrowableAlertDetector>;
