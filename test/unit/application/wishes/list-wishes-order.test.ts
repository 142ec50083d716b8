// ListWishes in every order on the in-memory repository, which orders by the domain's rules (wish-order.ts): the shared
// case table's orders (test/contracts/rules/wish-order.ts), alone and with every filter, walked page by page both ways;
// and the cursor's key, a book id, still placing the next page when its wish was removed or left the filter.
import { beforeEach, describe, expect, it } from 'vitest';
import { ListWishes } from '../../../../src/application/wishes/list-wishes.js';
import type { WishFilter } from '../../../../src/application/wishes/ports/wish-repository.js';
import type { PageRequest, PageSlice } from '../../../../src/domain/shared/page.js';
import { pageKeyOf, wishOrderOf, type WishSort } from '../../../../src/domain/wishes/wish-order.js';
import type { PricedWish } from '../../../../src/domain/wishes/wish-prices.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { InMemoryWishRepository } from '../../../support/fakes/in-memory-wish-repository.js';
import { InMemoryBorrowAvailabilityRepository } from '../../../support/fakes/in-memory-borrow-availability-repository.js';
import { firstPage, lastPage, pageAfter, pageBefore } from '../../../support/mothers/page.js';
import { euros } from '../../../support/mothers/wishes.js';
import { playRuleTable } from '../../../contracts/rules/rule-table.js';
import { WISH_ORDER, WISH_ORDER_CASES } from '../../../contracts/rules/wish-order.js';

const READER = 7;
const OTHER_READER = 8;
/** Book ids fall along the table (see test/contracts/rules/wish-order.ts): a later row has a lower book id. */
const bookIdOf = (row: number) => 1000 - row;

let wishes: InMemoryWishRepository;
let nameOf: Map<number, string>;

beforeEach(async () => {
  wishes = new InMemoryWishRepository(new FakeClock());
  nameOf = new Map();
  const at = new Date('2026-11-20T03:00:00Z');
  for (const [row, c] of WISH_ORDER_CASES.entries()) {
    const bookId = bookIdOf(row);
    wishes.titled(bookId, c.title);
    wishes.pricesFor(READER, bookId, {
      best: c.best === null ? null : { price: euros(c.best), editionId: bookId, format: c.format, storeId: 1, storeName: 'Home', availability: 'in_stock', fetchedAt: at, url: 'https://store.example/q' },
      lowest: c.lowest === null ? null : { price: euros(c.lowest), editionId: bookId, format: c.format, storeId: 1, fetchedAt: at },
    });
    await wishes.add(READER, { bookId, isMonitored: c.monitored, maxPrice: c.maxPrice === null ? null : euros(c.maxPrice) });
    nameOf.set(bookId, c.name);
  }
  // Another reader's wish of a book in the table, with other prices: never listed, never moves the reader's order.
  await wishes.add(OTHER_READER, { bookId: bookIdOf(0), isMonitored: true, maxPrice: null });
  wishes.pricesFor(OTHER_READER, bookIdOf(0), { best: null, lowest: null });
});

type Load = (request: PageRequest) => Promise<PageSlice<PricedWish>>;

/** Every page from the first along `next`, and from the last along `prev`, as a client follows the links. */
async function walk(sort: WishSort, load: Load, size: number): Promise<{ forward: string[]; backward: string[] }> {
  const order = wishOrderOf(sort);
  const names = (items: PricedWish[]) => items.map((w) => nameOf.get(w.bookId)!);
  const forward: string[] = [];
  let page = await load(firstPage(size));
  forward.push(...names(page.items));
  for (let guard = 0; page.hasMore; guard++) {
    expect(guard).toBeLessThan(20);
    page = await load(pageAfter(pageKeyOf(order, page.items[page.items.length - 1]!), size));
    forward.push(...names(page.items));
  }
  const backward: string[] = [];
  page = await load(lastPage(size));
  backward.unshift(...names(page.items));
  for (let guard = 0; page.hasMore; guard++) {
    expect(guard).toBeLessThan(20);
    page = await load(pageBefore(pageKeyOf(order, page.items[0]!), size));
    backward.unshift(...names(page.items));
  }
  return { forward, backward };
}

// The order in one page, which every walk, forward and backward, must give too.
playRuleTable(WISH_ORDER, 'domain', async ({ sort, filter }) => {
  const use = new ListWishes(wishes, new InMemoryBorrowAvailabilityRepository());
  const load: Load = (request) => use.execute(READER, filter.filter, request, wishOrderOf(sort));
  const listed = (await load(firstPage(100))).items.map((w) => nameOf.get(w.bookId)!);
  for (const size of [1, 5]) expect(await walk(sort, load, size)).toEqual({ forward: listed, backward: listed });
  return listed;
});

describe("a page's key is a book id placed by its own title and prices", () => {
  const PRICE = wishOrderOf('price');

  it('places the next page after a wish removed meanwhile', async () => {
    const use = new ListWishes(wishes, new InMemoryBorrowAvailabilityRepository());
    const first = await use.execute(READER, {}, firstPage(4), PRICE);
    const edge = first.items[3]!;
    expect(nameOf.get(edge.bookId)).toBe('third-above');
    await wishes.remove(READER, edge.id);
    const next = await use.execute(READER, {}, pageAfter(pageKeyOf(PRICE, edge), 3), PRICE);
    expect(next.items.map((w) => nameOf.get(w.bookId))).toEqual(['same-price', 'fifth-above-cheaper', 'at-lowest']);
  });

  it('places the next page after a wish that has left the filter', async () => {
    const use = new ListWishes(wishes, new InMemoryBorrowAvailabilityRepository());
    const monitored: WishFilter = { isMonitored: true };
    const first = await use.execute(READER, monitored, firstPage(2), PRICE);
    expect(first.items.map((w) => nameOf.get(w.bookId))).toEqual(['free-now', 'half-above']);
    await wishes.update(READER, first.items[1]!.id, { isMonitored: false });
    const next = await use.execute(READER, monitored, pageAfter(pageKeyOf(PRICE, first.items[1]!), 2), PRICE);
    expect(next.items.map((w) => nameOf.get(w.bookId))).toEqual(['third-above', 'same-price']);
  });
});
