// OpenLibraryMetadataSource.search against the demonstration metadata server and small purpose-built servers: the
// one request a title search makes (Search API, title and last name, the edition fields, a limit), each work's best
// edition mapped, books the service does not know, failures (5xx, 429, not JSON, a 404, JSON without docs) as
// `unavailable`, and the pacing it shares with lookups. Nothing reaches the real Open Library.
import { describe, expect, it } from 'vitest';
import { fixture, gaps, openLibrary, searchableDemoBook, sendJson, SPACING_MS, TOLERANCE_MS, USER_AGENT, useMetadataServers } from './metadata-test-support.js';

const FIELDS =
  'key,title,author_name,editions,editions.key,editions.title,editions.subtitle,editions.isbn,editions.language,editions.publisher,editions.publish_date,editions.format,editions.cover_i';

const servers = useMetadataServers();

describe('a title search', () => {
  it('asks the Search API once, by title and the first author\'s last name, for the best edition of at most 10 works', async () => {
    servers.edge.answer((_req, res) => sendJson(res, 200, fixture('open-library-search-none.json')));

    const result = await openLibrary(servers.edge.url).search({ title: 'Use of Weapons', authors: ['Iain M. Banks', 'Someone Else'] });

    expect(result).toEqual({ kind: 'found', editions: [] });
    expect(servers.edge.hits).toHaveLength(1);
    const [hit] = servers.edge.hits;
    expect(hit?.path).toBe('/search.json');
    expect([...(hit?.query.entries() ?? [])]).toEqual([
      ['title', 'Use of Weapons'],
      ['author', 'Banks'],
      ['fields', FIELDS],
      ['limit', '10'],
    ]);
    expect(hit?.userAgent).toBe(USER_AGENT);
  });

  it('sends no author for a book without one, and nothing at all for a blank title', async () => {
    servers.edge.answer((_req, res) => sendJson(res, 200, fixture('open-library-search-none.json')));
    await openLibrary(servers.edge.url).search({ title: 'Beowulf', authors: [] });
    expect(servers.edge.hits[0]?.query.has('author')).toBe(false);

    expect(await openLibrary(servers.edge.url).search({ title: '  ', authors: ['Anyone'] })).toEqual({ kind: 'found', editions: [] });
    expect(servers.edge.hits).toHaveLength(1);
  });

  it('maps each work of a recorded-shape answer to its best edition, in the service\'s order', async () => {
    servers.edge.answer((_req, res) => sendJson(res, 200, fixture('open-library-search-use-of-weapons.json')));
    const result = await openLibrary(servers.edge.url).search({ title: 'Use of Weapons', authors: ['Iain M. Banks'] });
    expect(result.kind === 'found' && result.editions.map((e) => [e.isbn13, e.publisher, e.format, e.coverUrl])).toEqual([
      // Covers come from covers.openlibrary.org only for openlibrary.org itself; any other base URL serves its own.
      ['9780316030571', 'Orbit', 'paperback', `${servers.edge.url}/b/id/2379038-L.jpg`],
      ['9781857231359', 'Book Club Associates', null, null],
    ]);
  });

  it('finds a demonstration book, with what the service knows of it and a cover the server serves', async () => {
    const book = searchableDemoBook((ol) => ol !== null && !ol.withoutCover && !ol.withoutSecondaryField);

    const result = await openLibrary(servers.demo.url).search({ title: book.title, authors: book.authors });

    const view = book.openLibrary!;
    expect(result).toEqual({
      kind: 'found',
      editions: [
        {
          isbn13: book.isbn13,
          title: book.title,
          subtitle: view.book.subtitle,
          authors: book.authors,
          publisher: view.book.publisher,
          publishedYear: view.book.year,
          pages: null,
          languageCode: view.book.languageCode,
          format: view.book.format,
          coverUrl: `${servers.demo.url}/b/id/${book.isbn13.slice(0, 12)}-L.jpg`,
          source: 'open-library',
        },
      ],
    });
    expect(servers.demo.requests('open-library')).toMatchObject([{ kind: 'search', isbns: [], search: { title: book.title, author: book.authors[0]?.split(' ').pop() } }]);
    const cover = await fetch(`${servers.demo.url}/b/id/${book.isbn13.slice(0, 12)}-L.jpg`);
    expect([cover.status, cover.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
    expect(await cover.text()).toContain(book.title);
  });

  it('finds nothing for a book the service does not know, or one made unknown', async () => {
    const unknown = searchableDemoBook((ol) => ol === null);
    expect(await openLibrary(servers.demo.url).search({ title: unknown.title, authors: unknown.authors })).toEqual({ kind: 'found', editions: [] });

    const known = searchableDemoBook((ol) => ol !== null);
    servers.demo.set('open-library', known.isbn13, { kind: 'unknown' });
    expect(await openLibrary(servers.demo.url).search({ title: known.title, authors: known.authors })).toEqual({ kind: 'found', editions: [] });
  });
});

describe('failures', () => {
  it('answers unavailable when the service fails, after its retries', async () => {
    servers.demo.set('open-library', '*', { kind: 'server_error' });
    const book = searchableDemoBook((ol) => ol !== null);
    expect(await openLibrary(servers.demo.url, { retries: 1 }).search({ title: book.title, authors: book.authors })).toEqual({ kind: 'unavailable', message: 'open-library answered 503' });
    expect(servers.demo.requests('open-library')).toHaveLength(2);
  });

  it('fails the search that finds a book set to fail, and only that one', async () => {
    const failing = searchableDemoBook((ol) => ol !== null);
    const other = searchableDemoBook((ol) => ol !== null && ol.book.isbn13 !== failing.isbn13 && ol.book.title !== failing.title);
    servers.demo.set('open-library', failing.isbn13, { kind: 'server_error', status: 502 });
    const source = openLibrary(servers.demo.url, { retries: 0 });

    expect(await source.search({ title: failing.title, authors: failing.authors })).toEqual({ kind: 'unavailable', message: 'open-library answered 502' });
    const found = await source.search({ title: other.title, authors: other.authors });
    expect(found.kind === 'found' && found.editions.map((e) => e.isbn13)).toEqual([other.isbn13]);
  });

  it('answers a long Retry-After as unavailable with it, and asks nothing more before then', async () => {
    servers.demo.set('open-library', '*', { kind: 'rate_limited', retryAfterSeconds: 120 });
    const source = openLibrary(servers.demo.url);
    expect(await source.search({ title: 'Anything', authors: [] })).toEqual({ kind: 'unavailable', message: 'open-library answered 429', retryAfterSeconds: 120 });
    expect((await source.lookup(['9780306406157'])).kind).toBe('unavailable');
    expect(servers.demo.requests('open-library')).toHaveLength(1);
  });

  it('answers unavailable for a body that is not JSON, for JSON without docs and for a 404 (a wrong base URL)', async () => {
    servers.demo.set('open-library', '*', { kind: 'malformed' });
    expect(await openLibrary(servers.demo.url).search({ title: 'Anything', authors: [] })).toEqual({ kind: 'unavailable', message: 'open-library answered 200 with a body that is not JSON' });

    servers.edge.answer((_req, res) => sendJson(res, 200, { error: 'Query too short' }));
    expect(await openLibrary(servers.edge.url).search({ title: 'Anything', authors: [] })).toEqual({ kind: 'unavailable', message: 'open-library answered a search without docs' });

    servers.edge.answer((_req, res) => sendJson(res, 404, { error: 'notfound' }));
    expect(await openLibrary(`${servers.edge.url}/wrong`).search({ title: 'Anything', authors: [] })).toEqual({
      kind: 'unavailable',
      message: `open-library has no Search API at ${servers.edge.url}/wrong/search.json (404)`,
    });
  });

  it('is paced with the lookups: one request at a time, the minimum interval between starts', async () => {
    const source = openLibrary(servers.demo.url, { minIntervalMs: SPACING_MS });
    await Promise.all([source.search({ title: 'Harbour', authors: [] }), source.lookup(['9780306406157']), source.search({ title: 'Garden', authors: [] })]);
    const requests = servers.demo.requests('open-library');
    expect(requests.map((r) => r.kind).sort()).toEqual(['lookup', 'lookup', 'search', 'search']);
    for (const gap of gaps(requests)) expect(gap).toBeGreaterThanOrEqual(SPACING_MS - TOLERANCE_MS);
  });
});
