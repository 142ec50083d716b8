// What the wish use cases rely on from a WishRepository: one user never sees or changes another's wishes, a book is
// wished once per user, pages by date added are keyset pages, filters narrow before the page is cut. The orders by
// title, price and saving (and the price filters) are held by the case table in test/contracts/rules/wish-order.ts.
import { describe, expect, it } from 'vitest';
import type { WishRepository } from '../../../src/application/wishes/ports/wish-repository.js';
import { Money } from '../../../src/domain/shared/money.js';
import { BookAlreadyWishedError } from '../../../src/domain/wishes/errors.js';
import type { NewWish } from '../../../src/domain/wishes/wish.js';
import { expectKeysetPages, readAll } from './keyset-pages.js';

export interface WishWorld {
  wishes: WishRepository;
  aUser(): Promise<number>;
  /** A book in the catalog, wished by nobody yet. */
  aBook(): Promise<number>;
}

const eur = (amount: string) => Money.parse(amount, 'EUR');
const newWish = (bookId: number, change: Partial<NewWish> = {}): NewWish => ({ bookId, isMonitored: true, maxPrice: null, ...change });

export function describeWishRepositoryContract(name: string, makeSubject: () => Promise<WishWorld>): void {
  describe(`WishRepository contract: ${name}`, () => {
    it('adds a wish and reads it back, priced (no quotes: no price, not below its max)', async () => {
      const w = await makeSubject();
      const user = await w.aUser();
      const book = await w.aBook();
      const added = await w.wishes.add(user, newWish(book, { maxPrice: eur('12.50'), isMonitored: false }));
      expect(added).toEqual({ id: expect.any(Number), bookId: book, isMonitored: false, maxPrice: eur('12.50'), createdAt: expect.any(Date) });
      expect(await w.wishes.findById(user, added.id)).toEqual({
        ...added, bestPrice: null, lowestPrice: null, belowMaxPrice: false, alertSettings: { dropPercent: null, lowestDays: null },
      });
    });

    it('keeps a wish’s own alert settings: given when added, changed one by one, null again to follow the account', async () => {
      const w = await makeSubject();
      const [user, stranger] = [await w.aUser(), await w.aUser()];
      const [a, b] = [await w.aBook(), await w.aBook()];
      const own = await w.wishes.add(user, newWish(a, { alertSettings: { dropPercent: 15, lowestDays: 90 } }));
      const plain = await w.wishes.add(user, newWish(b));
      const settingsOf = async (id: number) => (await w.wishes.findById(user, id))?.alertSettings;
      expect(await settingsOf(own.id)).toEqual({ dropPercent: 15, lowestDays: 90 });
      expect(await settingsOf(plain.id)).toEqual({ dropPercent: null, lowestDays: null });

      expect(await w.wishes.update(user, plain.id, { lowestDays: 365 })).toBe(true);
      expect(await settingsOf(plain.id)).toEqual({ dropPercent: null, lowestDays: 365 });
      expect(await w.wishes.update(user, own.id, { dropPercent: null, isMonitored: false })).toBe(true);
      expect(await settingsOf(own.id)).toEqual({ dropPercent: null, lowestDays: 90 });
      expect(await w.wishes.update(stranger, own.id, { dropPercent: 50 })).toBe(false);

      const listed = await readAll((r) => w.wishes.page(user, {}, r));
      expect(listed.map((x) => [x.bookId, x.alertSettings])).toEqual([[a, { dropPercent: null, lowestDays: 90 }], [b, { dropPercent: null, lowestDays: 365 }]]);
    });

    it('lets a user wish a book once; another user may wish it too', async () => {
      const w = await makeSubject();
      const [reader, other] = [await w.aUser(), await w.aUser()];
      const book = await w.aBook();
      await w.wishes.add(reader, newWish(book));
      await expect(w.wishes.add(reader, newWish(book, { isMonitored: false }))).rejects.toBeInstanceOf(BookAlreadyWishedError);
      expect((await w.wishes.add(other, newWish(book))).bookId).toBe(book);
      expect((await readAll((r) => w.wishes.page(reader, {}, r))).map((x) => [x.bookId, x.isMonitored])).toEqual([[book, true]]);
    });

    it('adds many at once, skipping books already wished and repeats, and answers the books it added', async () => {
      const w = await makeSubject();
      const user = await w.aUser();
      const [a, b, c] = [await w.aBook(), await w.aBook(), await w.aBook()];
      await w.wishes.add(user, newWish(a));
      const added = await w.wishes.addMany(user, [newWish(a, { isMonitored: false }), newWish(b, { maxPrice: eur('3.00') }), newWish(c), newWish(c)]);
      expect([...added].sort((x, y) => x - y)).toEqual([b, c].sort((x, y) => x - y));
      const stored = await readAll((r) => w.wishes.page(user, {}, r));
      expect(stored.map((x) => [x.bookId, x.isMonitored, x.maxPrice])).toEqual(
        expect.arrayContaining([[a, true, null], [b, true, eur('3.00')], [c, true, null]]),
      );
      expect(stored).toHaveLength(3);
      expect(await w.wishes.addMany(user, [])).toEqual(new Set());
    });

    it("never shows or changes another user's wish: it is simply not found", async () => {
      const w = await makeSubject();
      const [owner, stranger] = [await w.aUser(), await w.aUser()];
      const wish = await w.wishes.add(owner, newWish(await w.aBook(), { maxPrice: eur('9.99') }));
      expect(await w.wishes.findById(stranger, wish.id)).toBeNull();
      expect(await w.wishes.update(stranger, wish.id, { isMonitored: false, maxPrice: null })).toBe(false);
      expect(await w.wishes.remove(stranger, wish.id)).toBe(false);
      expect(await readAll((r) => w.wishes.page(stranger, {}, r))).toEqual([]);
      expect(await readAll((r) => w.wishes.page(stranger, { bookId: wish.bookId }, r))).toEqual([]);
      expect(await w.wishes.findById(owner, wish.id)).toMatchObject({ isMonitored: true, maxPrice: eur('9.99') });
    });

    it('changes only the fields given; an empty change still tells whether the wish exists', async () => {
      const w = await makeSubject();
      const user = await w.aUser();
      const wish = await w.wishes.add(user, newWish(await w.aBook(), { maxPrice: eur('20.00') }));
      expect(await w.wishes.update(user, wish.id, { isMonitored: false })).toBe(true);
      expect(await w.wishes.findById(user, wish.id)).toMatchObject({ isMonitored: false, maxPrice: eur('20.00') });
      expect(await w.wishes.update(user, wish.id, { maxPrice: Money.parse('1500', 'JPY') })).toBe(true);
      expect(await w.wishes.findById(user, wish.id)).toMatchObject({ isMonitored: false, maxPrice: Money.parse('1500', 'JPY') });
      expect(await w.wishes.update(user, wish.id, { maxPrice: null })).toBe(true);
      expect(await w.wishes.findById(user, wish.id)).toMatchObject({ isMonitored: false, maxPrice: null });
      expect(await w.wishes.update(user, wish.id, {})).toBe(true);
      expect(await w.wishes.update(user, wish.id + 1000, {})).toBe(false);
    });

    it('removes a wish once', async () => {
      const w = await makeSubject();
      const user = await w.aUser();
      const wish = await w.wishes.add(user, newWish(await w.aBook()));
      expect(await w.wishes.remove(user, wish.id)).toBe(true);
      expect(await w.wishes.remove(user, wish.id)).toBe(false);
      expect(await w.wishes.findById(user, wish.id)).toBeNull();
      // The book can be wished again.
      expect((await w.wishes.add(user, newWish(wish.bookId))).id).not.toBe(wish.id);
    });

    it('pages by date added, oldest or newest first, without gaps or repeats', async () => {
      const w = await makeSubject();
      const user = await w.aUser();
      const other = await w.aUser();
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) {
        ids.push((await w.wishes.add(user, newWish(await w.aBook()))).id);
        await w.wishes.add(other, newWish(await w.aBook()));
      }
      await expectKeysetPages((r) => w.wishes.page(user, {}, r), (x) => x.id, ids);
      await expectKeysetPages((r) => w.wishes.page(user, {}, r, { field: 'created_at', descending: false }), (x) => x.id, ids, 3);
      await expectKeysetPages((r) => w.wishes.page(user, {}, r, { field: 'created_at', descending: true }), (x) => x.id, [...ids].reverse());
    });

    it('filters by book and by monitoring before cutting the page', async () => {
      const w = await makeSubject();
      const user = await w.aUser();
      const books = [await w.aBook(), await w.aBook(), await w.aBook(), await w.aBook()];
      const wishes = [];
      for (const [i, book] of books.entries()) wishes.push(await w.wishes.add(user, newWish(book, { isMonitored: i % 2 === 0 })));
      const monitored = wishes.filter((x) => x.isMonitored).map((x) => x.id);
      const unmonitored = wishes.filter((x) => !x.isMonitored).map((x) => x.id);
      await expectKeysetPages((r) => w.wishes.page(user, { isMonitored: true }, r), (x) => x.id, monitored, 1);
      await expectKeysetPages((r) => w.wishes.page(user, { isMonitored: false }, r), (x) => x.id, unmonitored, 1);
      expect((await readAll((r) => w.wishes.page(user, { bookId: books[1]! }, r))).map((x) => x.id)).toEqual([wishes[1]!.id]);
      expect(await readAll((r) => w.wishes.page(user, { bookId: books[1]!, isMonitored: true }, r))).toEqual([]);
      expect(await readAll((r) => w.wishes.page(user, { bookId: Math.max(...books) + 1000 }, r))).toEqual([]);
    });
  });
}
