import type { ServiceIdentifier } from 'inversify';
import type { BorrowAvailability } from '../../../domain/catalog/borrow-availability.js';

/** A wished book whose availability for borrowing is due for a check. */
export interface BookToCheck {
  bookId: number;
  /** Its editions' ISBN-13s, oldest edition first (at most BORROW_ISBNS_PER_BOOK); empty for a book without editions. */
  isbn13s: string[];
  /** The last check; null when never checked. */
  previous: BorrowAvailability | null;
}

/** At most this many editions of a book are asked about: a book's availability needs one, a few cover its formats. */
export const BORROW_ISBNS_PER_BOOK = 10;

/** The books' availability for borrowing, as the enrichment last checked it: one row per book. */
export interface BorrowAvailabilityRepository {
  /**
   * Up to `limit` books someone wishes that were never checked or were last checked before `checkedBefore`: the
   * never checked first, then the oldest check, then by book id.
   */
  due(checkedBefore: Date, limit: number): Promise<BookToCheck[]>;
  /** How many such books wait (the backlog a run's progress reports). */
  dueCount(checkedBefore: Date): Promise<number>;
  /** Stores each book's latest check in place of the one before. */
  record(checks: ReadonlyArray<{ bookId: number; borrow: BorrowAvailability }>): Promise<void>;
  /** The last check of each listed book that has one (books never checked, or unknown, are absent). */
  ofBooks(bookIds: readonly number[]): Promise<Map<number, BorrowAvailability>>;
}
export const BorrowAvailabilityRepository = Symbol.for('BorrowAvailabilityRepository') as ServiceIdentifier<BorrowAvailabilityRepository>;
