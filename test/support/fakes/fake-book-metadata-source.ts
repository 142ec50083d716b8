import type {
  BookMetadata,
  BookMetadataSource,
  MetadataLookup,
  MetadataSearch,
  TitleQuery,
} from '../../../src/application/catalog/ports/book-metadata-source.js';

type Unavailable = { kind: 'unavailable'; message: string; retryAfterSeconds?: number };

/**
 * A metadata source that knows the books the test gave it (by ISBN, and by title for searches), or is unavailable
 * throughout. `lookups` and `searches` keep what it was asked.
 */
export class FakeBookMetadataSource implements BookMetadataSource {
  readonly lookups: string[][] = [];
  readonly searches: TitleQuery[] = [];
  private readonly books = new Map<string, BookMetadata>();
  private outage: Unavailable | null = null;

  knows(...books: BookMetadata[]): this {
    for (const book of books) this.books.set(book.isbn13, book);
    return this;
  }

  unavailable(message: string, retryAfterSeconds?: number): this {
    this.outage = { kind: 'unavailable', message, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) };
    return this;
  }

  async lookup(isbn13s: readonly string[]): Promise<MetadataLookup> {
    this.lookups.push([...isbn13s]);
    if (this.outage) return { ...this.outage };
    return { kind: 'found', books: new Map(isbn13s.flatMap((isbn) => (this.books.has(isbn) ? [[isbn, this.books.get(isbn)!] as const] : []))) };
  }

  async search(query: TitleQuery): Promise<MetadataSearch> {
    this.searches.push({ title: query.title, authors: [...query.authors] });
    if (this.outage) return { ...this.outage };
    return { kind: 'found', editions: [...this.books.values()].filter((book) => book.title === query.title) };
  }
}
