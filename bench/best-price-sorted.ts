// The best-price benchmark's sorted pages: a reader with 1,000 wishes, pages of 100 in each order the API offers,
// checked against the domain's own ordering of every wish (read unsorted) before they are timed.
import type pg from 'pg';
import type { WishFilter } from '../src/application/wishes/ports/wish-repository.js';
import type { SqlWishRepository } from '../src/adapters/postgres/repositories/sql-wish-repository.js';
import type { PageWindow } from '../src/domain/shared/page.js';
import { compareSortPositions, DEFAULT_WISH_ORDER, pageKeyOf, sortPositionOf, type WishOrder, wishOrderOf, type WishSort } from '../src/domain/wishes/wish-order.js';
import { type PricedWish, userPriceOf } from '../src/domain/wishes/wish-prices.js';

const SIZE = 100;
/** The deep page starts after this many wishes. */
const DEEP_AFTER = 900;

export interface SortedPageCase {
  label: string;
  sort: WishSort;
  filter: WishFilter;
  /** Wishes to skip before the page (0: the first page). */
  after: number;
  run: () => Promise<PricedWish[]>;
}

/** The pages timed: the unsorted page first (the baseline), then each order, a deep page, and one with a filter. */
export async function sortedPageCases(repository: SqlWishRepository, userId: number): Promise<SortedPageCase[]> {
  const deepKey = await keyAfter(repository, userId, wishOrderOf('saving'), DEEP_AFTER);
  const make = (label: string, sort: WishSort, filter: WishFilter = {}, after = 0): SortedPageCase => {
    const order = wishOrderOf(sort);
    const window: PageWindow = after === 0 ? { kind: 'first' } : { kind: 'after', key: deepKey };
    return { label, sort, filter, after, run: async () => (await repository.page(userId, filter, { window, size: SIZE }, order)).items };
  };
  return [
    make('unsorted (`sort=created_at`, the default)', 'created_at'),
    make('`sort=price`', 'price'),
    make('`sort=-price`', '-price'),
    make('`sort=saving`', 'saving'),
    make('`sort=title`', 'title'),
    make(`\`sort=saving\`, the page after the ${DEEP_AFTER}th wish`, 'saving', {}, DEEP_AFTER),
    make('`sort=saving&below_max_price=true`', 'saving', { belowMaxPrice: true }),
  ];
}

/** The key of the `n`th wish in `order`, found by walking the pages. */
async function keyAfter(repository: SqlWishRepository, userId: number, order: WishOrder, n: number): Promise<number> {
  let window: PageWindow = { kind: 'first' };
  let seen = 0;
  for (;;) {
    const page = await repository.page(userId, {}, { window, size: SIZE }, order);
    for (const wish of page.items) if (++seen === n) return pageKeyOf(order, wish);
    if (!page.hasMore) throw new Error(`The reader has fewer than ${n} wishes`);
    window = { kind: 'after', key: pageKeyOf(order, page.items[page.items.length - 1]!) };
  }
}

/**
 * Every wish read unsorted (page by page), ordered by the domain's rules with the books' stored titles: each case's
 * page must be that order's slice, or the timings would mean nothing.
 */
export async function checkSortedPages(
  repository: SqlWishRepository,
  client: pg.Client,
  userId: number,
  cases: readonly SortedPageCase[],
  say: (line: string) => void,
): Promise<void> {
  const every: PricedWish[] = [];
  let window: PageWindow = { kind: 'first' };
  for (;;) {
    const page = await repository.page(userId, {}, { window, size: SIZE }, DEFAULT_WISH_ORDER);
    every.push(...page.items);
    if (!page.hasMore) break;
    window = { kind: 'after', key: page.items[page.items.length - 1]!.id };
  }
  const titles = new Map(
    (await client.query<{ book_id: string; title_search: string }>('select book_id, title_search from book where book_id = any($1::bigint[])', [every.map((w) => w.bookId)])).rows.map(
      (r) => [Number(r.book_id), r.title_search],
    ),
  );
  for (const c of cases) {
    const order = wishOrderOf(c.sort);
    const kept = every.filter((w) => c.filter.belowMaxPrice === undefined || w.belowMaxPrice === c.filter.belowMaxPrice);
    const expected =
      order.field === 'created_at'
        ? kept.map((w) => w.id)
        : kept
            .map((w) => ({
              id: w.id,
              place: sortPositionOf(order, w.bookId, {
                titleSearch: titles.get(w.bookId)!,
                bestMinor: w.bestPrice === null ? null : userPriceOf(w.bestPrice).toMinor(),
                lowestMinor: w.lowestPrice === null ? null : userPriceOf(w.lowestPrice).toMinor(),
              }),
            }))
            .sort((a, b) => compareSortPositions(order, a.place, b.place))
            .map((w) => w.id);
    const got = (await c.run()).map((w) => w.id);
    if (got.join() !== expected.slice(c.after, c.after + SIZE).join()) throw new Error(`${c.label}: the page is not the domain's order`);
  }
  say(`Sorted pages agree with the domain's order of all ${every.length} wishes (${cases.length} cases)`);
}
