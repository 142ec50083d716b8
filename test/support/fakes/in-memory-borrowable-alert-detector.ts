import type { NewUserAlert } from '../../../src/application/alerts/ports/alert-detector.js';
import type { BorrowableAlertDetector } from '../../../src/application/alerts/ports/borrowable-alert-detector.js';
import { type BecameBorrowable, type WishOfBook, wishesToldBorrowable } from '../../../src/domain/alerts/borrowable-alert.js';
import type { InMemoryAlertRepository } from './in-memory-alert-repository.js';

interface KnownBook {
  title: string;
  editions: Array<{ editionId: number; isbn13: string }>;
}

/**
 * Decides as the domain says (wishesToldBorrowable) over the books and wishes the test gives it, and keeps each alert
 * it raises in `alerts` (when given), as the SQL adapter stores it for the alert list. Held to
 * test/contracts/ports/borrowable-alerts.contract.ts with SqlBorrowableAlertDetector.
 */
export class InMemoryBorrowableAlertDetector implements BorrowableAlertDetector {
  /** Every call's books, in order. */
  readonly asked: BecameBorrowable[][] = [];
  readonly raised: NewUserAlert[] = [];
  private readonly books = new Map<number, KnownBook>();
  private readonly wishes: WishOfBook[] = [];
  private nextAlertId = 1;

  constructor(
    private readonly alerts?: InMemoryAlertRepository,
    private readonly now: () => Date = () => new Date('2026-11-29T05:20:00Z'),
  ) {}

  addBook(bookId: number, title: string, editions: Array<{ editionId: number; isbn13: string }> = []): this {
    this.books.set(bookId, { title, editions });
    return this;
  }

  addWish(wish: WishOfBook): this {
    this.wishes.push(wish);
    return this;
  }

  async alertsForBooks(books: readonly BecameBorrowable[]): Promise<NewUserAlert[]> {
    this.asked.push([...books]);
    const created: NewUserAlert[] = [];
    for (const became of books) {
      const book = this.books.get(became.bookId);
      if (!book) continue;
      const edition = book.editions.find((e) => e.isbn13 === became.isbn13) ?? null;
      for (const wish of wishesToldBorrowable(became.bookId, this.wishes)) {
        created.push({
          alertId: this.nextAlertId++,
          userId: wish.userId,
          wishId: wish.wishId,
          quoteId: null,
          bookId: became.bookId,
          bookTitle: book.title,
          editionId: edition?.editionId ?? null,
          storeId: null,
          storeName: null,
          kind: 'borrowable',
          amount: null,
          currency: null,
          previousAmount: null,
          threshold: null,
          url: became.url,
          createdAt: this.now(),
        });
      }
    }
    for (const alert of created) {
      this.alerts?.add(alert.userId, {
        id: alert.alertId,
        wishId: alert.wishId,
        bookId: alert.bookId,
        editionId: alert.editionId,
        storeId: null,
        kind: 'borrowable',
        price: null,
        previousPrice: null,
        url: alert.url,
        isRead: false,
        createdAt: alert.createdAt,
      });
    }
    this.raised.push(...created);
    return created;
  }
}
