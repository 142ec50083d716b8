import { inject, injectable } from 'inversify';
import type { BecameBorrowable } from '../../domain/alerts/borrowable-alert.js';
import { becameBorrowable, borrowAvailabilityOf, type LendingOffer } from '../../domain/catalog/borrow-availability.js';
import { RaiseBorrowableAlerts } from '../alerts/raise-borrowable-alerts.js';
import { borrowChecked, borrowCheckUnavailable } from '../../domain/logging/borrow-events.js';
import { LogSink } from '../logging/log-sink.js';
import { Clock } from '../shared/clock.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { BorrowAvailabilityRepository } from './ports/borrow-availability-repository.js';
import { BorrowCheckPolicy } from './ports/borrow-check-policy.js';
import { type LendingCheck, LendingAvailabilitySource } from './ports/lending-availability-source.js';

/** Books per batch: a few requests to the lender (it takes several ISBNs a request), one short transaction. */
export const BORROW_BATCH = 20;

export type BorrowRun =
  /**
   * `becameBorrowable`: the books this batch found available that were checked before and were not (the borrowable
   * alert's trigger); `more`: the batch was full, so more books may be due.
   */
  | { kind: 'checked'; books: number; available: number; becameBorrowable: number[]; more: boolean }
  | { kind: 'unavailable'; books: number; message: string; retryAfterSeconds?: number };

const NOTHING: BorrowRun = { kind: 'checked', books: 0, available: 0, becameBorrowable: [], more: false };

/**
 * Checks whether the wished books can be borrowed as e-books: asks the lending programme, in one check, about the
 * editions of the books due (never checked, or checked longer ago than LENDING_REFRESH), and stores each book's
 * availability (available when one of its editions is). A book that became borrowable raises its `borrowable` alerts
 * (RaiseBorrowableAlerts) in the transaction that stores the check. When the lender cannot be reached nothing is
 * stored, and the books stay due for a later run. Part of the metadata enrichment run: in the background, never on a
 * request.
 */
@injectable()
export class RefreshBorrowAvailability {
  constructor(
    @inject(BorrowAvailabilityRepository) private readonly borrows: BorrowAvailabilityRepository,
    @inject(LendingAvailabilitySource) private readonly lender: LendingAvailabilitySource,
    @inject(BorrowCheckPolicy) private readonly policy: BorrowCheckPolicy,
    @inject(LogSink) private readonly logs: LogSink,
    @inject(Clock) private readonly clock: Clock,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(RaiseBorrowableAlerts) private readonly alerts: RaiseBorrowableAlerts,
  ) {}

  /** How many books are due (none with LENDING=off). */
  async dueCount(): Promise<number> {
    return this.policy.enabled ? this.borrows.dueCount(this.cutoff()) : 0;
  }

  /** `signal`: stop at once (the check in flight is abandoned, nothing of this batch is written); the call rejects. */
  async execute(limit = BORROW_BATCH, signal?: AbortSignal): Promise<BorrowRun> {
    if (!this.policy.enabled) return NOTHING;
    const due = await this.borrows.due(this.cutoff(), limit);
    if (due.length === 0) return NOTHING;

    const isbns = [...new Set(due.flatMap((book) => book.isbn13s))];
    // A book without editions has nothing to ask about: it is checked (not available) without a request.
    const answer: LendingCheck = isbns.length > 0 ? await this.lender.check(isbns, signal) : { kind: 'checked', offers: new Map() };
    signal?.throwIfAborted();
    if (answer.kind === 'unavailable') {
      this.logs.record(borrowCheckUnavailable({ book_count: due.length, error: answer.message }, this.clock.now()));
      return { kind: 'unavailable', books: due.length, message: answer.message, retryAfterSeconds: answer.retryAfterSeconds };
    }
    const checkedAt = this.clock.now();
    const checks = due.map((book) => ({ book, borrow: borrowAvailabilityOf(book.isbn13s.map((isbn) => answer.offers.get(isbn)), checkedAt) }));
    const became: BecameBorrowable[] = checks.flatMap(({ book, borrow }) =>
      becameBorrowable(book.previous, borrow) && borrow.url !== null
        ? [{ bookId: book.bookId, url: borrow.url, isbn13: lentIsbn(book.isbn13s, borrow.url, answer.offers) }]
        : [],
    );
    // The lender was asked outside the transaction: it lasts only as long as the writing and the alerts `became`
    // raises, so a change is stored if and only if its alerts are.
    await this.uow.transaction(async () => {
      await this.borrows.record(checks.map(({ book, borrow }) => ({ bookId: book.bookId, borrow })));
      await this.alerts.execute(became);
    });
    const available = checks.filter(({ borrow }) => borrow.available).length;
    this.logs.record(borrowChecked({ book_count: due.length, available_count: available, became_available_count: became.length }, checkedAt));
    return { kind: 'checked', books: due.length, available, becameBorrowable: became.map((b) => b.bookId), more: due.length === limit };
  }

  private cutoff(): Date {
    return new Date(this.clock.now().getTime() - this.policy.refreshAfterSeconds * 1000);
  }
}

/** The ISBN of the book's edition whose offer the stored page is (the first available, as borrowAvailabilityOf chose). */
function lentIsbn(isbn13s: readonly string[], url: string, offers: ReadonlyMap<string, LendingOffer>): string | null {
  return isbn13s.find((isbn) => {
    const offer = offers.get(isbn);
    return offer?.available === true && offer.url === url;
  }) ?? null;
}
