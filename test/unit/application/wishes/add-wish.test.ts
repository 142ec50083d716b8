// AddWish on hand-written fakes: the book must exist, a user wishes a book once, wishes are the user's own.
import { describe, expect, it } from 'vitest';
import { AddWish } from '../../../../src/application/wishes/add-wish.js';
import { UnknownReferenceError } from '../../../../src/domain/catalog/errors.js';
import { BookAlreadyWishedError } from '../../../../src/domain/wishes/errors.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { FakeUnitOfWork } from '../../../support/fakes/fake-unit-of-work.js';
import { InMemoryBorrowAvailabilityRepository } from '../../../support/fakes/in-memory-borrow-availability-repository.js';
import { InMemoryBookRepository } from '../../../support/fakes/in-memory-book-repository.js';
import { InMemoryWishRepository } from '../../../support/fakes/in-memory-wish-repository.js';
import { aBook } from '../../../support/mothers/catalog.js';
import { aNewWish, euros } from '../../../support/mothers/wishes.js';

const READER = 5;
const OTHER_READER = 6;

function world() {
  const clock = new FakeClock();
  const wishes = new InMemoryWishRepository(clock);
  const books = new InMemoryBookRepository().add(aBook({ id: 1 }), aBook({ id: 2 }));
  return { use: new AddWish(wishes, books, new FakeUnitOfWork(), new InMemoryBorrowAvailabilityRepository()), wishes, clock };
}

describe('AddWish', () => {
  it("adds the wish to the user's list and answers it", async () => {
    const { use, wishes, clock } = world();
    const wish = await use.execute(READER, aNewWish({ bookId: 2, maxPrice: euros('12.5') }));
    const stored = { id: 1, bookId: 2, isMonitored: true, maxPrice: euros('12.50'), createdAt: clock.now() };
    expect(wish).toEqual({ ...stored, bestPrice: null, lowestPrice: null, belowMaxPrice: false, borrow: null, alertSettings: { dropPercent: null, lowestDays: null } });
    expect(wishes.of(READER)).toEqual([stored]);
    expect(wishes.of(OTHER_READER)).toEqual([]);
  });

  it("answers the new wish with the prices its book already has in the user's scope", async () => {
    const { use, wishes, clock } = world();
    const best = { price: euros('9.99'), editionId: 7, format: 'paperback' as const, storeId: 3, storeName: 'Store 3', availability: 'in_stock' as const, fetchedAt: clock.now(), url: 'https://store.example/7' };
    const lowest = { price: euros('8.50'), editionId: 7, format: 'paperback' as const, storeId: 4, fetchedAt: clock.now() };
    wishes.pricesFor(READER, 2, { best, lowest });
    const wish = await use.execute(READER, aNewWish({ bookId: 2, maxPrice: euros('9.99') }));
    expect(wish).toMatchObject({ bookId: 2, bestPrice: best, lowestPrice: lowest, belowMaxPrice: true });
    // Another user's scope is not the reader's: nothing priced for them.
    expect(await use.execute(OTHER_READER, aNewWish({ bookId: 2 }))).toMatchObject({ bestPrice: null, lowestPrice: null, belowMaxPrice: false });
  });

  it('keeps the wish’s own alert settings, and refuses bad ones naming the field, adding nothing', async () => {
    const { use, wishes } = world();
    expect(await use.execute(READER, aNewWish({ bookId: 2, alertSettings: { dropPercent: 25, lowestDays: 90 } }))).toMatchObject({
      alertSettings: { dropPercent: 25, lowestDays: 90 },
    });
    await expect(use.execute(READER, aNewWish({ bookId: 1, alertSettings: { dropPercent: 0, lowestDays: 60 as never } }))).rejects.toMatchObject({
      code: 'validation_failed',
      details: [
        { field: 'alert_drop_percent', message: 'must be a whole number from 1 to 99, or null' },
        { field: 'alert_lowest_days', message: 'must be one of 30, 90, 365, or null' },
      ],
    });
    expect(wishes.of(READER)).toHaveLength(1);
  });

  it('refuses an unknown book as a validation problem of book_id, and adds nothing', async () => {
    const { use, wishes } = world();
    const refused = use.execute(READER, aNewWish({ bookId: 99 }));
    await expect(refused).rejects.toBeInstanceOf(UnknownReferenceError);
    await expect(refused).rejects.toMatchObject({ code: 'validation_failed', details: [{ field: 'book_id', message: 'unknown book 99' }] });
    expect(wishes.of(READER)).toEqual([]);
  });

  it('refuses a book the user already wishes with a conflict; another user may still wish it', async () => {
    const { use, wishes } = world();
    await use.execute(READER, aNewWish({ bookId: 1 }));
    const refused = use.execute(READER, aNewWish({ bookId: 1, isMonitored: false }));
    await expect(refused).rejects.toBeInstanceOf(BookAlreadyWishedError);
    await expect(refused).rejects.toMatchObject({ code: 'conflict' });
    await expect(use.execute(OTHER_READER, aNewWish({ bookId: 1 }))).resolves.toMatchObject({ bookId: 1 });
    expect(wishes.of(READER)).toHaveLength(1);
  });
});
