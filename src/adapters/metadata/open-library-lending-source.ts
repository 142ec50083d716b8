import type { LendingCheck, LendingAvailabilitySource } from '../../application/catalog/ports/lending-availability-source.js';
import type { LendingOffer } from '../../domain/catalog/borrow-availability.js';
import type { MetadataHttpClient } from './metadata-http-client.js';
import { lendingOfferOf, readApiEntries, readApiKeyOf } from './open-library-lending-mapping.js';

/**
 * ISBNs per request. The Read API looks each one's work and scans up on the service's side, so a request costs it far
 * more than a Books API lookup: 10 keeps each answer quick and well inside the timeout.
 */
export const OPEN_LIBRARY_LENDING_BATCH_SIZE = 10;

/**
 * Open Library's lending programme through its Read API, several ISBNs a request (the multi-lookup form
 * `/api/volumes/brief/json/isbn:…|isbn:…`, answered by id). Only ISBNs are sent. The client is the metadata sources'
 * own: the same User-Agent, spacing, timeout, retries and Retry-After.
 */
export class OpenLibraryLendingSource implements LendingAvailabilitySource {
  private readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly http: MetadataHttpClient,
    private readonly batchSize = OPEN_LIBRARY_LENDING_BATCH_SIZE,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  async check(isbn13s: readonly string[], signal?: AbortSignal): Promise<LendingCheck> {
    const wanted = [...new Set(isbn13s)].filter((isbn) => /^\d{13}$/.test(isbn));
    const offers = new Map<string, LendingOffer>();
    for (let start = 0; start < wanted.length; start += this.batchSize) {
      const batch = wanted.slice(start, start + this.batchSize);
      const answer = await this.http.getJson(this.urlOf(batch), signal);
      if (answer.kind === 'unavailable') return answer;
      // The API answers `{}` when it knows none of the ids: a 404 is a wrong base URL.
      if (answer.kind === 'not_found') return { kind: 'unavailable', message: `open-library has no Read API at ${this.baseUrl}/api/volumes (404)` };
      const entries = readApiEntries(answer.body);
      // JSON that is no answer (an array, an error text) must not pass every ISBN off as not lendable.
      if (entries === null) return { kind: 'unavailable', message: 'open-library answered the Read API with something that is not an answer by id' };
      for (const isbn of batch) {
        const entry = entries.get(readApiKeyOf(isbn));
        if (entry) offers.set(isbn, lendingOfferOf(entry));
      }
    }
    return { kind: 'checked', offers };
  }

  private urlOf(isbns: readonly string[]): string {
    // `|` separates the ids; escaped, as the service reads the raw path (%7C) as well as the decoded one.
    return `${this.baseUrl}/api/volumes/brief/json/${isbns.map(readApiKeyOf).join('%7C')}`;
  }
}
