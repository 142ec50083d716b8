// The chained source over the real adapters, as the container module builds it: the first source that knows an ISBN
// wins, later sources are asked only for what is still unknown or incomplete and fill the gaps, the configured order
// decides, and `unavailable` only when every source asked was unavailable. Against the demonstration metadata server
// and a purpose-built server that answers both APIs with differing values.
import { Container } from 'inversify';
import { describe, expect, it } from 'vitest';
import type { MetadataConfig } from '../../../config/config.js';
import { demoSourceView, type DemoSourceView } from '../../../src/adapters/demo/metadata/index.js';
import { metadataSourceOf } from '../../../src/adapters/metadata/configured-metadata-source.js';
import { metadataModule } from '../../../src/composition/modules/metadata-module.js';
import { isbn13From } from '../../../src/adapters/demo/stores/deterministic-catalogue.js';
import { ChainedMetadataSource } from '../../../src/application/catalog/chained-metadata-source.js';
import { BookMetadataSource } from '../../../src/application/catalog/ports/book-metadata-source.js';
import { fixture, googleBooks, openLibrary, sendJson, USER_AGENT, useMetadataServers } from './metadata-test-support.js';

const USE_OF_WEAPONS = '9780316030571';

const servers = useMetadataServers();

function config(overrides: Partial<MetadataConfig> = {}): MetadataConfig {
  return {
    sources: ['open-library', 'google-books'],
    openLibraryUrl: servers.demo.url,
    googleBooksUrl: servers.demo.url,
    googleBooksApiKey: null,
    minIntervalMs: 0,
    timeoutMs: 2000,
    retries: 0,
    userAgent: USER_AGENT,
    demoServerUrl: null,
    ...overrides,
  };
}

/** The first demonstration ISBN whose views by both services pass `test`. */
function demoIsbnWhere(test: (openLibrary: DemoSourceView | null, google: DemoSourceView | null) => boolean): string {
  for (let n = 0; n < 10_000; n++) {
    const isbn = isbn13From(`978000${String(n).padStart(6, '0')}`);
    if (test(demoSourceView('open-library', isbn), demoSourceView('google-books', isbn))) return isbn;
  }
  throw new Error('no such ISBN in the demonstration catalogue');
}

const complete = (view: DemoSourceView | null): boolean => view !== null && !view.withoutPages && !view.withoutCover && !view.withoutSecondaryField;

/** Open Library answers the recorded Use of Weapons (no details: no language, no binding); Google its volume. */
function answerBothApis(): void {
  servers.edge.answer((_req, res, hit) => {
    if (hit.path === '/api/books') sendJson(res, 200, hit.query.get('jscmd') === 'data' ? fixture('open-library-data-use-of-weapons.json') : {});
    else sendJson(res, 200, fixture('google-books-volumes-use-of-weapons.json'));
  });
}

describe('merging, in the configured order', () => {
  it('asks nothing more when the first source knows every field', async () => {
    const isbn = demoIsbnWhere((ol) => complete(ol));
    const result = await metadataSourceOf(config()).lookup([isbn]);
    expect(result.kind === 'found' && result.books.get(isbn)?.source).toBe('open-library');
    expect(servers.demo.requests('google-books')).toEqual([]);
  });

  it('asks the next source only for ISBNs the first did not know or left incomplete', async () => {
    const full = demoIsbnWhere((ol) => complete(ol));
    const gappy = demoIsbnWhere((ol, g) => ol !== null && ol.withoutPages && g !== null && !g.withoutPages);
    const unknownToOpenLibrary = demoIsbnWhere((ol, g) => ol === null && g !== null);

    const result = await metadataSourceOf(config()).lookup([full, gappy, unknownToOpenLibrary]);

    expect(servers.demo.requests('open-library').filter((r) => r.jscmd === 'data').map((r) => r.isbns)).toEqual([[full, gappy, unknownToOpenLibrary]]);
    expect(servers.demo.requests('google-books').map((r) => r.isbns)).toEqual([[gappy], [unknownToOpenLibrary]]);
    expect(result.kind).toBe('found');
    if (result.kind !== 'found') return;
    expect(result.books.get(gappy)).toMatchObject({ source: 'open-library', pages: demoSourceView('google-books', gappy)?.book.pages });
    expect(result.books.get(unknownToOpenLibrary)?.source).toBe('google-books');
  });

  it('keeps what the first source said and fills only its gaps from the next one', async () => {
    answerBothApis();
    const result = await metadataSourceOf(config({ openLibraryUrl: servers.edge.url, googleBooksUrl: servers.edge.url })).lookup([USE_OF_WEAPONS]);

    expect(result.kind === 'found' && result.books.get(USE_OF_WEAPONS)).toEqual({
      isbn13: USE_OF_WEAPONS,
      title: 'Use of Weapons',
      // Open Library has no subtitle and no language: Google's fill them.
      subtitle: 'A Culture Novel',
      authors: ['Iain M. Banks'],
      // Only Open Library names its authors' ids.
      authorOpenLibraryIds: ['OL6924809A'],
      publisher: 'Orbit',
      publishedYear: 2008,
      // Both know the page count: the first source's wins.
      pages: 480,
      languageCode: 'en',
      format: null,
      coverUrl: 'https://covers.openlibrary.org/b/id/2379038-L.jpg',
      source: 'open-library',
    });
  });

  it('follows METADATA_SOURCES order: Google first makes Google win', async () => {
    answerBothApis();
    const result = await metadataSourceOf(config({ sources: ['google-books', 'open-library'], openLibraryUrl: servers.edge.url, googleBooksUrl: servers.edge.url })).lookup([USE_OF_WEAPONS]);

    expect(servers.edge.hits[0]?.path).toBe('/books/v1/volumes');
    expect(result.kind === 'found' && result.books.get(USE_OF_WEAPONS)).toMatchObject({
      source: 'google-books',
      pages: 512,
      coverUrl: 'https://books.google.com/books/content?id=wHUmPwAACAAJ&printsec=frontcover&img=1&zoom=1&source=gbs_api',
    });
  });
});

