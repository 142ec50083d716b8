// OpenLibraryMetadataSource against the demonstration metadata server and small purpose-built servers: batching
// (one data request for several ISBNs, then one details request), field mapping of a recorded answer, unknown ISBNs,
// 429 with Retry-After, 5xx then success, timeouts, the spacing between requests (lower bounds only, measured where
// the requests arrive) and an answer that is not JSON. Nothing reaches the real Open Library.
import { describe, expect, it } from 'vitest';
import { demoSourceView } from '../../../src/adapters/demo/metadata/index.js';
import { fixture, gaps, openLibrary, sendJson, startTestServer, SPACING_MS, TOLERANCE_MS, USER_AGENT, useMetadataServers } from './metadata-test-support.js';

/** Seven ISBNs, of which the demonstration Open Library knows all but the last (checked below). */
const ISBNS = ['9780306406157', '9782070360024', '9780140449136', '9788845292613', '9780553380163', '9781861978769', '9783161484100'];
const KNOWN = ISBNS.slice(0, 6);
const USE_OF_WEAPONS = '9780316030571';

const servers = useMetadataServers();

describe('batching', () => {
  it('the catalogue of the demonstration is as this file assumes', () => {
    expect(KNOWN.every((isbn) => demoSourceView('open-library', isbn) !== null)).toBe(true);
    expect(demoSourceView('open-library', '9783161484100')).toBeNull();
  });

  it('asks for several ISBNs in one data request, then for the known ones in one details request', async () => {
    const result = await openLibrary(servers.demo.url).lookup(ISBNS);

    const requests = servers.demo.requests('open-library');
    expect(requests.map((r) => [r.jscmd, r.isbns])).toEqual([
      ['data', ISBNS],
      ['details', KNOWN],
    ]);
    expect(requests.every((r) => r.userAgent === USER_AGENT)).toBe(true);
    expect(result.kind).toBe('found');
    if (result.kind !== 'found') return;
    expect([...result.books.keys()]).toEqual(KNOWN);
    const view = demoSourceView('open-library', '9780306406157');
    expect(result.books.get('9780306406157')).toEqual({
      isbn13: '9780306406157',
      title: view?.book.title,
      subtitle: view?.book.subtitle,
      authors: view?.book.authors,
      // The demonstration's author records carry Open Library ids (`/authors/OL…A`), one per author.
      authorOpenLibraryIds: view?.book.authors.map(() => expect.stringMatching(/^OL\d+A$/)),
      publisher: view?.book.publisher,
      publishedYear: view?.book.year,
      pages: view?.withoutPages ? null : view?.book.pages,
      languageCode: 'en',
      format: view?.withoutSecondaryField ? null : view?.book.format,
      coverUrl: view?.withoutCover ? null : `${servers.demo.url}/covers/9780306406157-L.svg`,
      source: 'open-library',
    });
  });

  it('splits a long list into batches of the chosen size', async () => {
    const result = await openLibrary(servers.demo.url, {}, 3).lookup(ISBNS);

    expect(result.kind === 'found' && result.books.size).toBe(KNOWN.length);
    const data = servers.demo.requests('open-library').filter((r) => r.jscmd === 'data');
    expect(data.map((r) => r.isbns)).toEqual([ISBNS.slice(0, 3), ISBNS.slice(3, 6), ISBNS.slice(6)]);
  });

  it('asks each ISBN once, sends nothing that is not an ISBN-13, and nothing at all for an empty list', async () => {
    await openLibrary(servers.demo.url).lookup(['9780306406157', '9780306406157', 'not-an-isbn', '0306406152']);
    expect(servers.demo.requests('open-library').filter((r) => r.jscmd === 'data').map((r) => r.isbns)).toEqual([['9780306406157']]);

    servers.demo.reset();
    expect(await openLibrary(servers.demo.url).lookup([])).toEqual({ kind: 'found', books: new Map() });
    expect(servers.demo.requests()).toEqual([]);
  });

  it('leaves an ISBN it does not know out of the map, and answers for the rest of the batch', async () => {
    servers.demo.set('open-library', '9782070360024', { kind: 'unknown' });
    const result = await openLibrary(servers.demo.url).lookup(['9780306406157', '9782070360024']);
    expect(result.kind === 'found' && [...result.books.keys()]).toEqual(['9780306406157']);
    expect(servers.demo.requests('open-library').map((r) => r.isbns)).toEqual([['9780306406157', '9782070360024'], ['9780306406157']]);
  });

  it('answers unavailable for the whole lookup when a later batch fails, rather than pass its ISBNs off as unknown', async () => {
    servers.demo.set('open-library', '9782070360024', { kind: 'server_error' });
    const result = await openLibrary(servers.demo.url, { retries: 0 }, 1).lookup(['9780306406157', '9782070360024', '9780140449136']);
    expect(result).toEqual({ kind: 'unavailable', message: 'open-library answered 503' });
    // The third batch is not asked once the service failed.
    expect(servers.demo.requests('open-library').flatMap((r) => r.isbns)).not.toContain('9780140449136');
  });
});

