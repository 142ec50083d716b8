// Borrow or buy on hand-written fakes: RefreshBorrowAvailability asks the lender about the editions of the wished
// books due and stores each book's availability (and tells which books became borrowable); the wish and book pages
// show the last check (ListWishes, GetWish, AddWish, ShowBook), null when never checked.
import { describe, expect, it } from 'vitest';
import { DeliverAlerts } from '../../../../src/application/alerts/deliver-alerts.js';
import { RaiseBorrowableAlerts } from '../../../../src/application/alerts/raise-borrowable-alerts.js';
import { GetBook } from '../../../../src/application/catalog/get-book.js';
import { BORROW_BATCH, RefreshBorrowAvailability } from '../../../../src/application/catalog/refresh-borrow-availability.js';
import { ShowBook } from '../../../../src/application/catalog/show-book.js';
import { AddWish } from '../../../../src/application/wishes/add-wish.js';
import { GetWish } from '../../../../src/application/wishes/get-wish.js';
import { ListWishes } from '../../../../src/application/wishes/list-wishes.js';
import { BookNotFoundError } from '../../../../src/domain/catalog/errors.js';
import { WishNotFoundError } from '../../../../src/domain/wishes/errors.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { FakeLendingAvailabilitySource } from '../../../support/fakes/fake-lending-availability-source.js';
import { FakeLogSink } from '../../../support/fakes/fake-log-sink.js';
import { FakeUnitOfWork } from '../../../support/fakes/fake-unit-of-work.js';
import { InMemoryBookRepository } from '../../../support/fakes/in-memory-book-repository.js';
import { InMemoryBorrowAvailabilityRepository } from '../../../support/fakes/in-memory-borrow-availability-repository.js';
import { InMemoryBorrowableAlertDetector } from '../../../support/fakes/in-memory-borrowable-alert-detector.js';
import { channelScheduling } from '../../../support/fakes/in-memory-channel-deliveries.js';
import { InMemoryWishRepository } from '../../../support/fakes/in-memory-wish-repository.js';
import { aBook } from '../../../support/mothers/catalog.js';
import { aNewWish } from '../../../support/mothers/wishes.js';
import { firstPage } from '../../../support/mothers/page.js';

const DAY_MS = 24 * 3600 * 1000;
const URL_A = 'https://openlibrary.org/books/OL1M/borrow';
const URL_B = 'https://archive.org/details/b';

function world(options: { enabled?: boolean } = {}) {
  const clock = new FakeClock();
  const borrows = new InMemoryBorrowAvailabilityRepository();
  const lender = new FakeLendingAvailabilitySource();
  const logs = new FakeLogSink();
  const policy = { enabled: options.enabled ?? true, refreshAfterSeconds: 24 * 3600 };
  const uow = new FakeUnitOfWork();
  const alerts = new RaiseBorrowableAlerts(new InMemoryBorrowableAlertDetector(), channelScheduling().schedule, new DeliverAlerts(logs, clock), uow);
  const refresh = new RefreshBorrowAvailability(borrows, lender, policy, logs, clock, uow, alerts);
  /** A wished book with these editions' ISBNs. */
  const wished = (bookId: number, ...isbns: string[]) => {
    borrows.addBook(bookId, isbns);
    borrows.addWish(bookId);
  };
  return { clock, borrows, lender, logs, refresh, wished };
}

