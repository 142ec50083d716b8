import type { BookFilter, BookRepository } from '../../../src/application/catalog/ports/book-repository.js';
import { Book } from '../../../src/domain/catalog/book.js';
import { BookInUseError } from '../../../src/domain/catalog/errors.js';
import type { PageRequest, PageSlice } from '../../../src/domain/shared/page.js';
import { keysetPage } from './keyset-page.js';

/**
 * Books in memory. Stores and hands out copies, as a database would, so a change the use case does not save is not
 * kept. `save` numbers a new book; `delete` refuses a book `markInUse` named (on a wish list or a list).
 * `filters` keeps every page filter asked for; a search matches the folded title only (author names live elsewhere).
 */
export class InMemoryBookRepository implements BookRepository {
  readonly filters: BookFilter[] = [];
  private readonly rows = new Map<number, Book>();
  private readonly inUse = new Set<number>();
  private nextId = 1;

  /** Books as if saved earlier; numbers those without an id. */
  add(...books: Book[]): this {
    for (const book of books) this.store(book);
    return this;
  }

  markInUse(bookId: number): this {
    this.inUse.add(bookId);
    return this;
  }

  /** The stored book (a copy), or undefined. */
  stored(id: number): Book | undefined {
    const book = this.rows.get(id);
    return book && copyOf(book);
  }

  get all(): Book[] {
    return [...this.rows.values()].map(copyOf);
  }

  async findById(id: number): Promise<Book | null> {
    return this.stored(id) ?? null;
  }

  async findMissingIds(ids: readonly number[]): Promise<number[]> {
    return [...new Set(ids)].filter((id) => !this.rows.has(id));
  }

  async save(book: Book): Promise<void> {
    this.store(book);
  }

  async delete(book: Book): Promise<void> {
    if (this.inUse.has(book.id)) throw new BookInUseError(book.id);
    this.rows.delete(book.id);
  }

  async page(filter: BookFilter, request: PageRequest): Promise<PageSlice<Book>> {
    this.filters.push({ ...filter });
    const matching = [...this.rows.values()].filter(
      (b) => (filter.search === undefined || b.titleSearch.includes(filter.search)) && (filter.ids === undefined || filter.ids.includes(b.id)),
    );
    const page = keysetPage(matching, (b) => b.id, 'asc', request);
    return { ...page, items: page.items.map(copyOf) };
  }

  private store(book: Book): void {
    if (book.id === undefined) book.id = this.nextId++;
    else this.nextId = Math.max(this.nextId, book.id + 1);
    this.rows.set(book.id, copyOf(book));
  }
}

function copyOf(book: Book): Book {
  return Object.assign(new Book(), book, { authorIds: [...book.authorIds], formats: [...book.formats] });
}
