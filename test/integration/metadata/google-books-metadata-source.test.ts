// GoogleBooksMetadataSource against the demonstration metadata server and small purpose-built servers: one request
// per ISBN, field mapping of volumes (ISBN-10-only identifiers, other editions in the answer, missing fields),
// unknown ISBNs, 429 with Retry-After, 5xx then success, the spacing between requests, and the API key: sent as
// `key`, never shown in a message. Nothing reaches the real Google Books.
import { describe, expect, it } from 'vitest';
import { demoSourceView, startDemoMetadataServer } from '../../../src/adapters/demo/metadata/index.js';
import { fixture, gaps, googleBooks, sendJson, startTestServer, SPACING_MS, TOLERANCE_MS, USER_AGENT, useMetadataServers } from './metadata-test-support.js';

const API_KEY = 'AIzaSyD-test-key-with/slash+plus=0123';
const USE_OF_WEAPONS = '9780316030571';
const BRIEF_HISTORY = '9780553380163';

const servers = useMetadataServers();

describe('lookups', () => {
  it('asks one ISBN per request, with the User-Agent, and maps what the service knows', async () => {
    const isbns = ['9780306406157', '9782070360024', '9788845292613'];
    expect(isbns.every((isbn) => demoSourceView('google-books', isbn) !== null)).toBe(true);

    const result = await googleBooks(servers.demo.url).lookup(isbns);

    const requests = servers.demo.requests('google-books');
    expect(requests.map((r) => r.isbns)).toEqual(isbns.map((isbn) => [isbn]));
    expect(requests.every((r) => r.userAgent === USER_AGENT && r.apiKey === null)).toBe(true);
    expect(result.kind === 'found' && [...result.books.keys()]).toEqual(isbns);
    const view = demoSourceView('google-books', '9782070360024');
    expect(result.kind === 'found' && result.books.get('9782070360024')).toEqual({
      isbn13: '9782070360024',
      title: view?.book.title,
      subtitle: view?.book.subtitle,
      authors: view?.book.authors,
      publisher: view?.withoutSecondaryField ? null : view?.book.publisher,
      publishedYear: view?.book.year,
      pages: view?.withoutPages ? null : view?.book.pages,
      languageCode: 'fr',
      format: null,
      coverUrl: view?.withoutCover ? null : `${servers.demo.url}/covers/9782070360024-M.svg`,
      source: 'google-books',
    });
  });

  it('leaves out an ISBN the service does not know (totalItems 0)', async () => {
    servers.demo.set('google-books', '9782070360024', { kind: 'unknown' });
    const result = await googleBooks(servers.demo.url).lookup(['9780306406157', '9782070360024']);
    expect(result.kind === 'found' && [...result.books.keys()]).toEqual(['9780306406157']);
  });

  it('maps a volume in full, and picks the edition asked among other editions (here known by its ISBN-10)', async () => {
    servers.edge.answer((_req, res, hit) =>
      sendJson(res, 200, fixture(hit.query.get('q') === `isbn:${USE_OF_WEAPONS}` ? 'google-books-volumes-use-of-weapons.json' : 'google-books-volumes-other-editions.json')),
    );

    const result = await googleBooks(servers.edge.url).lookup([USE_OF_WEAPONS, BRIEF_HISTORY, '9781861978769']);

    expect(servers.edge.hits.map((h) => [h.path, h.query.get('q')])).toEqual([
      ['/books/v1/volumes', `isbn:${USE_OF_WEAPONS}`],
      ['/books/v1/volumes', `isbn:${BRIEF_HISTORY}`],
      ['/books/v1/volumes', 'isbn:9781861978769'],
    ]);
    expect(result.kind).toBe('found');
    if (result.kind !== 'found') return;
    expect([...result.books.keys()]).toEqual([USE_OF_WEAPONS, BRIEF_HISTORY]);
    expect(result.books.get(USE_OF_WEAPONS)).toEqual({
      isbn13: USE_OF_WEAPONS,
      title: 'Use of Weapons',
      subtitle: 'A Culture Novel',
      authors: ['Iain M. Banks'],
      publisher: 'Orbit',
      publishedYear: 2008,
      pages: 512,
      languageCode: 'en',
      format: null,
      coverUrl: 'https://books.google.com/books/content?id=wHUmPwAACAAJ&printsec=frontcover&img=1&zoom=1&source=gbs_api',
      source: 'google-books',
    });
    expect(result.books.get(BRIEF_HISTORY)).toMatchObject({ title: 'A Brief History of Time', authors: ['Stephen Hawking'], publishedYear: 1998, pages: null, publisher: null });
  });

  it('reads a 404 as a wrong base URL', async () => {
    servers.edge.answer((_req, res) => sendJson(res, 404, { error: { code: 404, message: 'Not Found' } }));
    expect(await googleBooks(servers.edge.url).lookup([USE_OF_WEAPONS])).toEqual({
      kind: 'unavailable',
      message: `google-books has no volumes API at ${servers.edge.url}/books/v1/volumes (404)`,
    });
  });
});

