// The chained source's title search over the real adapters, against the demonstration metadata server: the first
// source that finds something answers (whole, not merged), a source that finds nothing or is unavailable passes the
// search on, and `unavailable` only when every source was.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MetadataConfig } from '../../../config/config.js';
import { type DemoMetadataServer, startDemoMetadataServer } from '../../../src/adapters/demo/metadata/index.js';
import { metadataSourceOf } from '../../../src/adapters/metadata/configured-metadata-source.js';
import { ChainedMetadataSource } from '../../../src/application/catalog/chained-metadata-source.js';
import type { BookMetadata, BookMetadataSource, MetadataSearch } from '../../../src/application/catalog/ports/book-metadata-source.js';
import { searchableDemoBook, USER_AGENT } from './metadata-test-support.js';

let demo: DemoMetadataServer;

beforeAll(async () => {
  demo = await startDemoMetadataServer();
});

beforeEach(() => {
  demo.reset();
});

afterAll(async () => {
  await demo.close();
});

function config(overrides: Partial<MetadataConfig> = {}): MetadataConfig {
  return {
    sources: ['open-library', 'google-books'],
    openLibraryUrl: demo.url,
    googleBooksUrl: demo.url,
    googleBooksApiKey: null,
    minIntervalMs: 0,
    timeoutMs: 2000,
    retries: 0,
    userAgent: USER_AGENT,
    demoServerUrl: null,
    ...overrides,
  };
}

const queryOf = (book: { title: string; authors: string[] }) => ({ title: book.title, authors: book.authors });
const isbnsOf = (result: MetadataSearch) => (result.kind === 'found' ? result.editions.map((e) => [e.isbn13, e.source]) : result);

describe('title search across sources', () => {
  it('takes the first source\'s answer when it found something, and asks no further', async () => {
    const book = searchableDemoBook((ol, g) => ol !== null && g !== null);
    expect(isbnsOf(await metadataSourceOf(config()).search(queryOf(book)))).toEqual([[book.isbn13, 'open-library']]);
    expect(demo.requests('google-books')).toEqual([]);
  });

  it('asks the next source when the first found nothing', async () => {
    const book = searchableDemoBook((ol, g) => ol === null && g !== null);
    expect(isbnsOf(await metadataSourceOf(config()).search(queryOf(book)))).toEqual([[book.isbn13, 'google-books']]);
    expect(demo.requests().map((r) => [r.source, r.kind])).toEqual([
      ['open-library', 'search'],
      ['google-books', 'search'],
    ]);
  });

  it('follows METADATA_SOURCES order', async () => {
    const book = searchableDemoBook((ol, g) => ol !== null && g !== null);
    expect(isbnsOf(await metadataSourceOf(config({ sources: ['google-books', 'open-library'] })).search(queryOf(book)))).toEqual([[book.isbn13, 'google-books']]);
    expect(demo.requests('open-library')).toEqual([]);
  });

  it('asks the next source when the first is unavailable', async () => {
    demo.set('open-library', '*', { kind: 'server_error' });
    const book = searchableDemoBook((ol, g) => ol !== null && g !== null);
    expect(isbnsOf(await metadataSourceOf(config()).search(queryOf(book)))).toEqual([[book.isbn13, 'google-books']]);
  });

  it('answers found with nothing when the sources that answered found nothing, even if another was unavailable', async () => {
    const book = searchableDemoBook((ol, g) => ol === null && g !== null);
    demo.set('google-books', '*', { kind: 'server_error' });
    expect(await metadataSourceOf(config()).search(queryOf(book))).toEqual({ kind: 'found', editions: [] });
  });

  it('is unavailable when every source was, with each reason and the soonest Retry-After when each gave one', async () => {
    demo.set('open-library', '*', { kind: 'rate_limited', retryAfterSeconds: 300 });
    demo.set('google-books', '*', { kind: 'rate_limited', retryAfterSeconds: 60 });
    expect(await metadataSourceOf(config()).search({ title: 'Harbour', authors: [] })).toEqual({
      kind: 'unavailable',
      message: 'open-library answered 429; google-books answered 429',
      retryAfterSeconds: 60,
    });
  });

  it('answers found with nothing, asking nobody, with METADATA_SOURCES=off', async () => {
    expect(await metadataSourceOf(config({ sources: [] })).search({ title: 'Harbour', authors: [] })).toEqual({ kind: 'found', editions: [] });
    expect(demo.requests()).toEqual([]);
  });

  it('passes the first answer on whole: several editions stay, later sources are not merged in', async () => {
    const many: MetadataSearch = { kind: 'found', editions: [edition('9780316030571'), edition('9781857231359')] };
    const later: BookMetadataSource = { lookup: () => Promise.reject(new Error('not asked')), search: () => Promise.reject(new Error('not asked')) };
    const first: BookMetadataSource = { lookup: () => Promise.reject(new Error('not asked')), search: async () => many };
    expect(await new ChainedMetadataSource([first, later]).search({ title: 'Use of Weapons', authors: [] })).toBe(many);
  });
});

function edition(isbn13: string): BookMetadata {
  return {
    isbn13,
    title: 'Use of Weapons',
    subtitle: null,
    authors: ['Iain M. Banks'],
    publisher: null,
    publishedYear: null,
    pages: null,
    languageCode: null,
    format: null,
    coverUrl: null,
    source: 'fake',
  };
}
