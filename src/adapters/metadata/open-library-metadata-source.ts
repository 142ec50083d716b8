import type { BookMetadata, BookMetadataSource, MetadataLookup } from '../../application/catalog/ports/book-metadata-source.js';
import type { MetadataHttpClient } from './metadata-http-client.js';
import { bibkeyOf, entriesByBibkey, OPEN_LIBRARY, openLibraryBook } from './open-library-mapping.js';

/**
 * ISBNs per request. The Books API sets no documented maximum; 50 keeps the URL near 1 KB, well inside what any
 * proxy accepts, and the answer small (a `data` entry is a few KB).
 */
export const OPEN_LIBRARY_BATCH_SIZE = 50;

/**
 * Open Library's Books API: `jscmd=data` for each batch, then `jscmd=details` for the ISBNs it knew, since only the raw
 * edition record holds the language and the binding. One more request per batch costs less than sending each ISBN on
 * to a one-ISBN-per-request source for them. A failed `details` request only leaves those two fields empty.
 */
export class OpenLibraryMetadataSource implements BookMetadataSource {
  private readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly http: MetadataHttpClient,
    private readonly batchSize = OPEN_LIBRARY_BATCH_SIZE,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  async lookup(isbn13s: readonly string[]): Promise<MetadataLookup> {
    const wanted = [...new Set(isbn13s)].filter((isbn) => /^\d{13}$/.test(isbn));
    const books = new Map<string, BookMetadata>();
    for (let start = 0; start < wanted.length; start += this.batchSize) {
      const batch = wanted.slice(start, start + this.batchSize);
      const data = await this.http.getJson(this.urlOf(batch, 'data'));
      if (data.kind === 'unavailable') return data;
      // A 404 would be a wrong base URL rather than unknown books; the API answers `{}` when it knows none.
      if (data.kind === 'not_found') return { kind: 'unavailable', message: `${OPEN_LIBRARY} has no Books API at ${this.baseUrl}/api/books (404)` };
      const dataEntries = entriesByBibkey(data.body);
      const known = batch.filter((isbn) => dataEntries.has(bibkeyOf(isbn)));
      const details = known.length > 0 ? await this.http.getJson(this.urlOf(known, 'details')) : null;
      const detailEntries = details?.kind === 'json' ? entriesByBibkey(details.body) : new Map<string, Record<string, unknown>>();
      for (const isbn of known) {
        const entry = dataEntries.get(bibkeyOf(isbn));
        const book = entry ? openLibraryBook(isbn, entry, detailEntries.get(bibkeyOf(isbn))) : null;
        if (book) books.set(isbn, book);
      }
    }
    return { kind: 'found', books };
  }

  private urlOf(isbns: readonly string[], jscmd: 'data' | 'details'): string {
    // Commas and colons stay literal, as in the API's documentation; the digits need no escaping.
    return `${this.baseUrl}/api/books?bibkeys=${isbns.map(bibkeyOf).join(',')}&format=json&jscmd=${jscmd}`;
  }
}