describe('failures and rate limit', () => {
  it('waits out a short Retry-After of a 429, then goes on', async () => {
    servers.demo.set('google-books', '9780306406157', { kind: 'rate_limited', retryAfterSeconds: 1, times: 1 });
    const result = await googleBooks(servers.demo.url).lookup(['9780306406157', '9788845292613']);
    expect(result.kind === 'found' && result.books.size).toBe(2);
    const [limited, retried] = servers.demo.requests('google-books');
    expect((retried?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(1000 - TOLERANCE_MS);
  });

  it('answers a 429 with a long Retry-After as unavailable, with the seconds to wait', async () => {
    servers.demo.set('google-books', '*', { kind: 'rate_limited', retryAfterSeconds: 3600 });
    expect(await googleBooks(servers.demo.url).lookup(['9780306406157', '9788845292613'])).toEqual({
      kind: 'unavailable',
      message: 'google-books answered 429',
      retryAfterSeconds: 3600,
    });
    expect(servers.demo.requests('google-books')).toHaveLength(1);
  });

  it('retries a 5xx and succeeds', async () => {
    servers.demo.set('google-books', '*', { kind: 'server_error', times: 1 });
    const result = await googleBooks(servers.demo.url).lookup(['9780306406157']);
    expect(result.kind === 'found' && result.books.size).toBe(1);
    expect(servers.demo.requests('google-books')).toHaveLength(2);
  });

  it('spaces request starts by the minimum interval', async () => {
    await googleBooks(servers.demo.url, null, { minIntervalMs: SPACING_MS }).lookup(['9780306406157', '9782070360024', '9788845292613', '9780140449136']);
    const requests = servers.demo.requests('google-books');
    expect(requests).toHaveLength(4);
    for (const gap of gaps(requests)) expect(gap).toBeGreaterThanOrEqual(SPACING_MS - TOLERANCE_MS);
  });
});

describe('the API key', () => {
  it('is sent as the key parameter', async () => {
    const keyed = await startDemoMetadataServer({ googleApiKey: API_KEY });
    try {
      const result = await googleBooks(keyed.url, API_KEY).lookup(['9780306406157']);
      expect(result.kind).toBe('found');
      expect(keyed.requests('google-books').map((r) => r.apiKey)).toEqual([API_KEY]);
      // A wrong key is refused with Google's own reason, which is worth showing.
      expect(await googleBooks(keyed.url, 'another-key').lookup(['9780306406157'])).toEqual({
        kind: 'unavailable',
        message: 'google-books answered 400: API key not valid. Please pass a valid API key.',
      });
    } finally {
      await keyed.close();
    }
  });

  it('never appears in a message, whatever the service or the network says', async () => {
    servers.edge.answer((_req, res, hit) => {
      const key = hit.query.get('key') ?? '';
      if (hit.query.get('q') === `isbn:${USE_OF_WEAPONS}`) sendJson(res, 403, { error: { code: 403, message: `Quota exceeded for key ${key}` } });
      else sendJson(res, 500, `upstream failure for ${key}`);
    });
    const refused = await googleBooks(servers.edge.url, API_KEY, { retries: 0 }).lookup([USE_OF_WEAPONS]);
    const failed = await googleBooks(servers.edge.url, API_KEY, { retries: 0 }).lookup([BRIEF_HISTORY]);
    const closed = await startTestServer();
    await closed.close();
    const unreachable = await googleBooks(closed.url, API_KEY, { retries: 0 }).lookup([USE_OF_WEAPONS]);
    servers.demo.set('google-books', '*', { kind: 'slow', delayMs: 5_000 });
    const timedOut = await googleBooks(servers.demo.url, API_KEY, { retries: 0, timeoutMs: 150 }).lookup([USE_OF_WEAPONS]);

    expect(servers.edge.hits.map((h) => h.query.get('key'))).toEqual([API_KEY, API_KEY]);
    expect(timedOut).toEqual({ kind: 'unavailable', message: 'google-books did not answer within 150 ms' });
    expect(refused).toEqual({ kind: 'unavailable', message: 'google-books answered 403: Quota exceeded for key [redacted]' });
    for (const result of [refused, failed, unreachable, timedOut]) {
      expect(result.kind).toBe('unavailable');
      expect(JSON.stringify(result)).not.toContain(API_KEY);
      expect(JSON.stringify(result)).not.toContain(encodeURIComponent(API_KEY));
    }
  });
});
