import type { WishFilter, WishRepository } from '../../../src/application/wishes/ports/wish-repository.js';
import type { Clock } from '../../../src/application/shared/clock.js';
import type { PageRequest, PageSlice } from '../../../src/domain/shared/page.js';
import { BookAlreadyWishedError } from '../../../src/domain/wishes/errors.js';
import type { NewWish, Wish, WishChange } from '../../../src/domain/wishes/wish.js';
import { keysetPage } from './keyset-page.js';

interface StoredWish extends Wish {
  userId: number;
}

/**
 * Wishes in memory, each kept with its owner: every method sees only the given user's wishes, so another user's wish
 * is simply not found. A user wishes a book once (`add` throws BookAlreadyWishedError, `addMany` skips it).
 */
export class InMemoryWishRepository implements WishRepository {
  private readonly rows: StoredWish[] = [];
  private nextId = 1;

  constructor(private readonly clock: Clock) {}

  /** The user's wishes as stored, oldest first. */
  of(userId: number): Wish[] {
    return this.rows.filter((w) => w.userId === userId).map(withoutOwner);
  }

  async page(userId: number, filter: WishFilter, request: PageRequest): Promise<PageSlice<Wish>> {
    const mine = this.rows.filter((w) => w.userId === userId && (filter.bookId === undefined || w.bookId === filter.bookId));
    const page = keysetPage(mine, (w) => w.id, 'asc', request);
    return { ...page, items: page.items.map(withoutOwner) };
  }

  async findById(userId: number, wishId: number): Promise<Wish | null> {
    const wish = this.rows.find((w) => w.userId === userId && w.id === wishId);
    return wish ? withoutOwner(wish) : null;
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
}

function withoutOwner({ userId: _owner, ...wish }: StoredWish): Wish {
  return { ...wish };
}