describe('field mapping of a recorded answer', () => {
  it('reads the data answer and the language and binding of the details answer', async () => {
    servers.edge.answer((_req, res, hit) => sendJson(res, 200, fixture(`open-library-${hit.query.get('jscmd')}-use-of-weapons.json`)));

    const result = await openLibrary(servers.edge.url).lookup([USE_OF_WEAPONS]);

    expect(servers.edge.hits.map((h) => [h.path, h.query.get('bibkeys'), h.query.get('format'), h.query.get('jscmd')])).toEqual([
      ['/api/books', `ISBN:${USE_OF_WEAPONS}`, 'json', 'data'],
      ['/api/books', `ISBN:${USE_OF_WEAPONS}`, 'json', 'details'],
    ]);
    expect(result).toEqual({
      kind: 'found',
      books: new Map([
        [
          USE_OF_WEAPONS,
          {
            isbn13: USE_OF_WEAPONS,
            title: 'Use of Weapons',
            subtitle: null,
            authors: ['Iain M. Banks'],
            authorOpenLibraryIds: ['OL6924809A'],
            publisher: 'Orbit',
            publishedYear: 2008,
            pages: 480,
            languageCode: 'en',
            format: 'paperback',
            coverUrl: 'https://covers.openlibrary.org/b/id/2379038-L.jpg',
            source: 'open-library',
          },
        ],
      ]),
    });
  });

  it('maps records that hold only an ISBN-10, dates in several spellings and missing fields', async () => {
    const data = {
      'ISBN:9780553380163': { title: 'A Brief History of Time', identifiers: { isbn_10: ['0553380168'] }, publish_date: 'September 1, 1998', authors: [{ name: 'Hawking, Stephen' }] },
      'ISBN:9781861978769': { title: 'Undated', publish_date: '19--', publishers: [{ name: 'Profile' }] },
      'ISBN:9780441013593': { title: 'Dune', publish_date: 'c2005', number_of_pages: 528 },
    };
    servers.edge.answer((_req, res, hit) => sendJson(res, 200, hit.query.get('jscmd') === 'data' ? data : {}));

    const result = await openLibrary(servers.edge.url).lookup(['9780553380163', '9781861978769', '9780441013593']);

    expect(result.kind).toBe('found');
    if (result.kind !== 'found') return;
    expect(result.books.get('9780553380163')).toMatchObject({ title: 'A Brief History of Time', authors: ['Stephen Hawking'], publishedYear: 1998, publisher: null, pages: null });
    expect(result.books.get('9781861978769')).toMatchObject({ publishedYear: null, publisher: 'Profile', authors: [], coverUrl: null });
    expect(result.books.get('9780441013593')).toMatchObject({ publishedYear: 2005, pages: 528, languageCode: null, format: null });
  });

  it('keeps the data answer when the details request fails: only language and binding stay unknown', async () => {
    servers.edge.answer((_req, res, hit) =>
      hit.query.get('jscmd') === 'data' ? sendJson(res, 200, fixture('open-library-data-use-of-weapons.json')) : sendJson(res, 500, { error: 'boom' }),
    );
    const result = await openLibrary(servers.edge.url, { retries: 0 }).lookup([USE_OF_WEAPONS]);
    expect(result.kind === 'found' && result.books.get(USE_OF_WEAPONS)).toMatchObject({ title: 'Use of Weapons', pages: 480, languageCode: null, format: null });
  });

  it('reads a 404 as a wrong base URL, not as unknown books (the API answers {} for those)', async () => {
    servers.edge.answer((_req, res) => sendJson(res, 404, { error: 'notfound' }));
    const result = await openLibrary(`${servers.edge.url}/wrong`).lookup([USE_OF_WEAPONS]);
    expect(result).toEqual({ kind: 'unavailable', message: `open-library has no Books API at ${servers.edge.url}/wrong/api/books (404)` });
  });
});