describe('availability', () => {
  it('answers from the next source when the first is unavailable', async () => {
    servers.demo.set('open-library', '*', { kind: 'server_error' });
    const isbn = demoIsbnWhere((_ol, g) => g !== null);
    const result = await metadataSourceOf(config()).lookup([isbn]);
    expect(result.kind === 'found' && result.books.get(isbn)?.source).toBe('google-books');
  });

  it('answers what the first source knew when the next is unavailable', async () => {
    servers.demo.set('google-books', '*', { kind: 'server_error' });
    const gappy = demoIsbnWhere((ol) => ol !== null && ol.withoutPages);
    const result = await metadataSourceOf(config()).lookup([gappy]);
    expect(result.kind === 'found' && result.books.get(gappy)).toMatchObject({ source: 'open-library', pages: null });
  });

  it('says an ISBN is unknown when a reachable source did not know it, even if another was unavailable', async () => {
    servers.demo.set('open-library', '9780306406157', { kind: 'unknown' });
    servers.demo.set('google-books', '*', { kind: 'server_error' });
    expect(await metadataSourceOf(config()).lookup(['9780306406157'])).toEqual({ kind: 'found', books: new Map() });
  });

  it('is unavailable when every source was, with each reason and the soonest Retry-After when each gave one', async () => {
    servers.demo.set('open-library', '*', { kind: 'rate_limited', retryAfterSeconds: 300 });
    servers.demo.set('google-books', '*', { kind: 'rate_limited', retryAfterSeconds: 60 });
    expect(await metadataSourceOf(config()).lookup(['9780306406157'])).toEqual({
      kind: 'unavailable',
      message: 'open-library answered 429; google-books answered 429',
      retryAfterSeconds: 60,
    });

    servers.demo.reset();
    servers.demo.set('open-library', '*', { kind: 'rate_limited', retryAfterSeconds: 300 });
    servers.demo.set('google-books', '*', { kind: 'server_error' });
    // Google said nothing of when to come back: the caller may try again any time.
    expect(await metadataSourceOf(config()).lookup(['9780306406157'])).toEqual({
      kind: 'unavailable',
      message: 'open-library answered 429; google-books answered 503',
    });
  });

  it('asks nobody for an empty list, and nobody at all with METADATA_SOURCES=off', async () => {
    expect(await metadataSourceOf(config()).lookup([])).toEqual({ kind: 'found', books: new Map() });
    expect(await metadataSourceOf(config({ sources: [] })).lookup(['9780306406157'])).toEqual({ kind: 'found', books: new Map() });
    expect(servers.demo.requests()).toEqual([]);
  });
});

describe('the container module', () => {
  it('binds the port to the chain of configured sources', async () => {
    const container = new Container();
    container.loadSync(metadataModule(config({ sources: ['google-books'] })));
    const source = container.get(BookMetadataSource);

    expect(source).toBeInstanceOf(ChainedMetadataSource);
    const isbn = demoIsbnWhere((_ol, g) => g !== null);
    const result = await source.lookup([isbn]);
    expect(result.kind === 'found' && result.books.get(isbn)?.source).toBe('google-books');
    expect(servers.demo.requests('open-library')).toEqual([]);
  });

  it('gives each source its own spacing: a long one at one source holds the other back in nothing', async () => {
    // With one gate for both, Google's request would wait 20 s behind Open Library's and the test would time out.
    const source = metadataSourceOf(config({ minIntervalMs: 20_000 }));
    const isbn = demoIsbnWhere((ol, g) => ol === null && g !== null);
    const result = await source.lookup([isbn]);
    expect(result.kind === 'found' && result.books.get(isbn)?.source).toBe('google-books');
    expect(servers.demo.requests().map((r) => r.source)).toEqual(['open-library', 'google-books']);
  });
});

describe('adapters built by hand', () => {
  it('chain in the order given', async () => {
    const chain = new ChainedMetadataSource([googleBooks(servers.demo.url), openLibrary(servers.demo.url)]);
    const isbn = demoIsbnWhere((ol, g) => ol !== null && g !== null);
    const result = await chain.lookup([isbn]);
    expect(result.kind === 'found' && result.books.get(isbn)?.source).toBe('google-books');
  });
});
