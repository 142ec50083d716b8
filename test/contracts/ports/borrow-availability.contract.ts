// What RefreshBorrowAvailability and the wish and book pages rely on from a BorrowAvailabilityRepository: the books
// someone wishes are due until checked and again once their check is old (never checked first, then the oldest check,
// each book once, with its editions' ISBNs oldest first), a check replaces the one before, a page reads the last checks
// of its books at once, and a book deleted meanwhile is skipped. Played on the in-memory fake (unit) and on
// SqlBorrowAvailabilityRepository (integration).
import { describe, expect, it } from 'vitest';
import { BORROW_ISBNS_PER_BOOK, type BorrowAvailabilityRepository } from '../../../src/application/catalog/ports/borrow-availability-repository.js';
import type { BorrowAvailability } from '../../../src/domain/catalog/borrow-availability.js';

export interface BorrowAvailabilityWorld {
  borrows: BorrowAvailabilityRepository;
  /** A book with `editions` editions (fresh ISBNs); its id and its ISBNs, oldest edition first. */
  aBook(editions?: number): Promise<{ bookId: number; isbns: string[] }>;
  /** A new user wishes the book. */
  aWish(bookId: number): Promise<void>;
  /** The book is deleted (its wishes first). */
  deleteBook(bookId: number): Promise<void>;
}

const at = (iso: string) => new Date(iso);
const available = (url: string, checkedAt: string): BorrowAvailability => ({ available: true, url, checkedAt: at(checkedAt) });
const unavailable = (checkedAt: string): BorrowAvailability => ({ available: false, url: null, checkedAt: at(checkedAt) });
const NOW = at('2026-11-29T12:00:00Z');

export function describeBorrowAvailabilityContract(name: string, makeSubject: () => Promise<BorrowAvailabilityWorld>): void {
  describe(`BorrowAvailabilityRepository contract: ${name}`, () => {
    it('has every wished book due until it is checked, each once, with its ISBNs oldest edition first; an unwished book never', async () => {
      const w = await makeSubject();
      const [a, b, unwished] = [await w.aBook(2), await w.aBook(0), await w.aBook(1)];
      await w.aWish(b.bookId);
      await w.aWish(a.bookId);
      await w.aWish(a.bookId);
      expect(await w.borrows.due(NOW, 10)).toEqual(
        [a, b].sort((x, y) => x.bookId - y.bookId).map(({ bookId, isbns }) => ({ bookId, isbn13s: isbns, previous: null })),
      );
      expect(await w.borrows.dueCount(NOW)).toBe(2);
      expect((await w.borrows.due(NOW, 1)).map((book) => book.bookId)).toEqual([Math.min(a.bookId, b.bookId)]);
      expect((await w.borrows.due(NOW, 10)).map((book) => book.bookId)).not.toContain(unwished.bookId);
    });

    it('keeps the last check of a book in place of the one before, and reads a page of books at once', async () => {
      const w = await makeSubject();
      const [a, b, never] = [await w.aBook(1), await w.aBook(1), await w.aBook(1)];
      await w.borrows.record([
        { bookId: a.bookId, borrow: unavailable('2026-11-27T08:00:00Z') },
        { bookId: b.bookId, borrow: available('https://openlibrary.org/books/OL1M/borrow', '2026-11-27T08:00:00Z') },
      ]);
      await w.borrows.record([{ bookId: a.bookId, borrow: available('https://archive.org/details/a', '2026-11-28T09:30:00.123Z') }]);
      const found = await w.borrows.ofBooks([a.bookId, b.bookId, never.bookId, 987_654_321]);
      // Books never checked, and ids that are no book, are simply absent.
      expect(found).toEqual(
        new Map([
          [a.bookId, available('https://archive.org/details/a', '2026-11-28T09:30:00.123Z')],
          [b.bookId, available('https://openlibrary.org/books/OL1M/borrow', '2026-11-27T08:00:00Z')],
        ]),
      );
      await w.borrows.record([{ bookId: b.bookId, borrow: unavailable('2026-11-28T10:00:00Z') }]);
      expect((await w.borrows.ofBooks([b.bookId])).get(b.bookId)).toEqual(unavailable('2026-11-28T10:00:00Z'));
      expect(await w.borrows.ofBooks([])).toEqual(new Map());
    });

    it('has a checked book due again once its check is older than the cutoff: never checked first, then the oldest check', async () => {
      const w = await makeSubject();
      const [fresh, old, older, never] = [await w.aBook(1), await w.aBook(1), await w.aBook(1), await w.aBook(1)];
      for (const book of [fresh, old, older, never]) await w.aWish(book.bookId);
      await w.borrows.record([
        { bookId: fresh.bookId, borrow: unavailable('2026-11-29T11:00:00Z') },
        { bookId: old.bookId, borrow: available('https://openlibrary.org/books/OL2M/borrow', '2026-11-28T06:00:00Z') },
        { bookId: older.bookId, borrow: unavailable('2026-11-27T06:00:00Z') },
      ]);
      const cutoff = at('2026-11-28T12:00:00Z');
      const due = await w.borrows.due(cutoff, 10);
      expect(due.map((book) => book.bookId)).toEqual([never.bookId, older.bookId, old.bookId]);
      expect(due.map((book) => book.previous)).toEqual([null, unavailable('2026-11-27T06:00:00Z'), available('https://openlibrary.org/books/OL2M/borrow', '2026-11-28T06:00:00Z')]);
      expect(await w.borrows.dueCount(cutoff)).toBe(3);
      expect(await w.borrows.dueCount(at('2026-11-27T00:00:00Z'))).toBe(1);
    });

    it(`asks about at most ${BORROW_ISBNS_PER_BOOK} editions of a book, the oldest`, async () => {
      const w = await makeSubject();
      const many = await w.aBook(BORROW_ISBNS_PER_BOOK + 2);
      await w.aWish(many.bookId);
      expect((await w.borrows.due(NOW, 10))[0]?.isbn13s).toEqual(many.isbns.slice(0, BORROW_ISBNS_PER_BOOK));
    });

    it('skips the check of a book deleted since it was found due, and forgets a deleted book', async () => {
      const w = await makeSubject();
      const [kept, gone] = [await w.aBook(1), await w.aBook(1)];
      await w.aWish(kept.bookId);
      await w.aWish(gone.bookId);
      await w.borrows.record([{ bookId: gone.bookId, borrow: unavailable('2026-11-27T06:00:00Z') }]);
      await w.deleteBook(gone.bookId);
      await w.borrows.record([
        { bookId: gone.bookId, borrow: unavailable('2026-11-28T06:00:00Z') },
        { bookId: kept.bookId, borrow: unavailable('2026-11-28T06:00:00Z') },
      ]);
      expect([...(await w.borrows.ofBooks([kept.bookId, gone.bookId])).keys()]).toEqual([kept.bookId]);
      expect(await w.borrows.dueCount(NOW)).toBe(1);
    });
  });
}
