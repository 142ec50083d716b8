import type { BookFilter, BookRepository } from '../../../src/application/catalog/ports/book-repository.js';
import type { Author } from '../../../src/domain/catalog/author.js';
import { Book } from '../../../src/domain/catalog/book.js';
import { EDITION_FORMATS, type Edition } from '../../../src/domain/catalog/edition.js';
import { BookInUseError, UnknownReferenceError } from '../../../src/domain/catalog/errors.js';
import type { PageRequest, PageSlice } from '../../../src/domain/shared/page.js';
import { keysetPage } from './keyset-page.js';

/** Where the fake reads what SQL joins in: the authors' folded names (InMemoryAuthorRepository fits). */
export interface KnownAuthors {
  stored(id: number): Pick<Author, 'nameSearch'> | undefined;
}

/** Where the fake reads a book's editions (InMemoryEditionRepository fits). */
export interface KnownEditions {
  readonly all: ReadonlyArray<Pick<Edition, 'id' | 'bookId' | 'format' | 'coverUrl'>>;
}

/**
 * Books in memory. Stores and hands out copies, as a database would, so a change the use case does not save is not
 * kept. `save` numbers a new book; `delete` refuses a book `markInUse` named (on a wish list or a list).
 * `filters` keeps every page filter asked for. With `authors`, a search also matches an author's name or alias and a
 * save naming an unknown author is refused, as the SQL does; with `editions`, a book's cover and formats are read
 * from them (never from what was saved). Without them, a search matches the folded title only and the cover and
 * formats are what `add` or `save` was given.
 */
export class InMemoryBookRepository implements BookRepository {
  readonly filters: BookFilter[] = [];
  private readonly rows = new Map<number, Book>();
  private readonly inUse = new Set<number>();
  private nextId = 1;

  constructor(private readonly related: { authors?: KnownAuthors; editions?: KnownEditions } = {}) {}

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
    return book && this.shown(book);
  }

  get all(): Book[] {
    return [...this.rows.values()].map((book) => this.shown(book));
  }

  async findById(id: number): Promise<Book | null> {
    return this.stored(id) ?? null;
  }

  /** Every id given that names no book, repeats and all (SQL unnests the list as given). */
  async findMissingIds(ids: readonly number[]): Promise<number[]> {
    return ids.filter((id) => !this.rows.has(id));
  }

  async save(book: Book): Promise<void> {
    const { authors } = this.related;
    // The SQL's foreign key: an author deleted between the reference check and the save.
    if (authors && book.authorIds.some((id) => authors.stored(id) === undefined)) {
      throw new UnknownReferenceError('author_ids', 'author', book.authorIds);
    }
    this.store(book);
  }

  async delete(book: Book): Promise<void> {
    if (this.inUse.has(book.id)) throw new BookInUseError(book.id);
    this.rows.delete(book.id);
  }

  async page(filter: BookFilter, request: PageRequest): Promise<PageSlice<Book>> {
    this.filters.push({ ...filter });
    const matching = [...this.rows.values()].filter(
      (b) => (filter.search === undefined || this.matches(b, filter.search)) && (filter.ids === undefined || filter.ids.includes(b.id)),
    );
    const page = keysetPage(matching, (b) => b.id, 'asc', request);
    return { ...page, items: page.items.map((book) => this.shown(book)) };
  }

  /** The folded title contains the search, or an author's folded name or alias does. */
  private matches(book: Book, search: string): boolean {
    if (book.titleSearch.includes(search)) return true;
    const { authors } = this.related;
    return authors !== undefined && book.authorIds.some((id) => authors.stored(id)?.nameSearch.split('\u0001').some((name) => name.includes(search)));
  }

  private store(book: Book): void {
    if (book.id === undefined) book.id = this.nextId++;
    else this.nextId = Math.max(this.nextId, book.id + 1);
    this.rows.set(book.id, copyOf(book));
  }

  /** A copy, with the cover and formats of its editions when the fake knows them. */
  private shown(book: Book): Book {
    const copy = copyOf(book);
    const { editions } = this.related;
    if (!editions) return copy;
    const mine = editions.all.filter((e) => e.bookId === book.id).sort((a, b) => a.id - b.id);
    copy.coverUrl = mine.find((e) => e.coverUrl != null)?.coverUrl ?? null;
    copy.formats = EDITION_FORMATS.filter((format) => mine.some((e) => e.format === format));
    return copy;
  }
}

function copyOf(book: Book): Book {
  return Object.assign(new Book(), book, { authorIds: [...book.authorIds], formats: [...book.formats] });
}