describe('RefreshBorrowAvailability', () => {
  it("asks about every due book's editions in one check and stores each book: available when one of its editions is", async () => {
    const w = world();
    w.wished(1, '9780000000011', '9780000000028');
    w.wished(2, '9780000000035');
    w.wished(3);
    w.lender.holdsOnly('9780000000011').lends('9780000000028', URL_A).holdsOnly('9780000000035');

    const run = await w.refresh.execute();

    expect(run).toEqual({ kind: 'checked', books: 3, available: 1, becameBorrowable: [], more: false });
    expect(w.lender.checks).toEqual([['9780000000011', '9780000000028', '9780000000035']]);
    const now = w.clock.now();
    expect(await w.borrows.ofBooks([1, 2, 3])).toEqual(
      new Map([
        [1, { available: true, url: URL_A, checkedAt: now }],
        [2, { available: false, url: null, checkedAt: now }],
        // A book without editions is checked without asking anything: nothing of it can be borrowed.
        [3, { available: false, url: null, checkedAt: now }],
      ]),
    );
    expect(w.logs.named('borrow_checked').map((e) => e.detail)).toEqual([{ book_count: 3, available_count: 1, became_available_count: 0 }]);
  });

  it('asks nothing and stores nothing for a book without editions alone', async () => {
    const w = world();
    w.wished(4);
    expect(await w.refresh.execute()).toMatchObject({ kind: 'checked', books: 1, available: 0 });
    expect(w.lender.checks).toEqual([]);
  });

  it('tells which books became borrowable since their last check; a first check is no change', async () => {
    const w = world();
    w.wished(1, '9780000000011');
    w.wished(2, '9780000000028');
    w.wished(3, '9780000000035');
    w.lender.lends('9780000000035', URL_B);
    expect(await w.refresh.execute()).toMatchObject({ books: 3, available: 1, becameBorrowable: [] });

    // A day later book 1 can be borrowed, book 3 no longer, book 2 still not.
    w.clock.advance(DAY_MS + 1);
    w.lender.lends('9780000000011', URL_A).holdsOnly('9780000000035');
    expect(await w.refresh.execute()).toMatchObject({ books: 3, available: 1, becameBorrowable: [1] });
    expect((await w.borrows.ofBooks([1])).get(1)).toMatchObject({ available: true, url: URL_A });
    expect((await w.borrows.ofBooks([3])).get(3)).toMatchObject({ available: false, url: null });
    expect(w.logs.named('borrow_checked').at(-1)?.detail).toEqual({ book_count: 3, available_count: 1, became_available_count: 1 });
  });

  it('checks a book again only once its last check is older than LENDING_REFRESH', async () => {
    const w = world();
    w.wished(1, '9780000000011');
    await w.refresh.execute();
    w.clock.advance(DAY_MS - 1000);
    expect(await w.refresh.dueCount()).toBe(0);
    expect(await w.refresh.execute()).toMatchObject({ books: 0, more: false });
    w.clock.advance(2000);
    expect(await w.refresh.dueCount()).toBe(1);
    expect(await w.refresh.execute()).toMatchObject({ books: 1 });
    expect(w.lender.checks).toHaveLength(2);
  });

  it('works in bounded batches and says when more books may be due', async () => {
    const w = world();
    for (let id = 1; id <= BORROW_BATCH + 1; id++) w.wished(id, `97800000${String(id).padStart(5, '0')}`);
    expect(await w.refresh.execute()).toMatchObject({ books: BORROW_BATCH, more: true });
    expect(await w.refresh.execute()).toMatchObject({ books: 1, more: false });
  });

  it('stores nothing when the lender cannot be reached: the books stay due, and the trouble is logged', async () => {
    const w = world();
    w.wished(1, '9780000000011');
    w.lender.unavailable('open-library answered 503');
    expect(await w.refresh.execute()).toEqual({ kind: 'unavailable', books: 1, message: 'open-library answered 503', retryAfterSeconds: undefined });
    expect(await w.borrows.ofBooks([1])).toEqual(new Map());
    expect(await w.refresh.dueCount()).toBe(1);
    expect(w.logs.named('borrow_check_unavailable').map((e) => e.detail)).toEqual([{ book_count: 1, error: 'open-library answered 503' }]);
  });

  it('does nothing with LENDING=off: nothing is due and nothing is asked', async () => {
    const w = world({ enabled: false });
    w.wished(1, '9780000000011');
    expect(await w.refresh.dueCount()).toBe(0);
    expect(await w.refresh.execute()).toEqual({ kind: 'checked', books: 0, available: 0, becameBorrowable: [], more: false });
    expect(w.lender.checks).toEqual([]);
  });

  it('stops at once when the signal aborts during the check, writing nothing', async () => {
    const w = world();
    w.wished(1, '9780000000011');
    const controller = new AbortController();
    controller.abort(new Error('stopping'));
    await expect(w.refresh.execute(undefined, controller.signal)).rejects.toThrow('stopping');
    expect(await w.borrows.ofBooks([1])).toEqual(new Map());
  });
});

describe('the borrow field of wishes and books', () => {
  const READER = 5;
  const checkedAt = new Date('2026-11-24T05:20:00Z');

  function pages() {
    const clock = new FakeClock();
    const wishes = new InMemoryWishRepository(clock);
    const books = new InMemoryBookRepository().add(aBook({ id: 1 }), aBook({ id: 2 }));
    const borrows = new InMemoryBorrowAvailabilityRepository();
    borrows.addBook(1, ['9780000000011']);
    void borrows.record([{ bookId: 1, borrow: { available: true, url: URL_A, checkedAt } }]);
    return { wishes, books, borrows, clock };
  }

  it('lists each wish with its book\'s last check, null for a book never checked', async () => {
    const { wishes, books, borrows } = pages();
    const add = new AddWish(wishes, books, new FakeUnitOfWork(), borrows);
    expect((await add.execute(READER, aNewWish({ bookId: 1 }))).borrow).toEqual({ available: true, url: URL_A, checkedAt });
    expect((await add.execute(READER, aNewWish({ bookId: 2 }))).borrow).toBeNull();

    const page = await new ListWishes(wishes, borrows).execute(READER, {}, firstPage(20));
    expect(page.items.map((wish) => [wish.bookId, wish.borrow])).toEqual([
      [1, { available: true, url: URL_A, checkedAt }],
      [2, null],
    ]);
    const one = page.items[0]!;
    expect((await new GetWish(wishes, borrows).execute(READER, one.id)).borrow).toEqual({ available: true, url: URL_A, checkedAt });
    await expect(new GetWish(wishes, borrows).execute(READER + 1, one.id)).rejects.toThrow(new WishNotFoundError(one.id));
  });

  it('shows a book with its last check; an unknown book is not found', async () => {
    const { books, borrows } = pages();
    const show = new ShowBook(new GetBook(books), borrows);
    expect(await show.execute(1)).toMatchObject({ book: { id: 1 }, borrow: { available: true, url: URL_A, checkedAt } });
    expect((await show.execute(2)).borrow).toBeNull();
    await expect(show.execute(9)).rejects.toThrow(new BookNotFoundError(9));
  });
});
