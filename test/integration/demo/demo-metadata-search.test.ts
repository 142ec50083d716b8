// The demonstration metadata server's title searches over HTTP: Open Library's search.json (fields, the `editions`
// sub-query, limit) and Google's volumes search (`intitle:`, `inauthor:`, free words, maxResults) for the searchable
// block of the catalogue, matched by words whatever their case; the switches applied to searches; and the request log.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DemoMetadataServer, demoSearchableIsbns, startDemoMetadataServer } from '../../../src/adapters/demo/metadata/index.js';
import { searchableDemoBook } from '../metadata/metadata-test-support.js';

let server: DemoMetadataServer;

beforeAll(async () => {
  server = await startDemoMetadataServer();
});

beforeEach(() => {
  server.reset();
});

afterAll(async () => {
  await server.close();
});

async function getJson(path: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, body: await response.json() };
}

const lastName = (name: string | undefined): string => name?.split(' ').pop() ?? '';
const both = searchableDemoBook((ol, g) => ol !== null && g !== null && !ol.withoutCover && !ol.withoutSecondaryField);
const olSearch = (title: string, author: string, extra = '') => `/search.json?title=${encodeURIComponent(title)}&author=${encodeURIComponent(author)}${extra}`;
const googleSearch = (q: string, extra = '') => `/books/v1/volumes?q=${encodeURIComponent(q)}${extra}`;

describe('Open Library\'s search.json', () => {
  it('answers each work with the fields asked and its best edition under editions.docs, whatever the case asked', async () => {
    const fields = '&fields=key,title,author_name,editions,editions.title,editions.isbn,editions.language,editions.format,editions.cover_i';
    const { status, body } = await getJson(olSearch(both.title.toUpperCase(), lastName(both.authors[0]).toLowerCase(), fields));

    expect(status).toBe(200);
    expect(body).toMatchObject({ numFound: 1, start: 0, numFoundExact: true, num_found: 1 });
    expect(body.docs).toHaveLength(1);
    const [work] = body.docs;
    expect(Object.keys(work)).toEqual(['key', 'title', 'author_name', 'editions']);
    expect(work).toMatchObject({ key: expect.stringMatching(/^\/works\/OL\d+W$/), title: both.title, author_name: both.authors });
    expect(work.editions).toMatchObject({ numFound: 1, start: 0, numFoundExact: true });
    expect(work.editions.docs).toEqual([
      {
        title: both.title,
        cover_i: Number(both.isbn13.slice(0, 12)),
        language: [expect.stringMatching(/^[a-z]{3}$/)],
        format: [expect.any(String)],
        isbn: both.isbn13.startsWith('978') ? [both.isbn13, expect.stringMatching(/^\d{9}[\dX]$/)] : [both.isbn13],
      },
    ]);
  });

  it('answers its default fields without `fields`, the work\'s fields in the edition without editions.*, and `limit` works', async () => {
    const plain = (await getJson(olSearch(both.title, lastName(both.authors[0])))).body.docs[0];
    expect(plain).toMatchObject({ key: expect.any(String), title: both.title, author_name: both.authors, edition_count: 1 });
    expect(plain.editions).toBeUndefined();

    const editionOnly = (await getJson(olSearch(both.title, lastName(both.authors[0]), '&fields=key,title,editions'))).body.docs[0];
    expect(Object.keys(editionOnly.editions.docs[0])).toEqual(['key', 'title']);
    expect(editionOnly.editions.docs[0].key).toMatch(/^\/books\/OL\d+M$/);

    const limited = (await getJson('/search.json?title=harbour&limit=3&fields=title')).body;
    expect(limited.docs).toHaveLength(3);
    expect(limited.numFound).toBeGreaterThan(3);
  });

  it('ranks an exact title before titles that only contain its words', async () => {
    const words = both.title.split(' ');
    const { body } = await getJson(`/search.json?title=${encodeURIComponent(both.title)}&fields=title&limit=1000`);
    const exact = body.docs.map((d: { title: string }) => d.title.toLowerCase() === both.title.toLowerCase());
    expect(exact[0]).toBe(true);
    expect(exact.indexOf(false) === -1 || exact.lastIndexOf(true) < exact.indexOf(false)).toBe(true);
    expect(body.docs.every((d: { title: string }) => words.every((w) => d.title.toLowerCase().includes(w.toLowerCase())))).toBe(true);
  });

  it('finds only books of the searchable block, and nothing without a title, author or q', async () => {
    expect(demoSearchableIsbns()).toHaveLength(10_000);
    expect(demoSearchableIsbns().slice(0, 2)).toEqual(['9780000000002', '9780000000019']);
    expect((await getJson('/search.json?fields=title')).body).toMatchObject({ numFound: 0, docs: [] });
    expect((await getJson('/search.json?title=Dune&author=Herbert')).body).toMatchObject({ numFound: 0, docs: [] });
  });
});

