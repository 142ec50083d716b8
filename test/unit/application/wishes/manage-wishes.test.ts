// UpdateWish, RemoveWish and ListWishes on hand-written fakes: each touches only the user's own wishes.
import { beforeEach, describe, expect, it } from 'vitest';
import { ListWishes } from '../../../../src/application/wishes/list-wishes.js';
import { RemoveWish } from '../../../../src/application/wishes/remove-wish.js';
import { UpdateWish } from '../../../../src/application/wishes/update-wish.js';
import { WishNotFoundError } from '../../../../src/domain/wishes/errors.js';
import { wishOrderOf } from '../../../../src/domain/wishes/wish-order.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { InMemoryWishRepository } from '../../../support/fakes/in-memory-wish-repository.js';
import { InMemoryBorrowAvailabilityRepository } from '../../../support/fakes/in-memory-borrow-availability-repository.js';
import { firstPage, pageAfter } from '../../../support/mothers/page.js';
import { aNewWish, euros } from '../../../support/mothers/wishes.js';

const READER = 5;
const OTHER_READER = 6;

let wishes: InMemoryWishRepository;
let readersWish: number;
let othersWish: number;

beforeEach(async () => {
  wishes = new InMemoryWishRepository(new FakeClock());
  readersWish = (await wishes.add(READER, aNewWish({ bookId: 1, maxPrice: euros('15.00') }))).id;
  await wishes.add(READER, aNewWish({ bookId: 2 }));
  await wishes.add(READER, aNewWish({ bookId: 3 }));
  othersWish = (await wishes.add(OTHER_READER, aNewWish({ bookId: 1 }))).id;
});

describe('UpdateWish', () => {
  it('changes only the fields given', async () => {
    await new UpdateWish(wishes).execute(READER, readersWish, { isMonitored: false });
    expect(await wishes.findById(READER, readersWish)).toMatchObject({ isMonitored: false, maxPrice: euros('15.00') });
  });

  it('clears the maximum price with null', async () => {
    await new UpdateWish(wishes).execute(READER, readersWish, { maxPrice: null });
    expect(await wishes.findById(READER, readersWish)).toMatchObject({ isMonitored: true, maxPrice: null });
  });

  it("answers not_found for another user's wish and leaves it as it was", async () => {
    const refused = new UpdateWish(wishes).execute(READER, othersWish, { isMonitored: false });
    await expect(refused).rejects.toBeInstanceOf(WishNotFoundError);
    await expect(refused).rejects.toMatchObject({ code: 'not_found', message: `Wish ${othersWish} does not exist` });
    expect(await wishes.findById(OTHER_READER, othersWish)).toMatchObject({ isMonitored: true });
  });
});

describe('RemoveWish', () => {
  it("removes the user's wish", async () => {
    await new RemoveWish(wishes).execute(READER, readersWish);
    expect(wishes.of(READER).map((w) => w.bookId)).toEqual([2, 3]);
  });

  it("answers not_found for another user's wish, or one already removed, and removes nothing", async () => {
    const use = new RemoveWish(wishes);
    await expect(use.execute(READER, othersWish)).rejects.toBeInstanceOf(WishNotFoundError);
    expect(wishes.of(OTHER_READER)).toHaveLength(1);
    await use.execute(READER, readersWish);
    await expect(use.execute(READER, readersWish)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('ListWishes', () => {
  it("pages the user's wishes only, oldest first", async () => {
    const use = new ListWishes(wishes, new InMemoryBorrowAvailabilityRepository());
    const first = await use.execute(READER, {}, firstPage(2));
    expect(first.items.map((w) => w.bookId)).toEqual([1, 2]);
    expect(first.hasMore).toBe(true);
    const next = await use.execute(READER, {}, pageAfter(first.items[1]!.id, 2));
    expect(next).toMatchObject({ items: [{ bookId: 3 }], hasMore: false });
  });

  it('filters by whether the best price is at or under the max price, keeping pages full', async () => {
    const at = new Date('2026-11-20T03:00:00Z');
    const best = (amount: string) => ({ price: euros(amount), editionId: 1, format: 'paperback' as const, storeId: 1, storeName: 'Store 1', availability: 'in_stock' as const, fetchedAt: at, url: 'https://store.example/1' });
    // Book 1 (max 15.00) at 14.99 is below; book 2 has no max price; book 3 has no price at all.
    wishes.pricesFor(READER, 1, { best: best('14.99'), lowest: null }).pricesFor(READER, 2, { best: best('1.00'), lowest: null });
    const use = new ListWishes(wishes, new InMemoryBorrowAvailabilityRepository());
    expect((await use.execute(READER, { belowMaxPrice: true }, firstPage())).items.map((w) => w.bookId)).toEqual([1]);
    const notBelow = await use.execute(READER, { belowMaxPrice: false }, firstPage(1));
    expect(notBelow).toMatchObject({ items: [{ bookId: 2, belowMaxPrice: false }], hasMore: true });
    expect(await use.execute(READER, { belowMaxPrice: false }, pageAfter(notBelow.items[0]!.id, 1))).toMatchObject({ items: [{ bookId: 3 }], hasMore: false });
    expect((await use.execute(READER, {}, firstPage())).items.map((w) => w.belowMaxPrice)).toEqual([true, false, false]);
  });

  it('filters by book', async () => {
    const use = new ListWishes(wishes, new InMemoryBorrowAvailabilityRepository());
    expect((await use.execute(OTHER_READER, { bookId: 1 }, firstPage())).items).toMatchObject([{ id: othersWish }]);
    expect((await use.execute(OTHER_READER, { bookId: 2 }, firstPage())).items).toEqual([]);
  });
  it('filters by monitoring and by the format of the best price', async () => {
    await new UpdateWish(wishes).execute(READER, readersWish, { isMonitored: false });
    const at = new Date('2026-11-20T03:00:00Z');
    const best = (format: 'ebook' | 'paperback') => ({ price: euros('9.00'), editionId: 1, format, storeId: 1, storeName: 'Store 1', availability: 'in_stock' as const, fetchedAt: at, url: 'https://store.example/1' });
    wishes.pricesFor(READER, 1, { best: best('ebook'), lowest: null }).pricesFor(READER, 2, { best: best('paperback'), lowest: null });
    const use = new ListWishes(wishes, new InMemoryBorrowAvailabilityRepository());
    expect((await use.execute(READER, { isMonitored: false }, firstPage())).items.map((w) => w.bookId)).toEqual([1]);
    expect((await use.execute(READER, { isMonitored: true }, firstPage())).items.map((w) => w.bookId)).toEqual([2, 3]);
    expect((await use.execute(READER, { format: 'paperback' }, firstPage())).items.map((w) => w.bookId)).toEqual([2]);
    expect((await use.execute(READER, { format: 'audiobook' }, firstPage())).items).toEqual([]);
  });

  it('lists newest first when asked, paging the same way', async () => {
    const use = new ListWishes(wishes, new InMemoryBorrowAvailabilityRepository());
    const newest = wishOrderOf('-created_at');
    const first = await use.execute(READER, {}, firstPage(2), newest);
    expect(first).toMatchObject({ items: [{ bookId: 3 }, { bookId: 2 }], hasMore: true });
    expect(await use.execute(READER, {}, pageAfter(first.items[1]!.id, 2), newest)).toMatchObject({ items: [{ bookId: 1 }], hasMore: false });
  });
});
