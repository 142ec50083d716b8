// What RaiseBorrowableAlerts relies on from a BorrowableAlertDetector: one `borrowable` alert per monitored wish of
// each book given (whoever's), with the lender's page and the lent edition when it is one of the book's, no store and
// no price; returned with the book's title for the messages, and listed among the user's alerts. Raising for the same
// book again (it became borrowable again) is news again. Which wishes hear it, case by case, is the rule table
// test/contracts/rules/borrowable-alerts.ts.
import { describe, expect, it } from 'vitest';
import type { AlertRepository } from '../../../src/application/alerts/ports/alert-repository.js';
import type { BorrowableAlertDetector } from '../../../src/application/alerts/ports/borrowable-alert-detector.js';
import { readAll } from './keyset-pages.js';

export interface BorrowableAlertWorld {
  detector: BorrowableAlertDetector;
  /** The user's alerts as the alert list reads them. */
  alerts: AlertRepository;
  aUser(): Promise<number>;
  /** A book with `editions` editions (fresh ISBN-13s); its id, title and editions. */
  aBook(editions?: number): Promise<{ bookId: number; title: string; editions: Array<{ editionId: number; isbn13: string }> }>;
  /** The user wishes the book; monitored unless told. The wish's id. */
  aWish(userId: number, bookId: number, options?: { monitored?: boolean }): Promise<number>;
}

const PAGE = 'https://openlibrary.example/books/OL1M/borrow';

export function describeBorrowableAlertDetectorContract(name: string, makeSubject: () => Promise<BorrowableAlertWorld>): void {
  describe(`BorrowableAlertDetector contract: ${name}`, () => {
    it('raises one alert per monitored wish of the book, any user, with the page and the lent edition, no store or price', async () => {
      const w = await makeSubject();
      const [ann, bob] = [await w.aUser(), await w.aUser()];
      const book = await w.aBook(2);
      const [annWish, bobWish] = [await w.aWish(ann, book.bookId), await w.aWish(bob, book.bookId)];
      const lent = book.editions[1]!;

      const raised = await w.detector.alertsForBooks([{ bookId: book.bookId, url: PAGE, isbn13: lent.isbn13 }]);

      const expected = (userId: number, wishId: number) => ({
        alertId: expect.any(Number), userId, wishId, quoteId: null, bookId: book.bookId, bookTitle: book.title,
        editionId: lent.editionId, storeId: null, storeName: null, kind: 'borrowable', amount: null, currency: null,
        previousAmount: null, threshold: null, url: PAGE, createdAt: expect.any(Date),
      });
      expect([...raised].sort((a, b) => a.userId - b.userId)).toEqual([expected(ann, annWish), expected(bob, bobWish)].sort((a, b) => a.userId - b.userId));
      expect(new Set(raised.map((a) => a.alertId)).size).toBe(2);
      const annAlert = raised.find((a) => a.userId === ann)!;
      expect(await readAll((r) => w.alerts.page(ann, {}, r))).toEqual([
        {
          id: annAlert.alertId, wishId: annWish, bookId: book.bookId, editionId: lent.editionId, storeId: null, kind: 'borrowable',
          price: null, previousPrice: null, url: PAGE, isRead: false, createdAt: expect.any(Date),
        },
      ]);
    });

    it('raises nothing for a wish that is not monitored, a book nobody wishes, or no books', async () => {
      const w = await makeSubject();
      const user = await w.aUser();
      const [unmonitored, unwished] = [await w.aBook(), await w.aBook()];
      await w.aWish(user, unmonitored.bookId, { monitored: false });
      expect(await w.detector.alertsForBooks([])).toEqual([]);
      expect(await w.detector.alertsForBooks([
        { bookId: unmonitored.bookId, url: PAGE, isbn13: unmonitored.editions[0]!.isbn13 },
        { bookId: unwished.bookId, url: PAGE, isbn13: null },
      ])).toEqual([]);
      expect(await readAll((r) => w.alerts.page(user, {}, r))).toEqual([]);
    });

    it("names no edition when the lent ISBN is not one of the book's editions, or unknown", async () => {
      const w = await makeSubject();
      const user = await w.aUser();
      const [book, other] = [await w.aBook(), await w.aBook()];
      await w.aWish(user, book.bookId);
      const byOther = await w.detector.alertsForBooks([{ bookId: book.bookId, url: PAGE, isbn13: other.editions[0]!.isbn13 }]);
      const unknown = await w.detector.alertsForBooks([{ bookId: book.bookId, url: PAGE, isbn13: null }]);
      expect([...byOther, ...unknown].map((a) => a.editionId)).toEqual([null, null]);
    });

    it('raises again when the book becomes borrowable again: each time is news', async () => {
      const w = await makeSubject();
      const user = await w.aUser();
      const book = await w.aBook();
      await w.aWish(user, book.bookId);
      const first = await w.detector.alertsForBooks([{ bookId: book.bookId, url: PAGE, isbn13: null }]);
      const again = await w.detector.alertsForBooks([{ bookId: book.bookId, url: `${PAGE}?again`, isbn13: null }]);
      expect(first).toHaveLength(1);
      expect(again).toHaveLength(1);
      expect(again[0]!.alertId).toBeGreaterThan(first[0]!.alertId);
      expect((await readAll((r) => w.alerts.page(user, {}, r))).map((a) => a.url)).toEqual([`${PAGE}?again`, PAGE]);
    });
  });
}
