import type { WishFilter, WishRepository } from '../../../src/application/wishes/ports/wish-repository.js';
import type { Clock } from '../../../src/application/shared/clock.js';
import type { PageRequest, PageSlice } from '../../../src/domain/shared/page.js';
import { normalizeForSearch } from '../../../src/domain/shared/search-text.js';
import { BookAlreadyWishedError } from '../../../src/domain/wishes/errors.js';
import { FOLLOW_ACCOUNT, type WishAlertSettings } from '../../../src/domain/alerts/alert-settings.js';
import type { NewWish, Wish, WishChange, WithAlertSettings } from '../../../src/domain/wishes/wish.js';
import {
  compareSortPositions,
  DEFAULT_WISH_ORDER,
  type SortPosition,
  sortPositionOf,
  type WishOrder,
} from '../../../src/domain/wishes/wish-order.js';
import { type BestPrice, isBelowMaxPrice, type LowestPrice, type PricedWish, userPriceOf } from '../../../src/domain/wishes/wish-prices.js';
import { keysetPage } from './keyset-page.js';

interface StoredWish extends Wish {
  userId: number;
  alertSettings: WishAlertSettings;
}

type ShownWish = WithAlertSettings<PricedWish>;

/** A best price as a test states it: without shipping or conversion unless told. */
export type GivenBestPrice = Omit<BestPrice, 'shipping' | 'delivered' | 'converted'> & Partial<Pick<BestPrice, 'shipping' | 'delivered' | 'converted'>>;
/** A lowest price as a test states it: not converted unless told. */
export type GivenLowestPrice = Omit<LowestPrice, 'converted'> & Partial<Pick<LowestPrice, 'converted'>>;

/** A book's prices in a user's scope, as the SQL statement would work them out from the quotes. */
export interface ScopedPrices {
  best: GivenBestPrice | null;
  lowest: GivenLowestPrice | null;
}

interface PricesInScope {
  best: BestPrice | null;
  lowest: LowestPrice | null;
}

/**
 * Wishes in memory, each kept with its owner: every method sees only the given user's wishes, so another user's wish
 * is simply not found. A user wishes a book once (`add` throws BookAlreadyWishedError, `addMany` skips it). Prices
 * are given per user and book with `pricesFor` (none by default), titles per book with `titled` ("Book <id>" by
 * default); `belowMaxPrice` and the orders follow the domain's rules (wish-order.ts), as the SQL statement does.
 */
export class InMemoryWishRepository implements WishRepository {
  private readonly rows: StoredWish[] = [];
  private readonly prices = new Map<string, PricesInScope>();
  private readonly titles = new Map<number, string>();
  private nextId = 1;

  constructor(private readonly clock: Clock) {}

  /** The best and lowest price of `bookId` in the scope of `userId`. */
  pricesFor(userId: number, bookId: number, { best, lowest }: ScopedPrices): this {
    this.prices.set(`${userId}/${bookId}`, {
      best: best === null ? null : { shipping: null, delivered: null, converted: null, ...best },
      lowest: lowest === null ? null : { converted: null, ...lowest },
    });
    return this;
  }

  /** The title of `bookId`, which the `title` order reads as the catalog stores it for search (folded). */
  titled(bookId: number, title: string): this {
    this.titles.set(bookId, normalizeForSearch(title));
    return this;
  }

  /** The user's wishes as stored, oldest first. */
  of(userId: number): Wish[] {
    return this.rows.filter((w) => w.userId === userId).map(withoutOwner);
  }

