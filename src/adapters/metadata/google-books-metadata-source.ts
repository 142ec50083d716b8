import type { BookMetadata, BookMetadataSource, MetadataLookup, MetadataSearch, TitleQuery } from '../../application/catalog/ports/book-metadata-source.js';
import { GOOGLE_BOOKS, googleBooksBook, googleBooksSearchEditions } from './google-books-mapping.js';
import type { MetadataHttpClient } from './metadata-http-client.js';
import { titleSearchTermsOf } from './title-search-terms.js';

/** Volumes per title search (Google's default page; it allows 40): one book's editions and its namesakes fit. */
export const GOOGLE_BOOKS_SEARCH_LIMIT = 10;

/**
 * Google Books' volumes search, one ISBN per request (the API has no batch lookup). The API key, when configured, is
 * sent as the documented `key` parameter; the HTTP client is given it as a secret, so no message ever shows it.
 * Title searches use the same endpoint with the `intitle:` and `inauthor:` keywords.
 */
export class GoogleBooksMetadataSource implements BookMetadataSource {
  private readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly http: MetadataHttpClient,
    private readonly apiKey: string | null = null,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  async lookup(isbn13s: readonly string[], signal?: AbortSignal): Promise<MetadataLookup> {
    const books = new Map<string, BookMetadata>();
    for (const isbn of new Set(isbn13s)) {
      if (!/^\d{13}$/.test(isbn)) continue;
      const answer = await this.http.getJson(this.urlOf(isbn), signal);
      if (answer.kind === 'unavailable') return answer;
      // The search answers 200 with no items for an unknown ISBN: a 404 means there is no API at the configured URL.
      if (answer.kind === 'not_found') return { kind: 'unavailable', message: `${GOOGLE_BOOKS} has no volumes API at ${this.baseUrl}/books/v1/volumes (404)` };
      const book = googleBooksBook(isbn, answer.body);
      if (book) books.set(isbn, book);
    }
    return { kind: 'found', books };
  }

  async search(query: TitleQuery, signal?: AbortSignal): Promise<MetadataSearch> {
    const terms = titleSearchTermsOf(query);
    if (terms === null) return { kind: 'found', editions: [] };
    // The title as one phrase (a double quote in it would end the phrase early); the last name is one word.
    const title = `intitle:"${terms.title.replace(/"/g, ' ').replace(/\s+/g, ' ').trim()}"`;
    const q = terms.author === null ? title : `${title} inauthor:${terms.author}`;
    const answer = await this.http.getJson(`${this.baseUrl}/books/v1/volumes?q=${queryValue(q)}&printType=books&maxResults=${GOOGLE_BOOKS_SEARCH_LIMIT}${this.keyParameter()}`, signal);
    if (answer.kind === 'unavailable') return answer;
    if (answer.kind === 'not_found') return { kind: 'unavailable', message: `${GOOGLE_BOOKS} has no volumes API at ${this.baseUrl}/books/v1/volumes (404)` };
    const editions = googleBooksSearchEditions(answer.body);
    if (editions === null) return { kind: 'unavailable', message: `${GOOGLE_BOOKS} answered a search with a body that is not an object` };
    return { kind: 'found', editions };
  }

  private urlOf(isbn13: string): string {
    return `${this.baseUrl}/books/v1/volumes?q=isbn:${isbn13}${this.keyParameter()}`;
  }

  private keyParameter(): string {
    return this.apiKey ? `&key=${encodeURIComponent(this.apiKey)}` : '';
  }
}

/** A `q` value as Google's documentation writes it: spaces as `+`, the keywords' colons literal, the rest escaped. */
function queryValue(q: string): string {
  return encodeURIComponent(q).replace(/%20/g, '+').replace(/%3A/gi, ':');
}
