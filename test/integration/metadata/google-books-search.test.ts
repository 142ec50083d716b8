// GoogleBooksMetadataSource.search against the demonstration metadata server and small purpose-built servers: the one
// request a title search makes (`intitle:` phrase and `inauthor:` last name, books only, 10 volumes, the key when
// configured), every volume with an ISBN mapped (several editions of one book included: the caller decides), and
// failures as `unavailable`, the key never shown. Nothing reaches the real Google Books.
import { describe, expect, it } from 'vitest';
import { startDemoMetadataServer } from '../../../src/adapters/demo/metadata/index.js';
import { fixture, googleBooks, searchableDemoBook, sendJson, USER_AGENT, useMetadataServers } from './metadata-test-support.js';

const API_KEY = 'AIzaSyD-test-key-with/slash+plus=0123';

const servers = useMetadataServers();

describe('a title search', () => {
  it('asks the volumes search once: the title as a phrase, the first author\'s last name, books only, 10 volumes', async () => {
    servers.edge.answer((_req, res) => sendJson(res, 200, fixture('google-books-volumes-none.json')));

    expect(await googleBooks(servers.edge.url).search({ title: 'The "Use" of  Weapons', authors: ['Iain M. Banks'] })).toEqual({ kind: 'found', editions: [] });

    const [hit] = servers.edge.hits;
    expect(hit?.path).toBe('/books/v1/volumes');
    expect([...(hit?.query.entries() ?? [])]).toEqual([
      ['q', 'intitle:"The Use of Weapons" inauthor:Banks'],
      ['printType', 'books'],
      ['maxResults', '10'],
    ]);
    expect(hit?.userAgent).toBe(USER_AGENT);
  });

  it('writes the query as Google documents it, and sends the key when configured', async () => {
    const withKey = await startDemoMetadataServer({ googleApiKey: API_KEY });
    try {
      await googleBooks(withKey.url, API_KEY).search({ title: 'Use of Weapons: A Novel', authors: ['Iain M. Banks'] });
      expect(withKey.requests('google-books')).toMatchObject([{ kind: 'search', search: { title: 'Use of Weapons: A Novel', author: 'Banks' }, apiKey: API_KEY }]);
    } finally {
      await withKey.close();
    }
    const urls: string[] = [];
    servers.edge.answer((req, res) => (urls.push(req.url ?? ''), sendJson(res, 200, fixture('google-books-volumes-none.json'))));
    await googleBooks(servers.edge.url, API_KEY).search({ title: 'Use of Weapons: A Novel', authors: ['Iain M. Banks'] });
    expect(urls).toEqual([`/books/v1/volumes?q=intitle:%22Use+of+Weapons:+A+Novel%22+inauthor:Banks&printType=books&maxResults=10&key=${encodeURIComponent(API_KEY)}`]);
  });

  it('maps every volume with an ISBN of a recorded-shape answer, each ISBN once', async () => {
    servers.edge.answer((_req, res) => sendJson(res, 200, fixture('google-books-volumes-search-use-of-weapons.json')));
    const result = await googleBooks(servers.edge.url).search({ title: 'Use of Weapons', authors: ['Iain M. Banks'] });
    expect(result.kind === 'found' && result.editions.map((e) => [e.isbn13, e.source])).toEqual([
      ['9780316030571', 'google-books'],
      ['9781857231359', 'google-books'],
    ]);
  });

  it('finds a demonstration book, under its ISBN-13 even when the volume lists only its ISBN-10', async () => {
    const book = searchableDemoBook((_ol, g) => g !== null && g.altSpelling && !g.withoutCover);

    const result = await googleBooks(servers.demo.url).search({ title: book.title, authors: book.authors });

    const view = book.google!;
    expect(result).toEqual({
      kind: 'found',
      editions: [
        {
          isbn13: book.isbn13,
          title: book.title,
          subtitle: view.book.subtitle,
          authors: book.authors,
          publisher: view.withoutSecondaryField ? null : view.book.publisher,
          publishedYear: view.book.year,
          pages: view.withoutPages ? null : view.book.pages,
          languageCode: view.book.languageCode,
          format: null,
          coverUrl: `${servers.demo.url}/covers/${book.isbn13}-M.svg`,
          source: 'google-books',
        },
      ],
    });
  });

  it('finds nothing for a book the service does not know', async () => {
    const unknown = searchableDemoBook((_ol, g) => g === null);
    expect(await googleBooks(servers.demo.url).search({ title: unknown.title, authors: unknown.authors })).toEqual({ kind: 'found', editions: [] });
  });
});

describe('failures', () => {
  it('answers unavailable when the service fails or limits, with its Retry-After', async () => {
    servers.demo.set('google-books', '*', { kind: 'server_error', times: 3 });
    expect(await googleBooks(servers.demo.url, null, { retries: 0 }).search({ title: 'Harbour', authors: [] })).toEqual({ kind: 'unavailable', message: 'google-books answered 503' });

    servers.demo.reset();
    servers.demo.set('google-books', '*', { kind: 'rate_limited', retryAfterSeconds: 90 });
    expect(await googleBooks(servers.demo.url).search({ title: 'Harbour', authors: [] })).toEqual({ kind: 'unavailable', message: 'google-books answered 429', retryAfterSeconds: 90 });
  });

  it('keeps the key out of the message of a refused key', async () => {
    const strict = await startDemoMetadataServer({ googleApiKey: 'the-right-key' });
    try {
      const result = await googleBooks(strict.url, API_KEY).search({ title: 'Harbour', authors: [] });
      expect(result).toEqual({ kind: 'unavailable', message: 'google-books answered 400: API key not valid. Please pass a valid API key.' });
      expect(JSON.stringify(result)).not.toContain(API_KEY);
    } finally {
      await strict.close();
    }
  });

  it('answers unavailable for a 404 (a wrong base URL) and for a body that is not an object', async () => {
    servers.edge.answer((_req, res) => sendJson(res, 404, { error: 'notfound' }));
    expect(await googleBooks(`${servers.edge.url}/wrong`).search({ title: 'Harbour', authors: [] })).toEqual({
      kind: 'unavailable',
      message: `google-books has no volumes API at ${servers.edge.url}/wrong/books/v1/volumes (404)`,
    });
    servers.edge.answer((_req, res) => sendJson(res, 200, []));
    expect(await googleBooks(servers.edge.url).search({ title: 'Harbour', authors: [] })).toEqual({
      kind: 'unavailable',
      message: 'google-books answered a search with a body that is not an object',
    });
  });
});
