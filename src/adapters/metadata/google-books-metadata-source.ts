import type { BookMetadata, BookMetadataSource, MetadataLookup } from '../../application/catalog/ports/book-metadata-source.js';
import { GOOGLE_BOOKS, googleBooksBook } from './google-books-mapping.js';
import type { MetadataHttpClient } from './metadata-http-client.js';

/**
 * Google Books' volumes search, one ISBN per request (the API has no batch lookup). The API key, when configured, is
 * sent as the documented `key` parameter; the HTTP client is given it as a secret, so no message ever shows it.
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

  async lookup(isbn13s: readonly string[]): Promise<MetadataLookup> {
    const books = new Map<string, BookMetadata>();
    for (const isbn of new Set(isbn13s)) {
      if (!/^\d{13}$/.test(isbn)) continue;
      const answer = await this.http.getJson(this.urlOf(isbn));
      if (answer.kind === 'unavailable') return answer;
      // The search answers 200 with no items for an unknown ISBN: a 404 means there is no API at the configured URL.
      if (answer.kind === 'not_found') return { kind: 'unavailable', message: `${GOOGLE_BOOKS} has no volumes API at ${this.baseUrl}/books/v1/volumes (404)` };
      const book = googleBooksBook(isbn, answer.body);
      if (book) books.set(isbn, book);
    }
    return { kind: 'found', books };
  }

  private urlOf(isbn13: string): string {
    const key = this.apiKey ? `&key=${encodeURIComponent(this.apiKey)}` : '';
    return `${this.baseUrl}/books/v1/volumes?q=isbn:${isbn13}${key}`;
  }
}
