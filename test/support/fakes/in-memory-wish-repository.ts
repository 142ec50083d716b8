import type { WishFilter, WishRepository } from '../../../src/application/wishes/ports/wish-repository.js';
import type { Clock } from '../../../src/application/shared/clock.js';
import type { PageRequest, PageSlice } from '../../../src/domain/shared/page.js';
import { BookAlreadyWishedError } from '../../../src/domain/wishes/errors.js';
import type { NewWish, Wish, WishChange } from '../../../src/domain/wishes/wish.js';
import { type BestPrice, isBelowMaxPrice, type LowestPrice, type PricedWish } from '../../../src/domain/wishes/wish-prices.js';
import { keysetPage } from './keyset-page.js';

interface StoredWish extends Wish {
  userId: number;
}

/** A book's prices in a user's scope, as the SQL statement would work them out from the quotes. */
export interface ScopedPrices {
  best: BestPrice | null;
  lowest: LowestPrice | null;
}

/**
 * Wishes in memory, each kept with its owner: every method sees only the given user's wishes, so another user's wish
 * is simply not found. A user wishes a book once (`add` throws BookAlreadyWishedError, `addMany` skips it). Prices
 * are given per user and book with `pricesFor` (none by default); `belowMaxPrice` follows the domain's rule.
 */
export class InMemoryWishRepository implements WishRepository {
  private readonly rows: StoredWish[] = [];
  private readonly prices = new Map<string, ScopedPrices>();
  private nextId = 1;

  constructor(private readonly clock: Clock) {}

  /** The best and lowest price of `bookId` in the scope of `userId`. */
  pricesFor(userId: number, bookId: number, prices: ScopedPrices): this {
    this.prices.set(`${userId}/${bookId}`, prices);
    return this;
  }

  /** The user's wishes as stored, oldest first. */
  of(userId: number): Wish[] {
    return this.rows.filter((w) => w.userId === userId).map(withoutOwner);
  }

  async page(userId: number, filter: WishFilter, request: PageRequest): Promise<PageSlice<PricedWish>> {
    const mine = this.rows
      .filter((w) => w.userId === userId && (filter.bookId === undefined || w.bookId === filter.bookId))
      .map((w) => this.priced(w))
      .filter((w) => filter.belowMaxPrice === undefined || w.belowMaxPrice === filter.belowMaxPrice);
    return keysetPage(mine, (w) => w.id, 'asc', request);
  }

  async findById(userId: number, wishId: number): Promise<PricedWish | null> {
    const wish = this.rows.find((w) => w.userId === userId && w.id === wishId);
    return wish ? this.priced(wish) : null;
  }

  async add(userId: number, wish: NewWish): Promise<Wish> {
    if (this.rows.some((w) => w.userId === userId && w.bookId === wish.bookId)) throw new BookAlreadyWishedError(wish.bookId);
    const stored: StoredWish = { ...wish, id: this.nextId++, userId, createdAt: this.clock.now() };
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
    return true;
  }

  async remove(userId: number, wishId: number): Promise<boolean> {
    const index = this.rows.findIndex((w) => w.userId === userId && w.id === wishId);
    if (index < 0) return false;
    this.rows.splice(index, 1);
    return true;
  }

  private priced(stored: StoredWish): PricedWish {
    const wish = withoutOwner(stored);
    const { best, lowest } = this.prices.get(`${stored.userId}/${stored.bookId}`) ?? { best: null, lowest: null };
    return { ...wish, bestPrice: best, lowestPrice: lowest, belowMaxPrice: isBelowMaxPrice(wish.maxPrice, best) };
  }
}

function withoutOwner({ userId: _owner, ...wish }: StoredWish): Wish {
  return { ...wish };
}