describe('Google\'s volumes search', () => {
  it('finds by intitle: phrase and inauthor: word, whatever the case, the volume of the lookups', async () => {
    const { body } = await getJson(googleSearch(`intitle:"${both.title.toLowerCase()}" inauthor:${lastName(both.authors[0]).toUpperCase()}`));
    const lookup = (await getJson(`/books/v1/volumes?q=isbn:${both.isbn13}`)).body;
    expect(body).toEqual(lookup);
  });

  it('reads free words as title or author words, honours maxResults, and finds nothing for other keywords', async () => {
    const free = (await getJson(googleSearch(`${both.title} ${lastName(both.authors[0])}`))).body;
    expect(free.items.map((v: { id: string }) => v.id)).toContain((await getJson(`/books/v1/volumes?q=isbn:${both.isbn13}`)).body.items[0].id);

    const capped = (await getJson(googleSearch('intitle:harbour', '&maxResults=2&printType=books'))).body;
    expect(capped.items).toHaveLength(2);
    expect(capped.totalItems).toBeGreaterThan(2);

    expect((await getJson(googleSearch(`intitle:"${both.title}" inpublisher:Orbit`))).body).toEqual({ kind: 'books#volumes', totalItems: 0 });
  });
});

describe('the switches and the log', () => {
  it('fail every search with \'*\' server_error, as lookups', async () => {
    server.set('open-library', '*', { kind: 'server_error' });
    server.set('google-books', '*', { kind: 'server_error', status: 502 });
    expect((await getJson(olSearch(both.title, ''))).status).toBe(503);
    expect((await getJson(googleSearch(`intitle:"${both.title}"`))).status).toBe(502);
  });

  it('fail a search that finds a book set to fail (times counted), and leave out a book made unknown', async () => {
    server.set('open-library', both.isbn13, { kind: 'rate_limited', retryAfterSeconds: 30, times: 1 });
    const limited = await fetch(`${server.url}${olSearch(both.title, lastName(both.authors[0]))}`);
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '30']);
    expect((await getJson(olSearch(both.title, lastName(both.authors[0])))).body.numFound).toBe(1);
    expect((await getJson('/search.json?title=Dune')).status).toBe(200);

    server.set('google-books', both.isbn13, { kind: 'unknown' });
    expect((await getJson(googleSearch(`intitle:"${both.title}" inauthor:${lastName(both.authors[0])}`))).body.totalItems).toBe(0);
  });

  it('log searches with their terms, beside lookups', async () => {
    await getJson(olSearch(both.title, 'Someone'));
    await getJson(`${googleSearch(`intitle:"${both.title}" inauthor:Someone`)}&key=secret`);
    await getJson(`/books/v1/volumes?q=isbn:${both.isbn13}`);

    expect(server.requests().map((r) => [r.source, r.kind, r.isbns, r.search])).toEqual([
      ['open-library', 'search', [], { title: both.title, author: 'Someone' }],
      ['google-books', 'search', [], { title: both.title, author: 'Someone' }],
      ['google-books', 'lookup', [both.isbn13], null],
    ]);
    const { body } = await getJson('/__control/requests');
    expect(body.requests[1]).toMatchObject({ kind: 'search', search: { title: both.title, author: 'Someone' }, apiKey: '[sent]' });
  });

  it('serve the covers the search answers give by id, and nothing for other ids', async () => {
    const cover = await fetch(`${server.url}/b/id/${both.isbn13.slice(0, 12)}-M.jpg`);
    expect(cover.status).toBe(200);
    expect(await cover.text()).toContain(both.title);
    expect((await fetch(`${server.url}/b/id/2379038-M.jpg`)).status).toBe(404);
  });
});
