import type { BookListRepository } from '../../../src/application/lists/ports/book-list-repository.js';
import type { Clock } from '../../../src/application/shared/clock.js';
import type { BookList, NewBookList, PublicBookList, PublicListBook } from '../../../src/domain/lists/book-list.js';
import type { PageRequest, PageSlice } from '../../../src/domain/shared/page.js';
import { keysetPage } from './keyset-page.js';

interface StoredList extends BookList {
  userId: number;
}

/**
 * Book lists in memory, each with its owner: owner methods see only the given user's lists. The public view by token
 * lists the books `describeBook` told of (title, authors, best price), in the list's order.
 */
export class InMemoryBookListRepository implements BookListRepository {
  private readonly rows: StoredList[] = [];
  private readonly books = new Map<number, Omit<PublicListBook, 'bookId'>>();
  private nextId = 1;

  constructor(private readonly clock: Clock) {}

  describeBook(bookId: number, book: Omit<PublicListBook, 'bookId'>): this {
    this.books.set(bookId, book);
    return this;
  }

  of(userId: number): BookList[] {
    return this.rows.filter((l) => l.userId === userId).map(withoutOwner);
  }

  async page(userId: number, request: PageRequest): Promise<PageSlice<BookList>> {
    const page = keysetPage(
      this.rows.filter((l) => l.userId === userId),
      (l) => l.id,
      'asc',
      request,
    );
    return { ...page, items: page.items.map(withoutOwner) };
  }

  async findById(userId: number, listId: number): Promise<BookList | null> {
    const list = this.rows.find((l) => l.userId === userId && l.id === listId);
    return list ? withoutOwner(list) : null;
  }

  async add(userId: number, list: NewBookList): Promise<BookList> {
    const stored: StoredList = { ...list, bookIds: [...list.bookIds], id: this.nextId++, userId, createdAt: this.clock.now() };
    this.rows.push(stored);
    return withoutOwner(stored);
  }

  async remove(userId: number, listId: number): Promise<boolean> {
    const index = this.rows.findIndex((l) => l.userId === userId && l.id === listId);
    if (index < 0) return false;
    this.rows.splice(index, 1);
    return true;
  }

  async findPublic(token: string): Promise<PublicBookList | null> {
    const list = this.rows.find((l) => l.token === token);
    if (!list) return null;
    return {
      name: list.name,
      createdAt: list.createdAt,
      books: list.bookIds.map((bookId) => ({ bookId, ...(this.books.get(bookId) ?? { title: `Book ${bookId}`, authors: [], bestPrice: null }) })),
    };
  }
}

function withoutOwner({ userId: _owner, ...list }: StoredList): BookList {
  return { ...list, bookIds: [...list.bookIds] };
}