describe('failures', () => {
  it('waits out a short Retry-After of a 429, then succeeds', async () => {
    servers.demo.set('open-library', '*', { kind: 'rate_limited', retryAfterSeconds: 1, times: 1 });

    const result = await openLibrary(servers.demo.url).lookup(['9780306406157']);

    expect(result.kind === 'found' && result.books.has('9780306406157')).toBe(true);
    const [limited, retried] = servers.demo.requests('open-library');
    expect((retried?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(1000 - TOLERANCE_MS);
  });

  it('answers a long Retry-After as unavailable at once, and asks nothing more before then', async () => {
    servers.demo.set('open-library', '*', { kind: 'rate_limited', retryAfterSeconds: 120 });
    const source = openLibrary(servers.demo.url);

    expect(await source.lookup(['9780306406157'])).toEqual({ kind: 'unavailable', message: 'open-library answered 429', retryAfterSeconds: 120 });
    const again = await source.lookup(['9782070360024']);

    expect(again.kind).toBe('unavailable');
    expect(again.kind === 'unavailable' && again.retryAfterSeconds).toBeGreaterThan(100);
    expect(servers.demo.requests('open-library')).toHaveLength(1);
  });

  it('retries a 5xx with backoff and succeeds', async () => {
    servers.demo.set('open-library', '*', { kind: 'server_error', status: 502, times: 2 });
    const result = await openLibrary(servers.demo.url).lookup(['9780306406157']);
    expect(result.kind === 'found' && result.books.size).toBe(1);
    expect(servers.demo.requests('open-library').map((r) => r.jscmd)).toEqual(['data', 'data', 'data', 'details']);
  });

  it('gives up after its retries, with the status and the Retry-After the service gave', async () => {
    servers.demo.set('open-library', '*', { kind: 'server_error', retryAfterSeconds: 0 });
    const result = await openLibrary(servers.demo.url, { retries: 2 }).lookup(['9780306406157']);
    expect(result).toEqual({ kind: 'unavailable', message: 'open-library answered 503', retryAfterSeconds: 0 });
    expect(servers.demo.requests('open-library')).toHaveLength(3);
  });

  it('times out a slow answer', async () => {
    servers.demo.set('open-library', '*', { kind: 'slow', delayMs: 5_000 });
    const result = await openLibrary(servers.demo.url, { timeoutMs: 200, retries: 1 }).lookup(['9780306406157']);
    expect(result).toEqual({ kind: 'unavailable', message: 'open-library did not answer within 200 ms' });
    expect(servers.demo.requests('open-library')).toHaveLength(2);
  });

  it('answers unavailable for a body that is not JSON (a captive portal), without retrying', async () => {
    servers.demo.set('open-library', '*', { kind: 'malformed' });
    const result = await openLibrary(servers.demo.url).lookup(['9780306406157']);
    expect(result).toEqual({ kind: 'unavailable', message: 'open-library answered 200 with a body that is not JSON' });
    expect(servers.demo.requests('open-library')).toHaveLength(1);
  });

  it('answers unavailable when nothing listens', async () => {
    const closed = await startTestServer();
    await closed.close();
    const result = await openLibrary(closed.url, { retries: 1 }).lookup(['9780306406157']);
    expect(result).toEqual({ kind: 'unavailable', message: 'open-library could not be reached (ECONNREFUSED)' });
  });
});

describe('rate limit', () => {
  it('spaces request starts by the minimum interval, across lookups', async () => {
    const source = openLibrary(servers.demo.url, { minIntervalMs: SPACING_MS }, 2);
    await Promise.all([source.lookup(ISBNS.slice(0, 4)), source.lookup(ISBNS.slice(4))]);

    const requests = servers.demo.requests('open-library');
    expect(requests.length).toBeGreaterThanOrEqual(6);
    for (const gap of gaps(requests)) expect(gap).toBeGreaterThanOrEqual(SPACING_MS - TOLERANCE_MS);
  });
});
