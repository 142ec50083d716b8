import type { BookMetadata, BookMetadataSource, MetadataLookup, MetadataSearch, TitleQuery } from '../../application/catalog/ports/book-metadata-source.js';
import type { MetadataHttpClient } from './metadata-http-client.js';
import { bibkeyOf, entriesByBibkey, OPEN_LIBRARY, openLibraryBook } from './open-library-mapping.js';
import { OPEN_LIBRARY_SEARCH_FIELDS, openLibraryCoversBase, openLibrarySearchEditions } from './open-library-search-mapping.js';
import { titleSearchTermsOf } from './title-search-terms.js';

/**
 * ISBNs per request. The Books API sets no documented maximum; 50 keeps the URL near 1 KB, well inside what any
 * proxy accepts, and the answer small (a `data` entry is a few KB).
 */
export const OPEN_LIBRARY_BATCH_SIZE = 50;

/** Works per title search: the right one is among the first few when it is there at all, and each adds a few hundred bytes. */
export const OPEN_LIBRARY_SEARCH_LIMIT = 10;

/**
 * Open Library's Books API: `jscmd=data` for each batch, then `jscmd=details` for the ISBNs it knew, since only the raw
 * edition record holds the language and the binding. One more request per batch costs less than sending each ISBN on
 * to a one-ISBN-per-request source for them. A failed `details` request only leaves those two fields empty.
 * Title searches use the Search API, asking for each work's best-matching edition in the same request.
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

  async lookup(isbn13s: readonly string[], signal?: AbortSignal): Promise<MetadataLookup> {
    const wanted = [...new Set(isbn13s)].filter((isbn) => /^\d{13}$/.test(isbn));
    const books = new Map<string, BookMetadata>();
    for (let start = 0; start < wanted.length; start += this.batchSize) {
      const batch = wanted.slice(start, start + this.batchSize);
      const data = await this.http.getJson(this.urlOf(batch, 'data'), signal);
      if (data.kind === 'unavailable') return data;
      // A 404 would be a wrong base URL rather than unknown books; the API answers `{}` when it knows none.
      if (data.kind === 'not_found') return { kind: 'unavailable', message: `${OPEN_LIBRARY} has no Books API at ${this.baseUrl}/api/books (404)` };
      const dataEntries = entriesByBibkey(data.body);
      const known = batch.filter((isbn) => dataEntries.has(bibkeyOf(isbn)));
      const details = known.length > 0 ? await this.http.getJson(this.urlOf(known, 'details'), signal) : null;
      const detailEntries = details?.kind === 'json' ? entriesByBibkey(details.body) : new Map<string, Record<string, unknown>>();
      for (const isbn of known) {
        const entry = dataEntries.get(bibkeyOf(isbn));
        const book = entry ? openLibraryBook(isbn, entry, detailEntries.get(bibkeyOf(isbn))) : null;
        if (book) books.set(isbn, book);
      }
    }
    return { kind: 'found', books };
  }

  async search(query: TitleQuery, signal?: AbortSignal): Promise<MetadataSearch> {
    const terms = titleSearchTermsOf(query);
    if (terms === null) return { kind: 'found', editions: [] };
    const author = terms.author === null ? '' : `&author=${encodeURIComponent(terms.author)}`;
    const url = `${this.baseUrl}/search.json?title=${encodeURIComponent(terms.title)}${author}&fields=${OPEN_LIBRARY_SEARCH_FIELDS}&limit=${OPEN_LIBRARY_SEARCH_LIMIT}`;
    const answer = await this.http.getJson(url, signal);
    if (answer.kind === 'unavailable') return answer;
    // The API answers 200 with no docs when nothing matches: a 404 is a wrong base URL.
    if (answer.kind === 'not_found') return { kind: 'unavailable', message: `${OPEN_LIBRARY} has no Search API at ${this.baseUrl}/search.json (404)` };
    const editions = openLibrarySearchEditions(answer.body, openLibraryCoversBase(this.baseUrl));
    // JSON without `docs` (an error object) is no answer: reading it as "nothing found" would settle the book for good.
    if (editions === null) return { kind: 'unavailable', message: `${OPEN_LIBRARY} answered a search without docs` };
    return { kind: 'found', editions };
  }

  private urlOf(isbns: readonly string[], jscmd: 'data' | 'details'): string {
    // Commas and colons stay literal, as in the API's documentation; the digits need no escaping.
    return `${this.baseUrl}/api/books?bibkeys=${isbns.map(bibkeyOf).join(',')}&format=json&jscmd=${jscmd}`;
  }
}
