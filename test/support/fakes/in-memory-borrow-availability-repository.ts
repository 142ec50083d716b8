// BorrowAvailabilityRepository in memory, held to SqlBorrowAvailabilityRepository by
// test/contracts/ports/borrow-availability.contract.ts. The catalogue it needs (books, their editions' ISBNs, who
// wishes what) is arranged by the test.
import {
  BORROW_ISBNS_PER_BOOK,
  type BookToCheck,
  type BorrowAvailabilityRepository,
} from '../../../src/application/catalog/ports/borrow-availability-repository.js';
import type { BorrowAvailability } from '../../../src/domain/catalog/borrow-availability.js';

export class InMemoryBorrowAvailabilityRepository implements BorrowAvailabilityRepository {
  /** The last check of each book. */
  readonly checks = new Map<number, BorrowAvailability>();
  /** Each book's editions' ISBNs, oldest edition first. */
  private readonly books = new Map<number, string[]>();
  /** Wishes per book. */
  private readonly wishes = new Map<number, number>();

  /** Arranges a book with its editions' ISBNs (oldest first). */
  addBook(bookId: number, isbn13s: readonly string[] = []): void {
    this.books.set(bookId, [...isbn13s]);
  }

  /** Someone wishes the book. */
  addWish(bookId: number): void {
    this.wishes.set(bookId, (this.wishes.get(bookId) ?? 0) + 1);
  }

  /** The book goes, with its wishes and its check. */
  deleteBook(bookId: number): void {
    this.books.delete(bookId);
    this.wishes.delete(bookId);
    this.checks.delete(bookId);
  }

  async due(checkedBefore: Date, limit: number): Promise<BookToCheck[]> {
    return this.dueBooks(checkedBefore)
      .slice(0, limit)
      .map((bookId) => ({ bookId, isbn13s: (this.books.get(bookId) ?? []).slice(0, BORROW_ISBNS_PER_BOOK), previous: this.copy(this.checks.get(bookId)) }));
  }

  async dueCount(checkedBefore: Date): Promise<number> {
    return this.dueBooks(checkedBefore).length;
  }

  async record(checks: ReadonlyArray<{ bookId: number; borrow: BorrowAvailability }>): Promise<void> {
    for (const { bookId, borrow } of checks) {
      if (!this.books.has(bookId)) continue;
      this.checks.set(bookId, { available: borrow.available, url: borrow.available ? borrow.url : null, checkedAt: new Date(borrow.checkedAt) });
    }
  }

  async ofBooks(bookIds: readonly number[]): Promise<Map<number, BorrowAvailability>> {
    const found = new Map<number, BorrowAvailability>();
    for (const bookId of bookIds) {
      const check = this.copy(this.checks.get(bookId));
      if (check) found.set(bookId, check);
    }
    return found;
  }

  private dueBooks(checkedBefore: Date): number[] {
    const wished = [...this.wishes.keys()].filter((bookId) => this.books.has(bookId));
    const due = wished.filter((bookId) => {
      const check = this.checks.get(bookId);
      return check === undefined || check.checkedAt < checkedBefore;
    });
    // Never checked first, then the oldest check, then by book id.
    const at = (bookId: number) => this.checks.get(bookId)?.checkedAt.getTime() ?? Number.NEGATIVE_INFINITY;
    return due.sort((a, b) => at(a) - at(b) || a - b);
  }

  private copy(check: BorrowAvailability | undefined): BorrowAvailability | null {
    return check ? { ...check, checkedAt: new Date(check.checkedAt) } : null;
  }
}