  async page(userId: number, filter: WishFilter, request: PageRequest, order: WishOrder = DEFAULT_WISH_ORDER): Promise<PageSlice<ShownWish>> {
    const mine = this.rows
      .filter((w) => w.userId === userId && (filter.bookId === undefined || w.bookId === filter.bookId))
      .filter((w) => filter.isMonitored === undefined || w.isMonitored === filter.isMonitored)
      .map((w) => this.priced(w))
      .filter((w) => filter.belowMaxPrice === undefined || w.belowMaxPrice === filter.belowMaxPrice)
      .filter((w) => filter.format === undefined || w.bestPrice?.format === filter.format);
    if (order.field === 'created_at') return keysetPage(mine, (w) => w.id, order.descending ? 'desc' : 'asc', request);
    // The key is a book id; its place is worked out for the book alone, wished or not, filtered or not.
    const placeOf = (bookId: number): SortPosition => {
      const { best, lowest } = this.prices.get(`${userId}/${bookId}`) ?? { best: null, lowest: null };
      const titleSearch = this.titles.get(bookId) ?? normalizeForSearch(`Book ${bookId}`);
      return sortPositionOf(order, bookId, {
        titleSearch,
        bestMinor: best === null ? null : userPriceOf(best).toMinor(),
        lowestMinor: lowest === null ? null : userPriceOf(lowest).toMinor(),
      });
    };
    const compare = (a: SortPosition, b: SortPosition) => compareSortPositions(order, a, b);
    const placed = mine.map((wish) => ({ wish, place: placeOf(wish.bookId) })).sort((a, b) => compare(a.place, b.place));
    const window = request.window;
    const slice = (rows: typeof placed, fromEnd: boolean): PageSlice<ShownWish> => ({
      items: (fromEnd ? rows.slice(Math.max(0, rows.length - request.size)) : rows.slice(0, request.size)).map((r) => r.wish),
      hasMore: rows.length > request.size,
    });
    switch (window.kind) {
      case 'first':
        return slice(placed, false);
      case 'last':
        return slice(placed, true);
      case 'after':
        return slice(placed.filter((r) => compare(r.place, placeOf(window.key)) > 0), false);
      case 'before':
        return slice(placed.filter((r) => compare(r.place, placeOf(window.key)) < 0), true);
    }
  }

  async findById(userId: number, wishId: number): Promise<ShownWish | null> {
    const wish = this.rows.find((w) => w.userId === userId && w.id === wishId);
    return wish ? this.priced(wish) : null;
  }

  async add(userId: number, wish: NewWish): Promise<Wish> {
    if (this.rows.some((w) => w.userId === userId && w.bookId === wish.bookId)) throw new BookAlreadyWishedError(wish.bookId);
    const { alertSettings = FOLLOW_ACCOUNT, ...fields } = wish;
    const stored: StoredWish = { ...fields, alertSettings: { ...alertSettings }, id: this.nextId++, userId, createdAt: this.clock.now() };
    this.rows.push(stored);
    return withoutOwner(stored);
  }

  async addMany(userId: number, wishes: readonly NewWish[]): Promise<Set<number>> {
    const added = new Set<number>();
    for (const wish of wishes) {
      if (this.rows.some((w) => w.userId === userId && w.bookId === wish.bookId)) continue;
      await this.add(userId, wish);
      added.add(wish.bookId);
    }
    return added;
  }

  async update(userId: number, wishId: number, change: WishChange): Promise<boolean> {
    const wish = this.rows.find((w) => w.userId === userId && w.id === wishId);
    if (!wish) return false;
    if (change.isMonitored !== undefined) wish.isMonitored = change.isMonitored;
    if (change.maxPrice !== undefined) wish.maxPrice = change.maxPrice;
    if (change.dropPercent !== undefined) wish.alertSettings.dropPercent = change.dropPercent;
    if (change.lowestDays !== undefined) wish.alertSettings.lowestDays = change.lowestDays;
    return true;
  }

  async remove(userId: number, wishId: number): Promise<boolean> {
    const index = this.rows.findIndex((w) => w.userId === userId && w.id === wishId);
    if (index < 0) return false;
    this.rows.splice(index, 1);
    return true;
  }

  private priced(stored: StoredWish): ShownWish {
    const wish = withoutOwner(stored);
    const { best, lowest } = this.prices.get(`${stored.userId}/${stored.bookId}`) ?? { best: null, lowest: null };
    return { ...wish, bestPrice: best, lowestPrice: lowest, belowMaxPrice: isBelowMaxPrice(wish.maxPrice, best), alertSettings: { ...stored.alertSettings } };
  }
}

/** The wish's own fields (its alert settings are shown with its prices). */
function withoutOwner({ userId: _owner, alertSettings: _settings, ...wish }: StoredWish): Wish {
  return { ...wish };
}
