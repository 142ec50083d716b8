// The demonstration metadata server over HTTP: both APIs' formats for the same invented books, the same answers on
// every start, and the switches (in code and over /__control) that the adapters' tests and developers use.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoMetadataBookFor, type DemoMetadataServer, InvalidOverrideError, startDemoMetadataServer } from '../../../src/adapters/demo/metadata/index.js';
import { bookFor } from '../../../src/adapters/demo/stores/deterministic-catalogue.js';
import { DEFAULT_DEMO_SEED } from '../../../src/adapters/demo/stores/index.js';

const ISBN = '9780306406157';

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

async function getJson(path: string): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, body: await response.json(), headers: response.headers };
}

async function post(path: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

describe('the books', () => {
  it('are the books the demonstration stores sell under the same ISBNs', () => {
    const store = bookFor(ISBN, DEFAULT_DEMO_SEED);
    expect(demoMetadataBookFor(ISBN)).toMatchObject({ title: store.title, publisher: store.publisher, year: store.year, pages: store.pages });
    expect(demoMetadataBookFor(ISBN).authors[0]).toBe(store.author);
  });

  it('are answered in both formats, keyed as asked, and the same on every start', async () => {
    const bibkeys = `ISBN:${ISBN},ISBN:0306406152`;
    const openLibrary = await getJson(`/api/books?bibkeys=${bibkeys}&format=json&jscmd=data`);
    const google = await getJson('/books/v1/volumes?q=isbn:0306406152');

    expect(Object.keys(openLibrary.body)).toEqual([`ISBN:${ISBN}`, 'ISBN:0306406152']);
    expect(openLibrary.body[`ISBN:${ISBN}`].title).toBe(demoMetadataBookFor(ISBN).title);
    expect(google.body.items[0].volumeInfo.title).toBe(demoMetadataBookFor(ISBN).title);

    const again = await startDemoMetadataServer();
    try {
      const rebased = (value: unknown, from: string) => JSON.parse(JSON.stringify(value).split(from).join('BASE'));
      const second = await (await fetch(`${again.url}/api/books?bibkeys=${bibkeys}&format=json&jscmd=data`)).json();
      expect(rebased(second, again.url)).toEqual(rebased(openLibrary.body, server.url));
    } finally {
      await again.close();
    }
  });

  it('answers the view API as JavaScript without format=json, and an empty object for unknown keys', async () => {
    const script = await (await fetch(`${server.url}/api/books?bibkeys=ISBN:${ISBN}`)).text();
    expect(script).toMatch(/^var _OLBookInfo = \{"ISBN:9780306406157":\{"bib_key":"ISBN:9780306406157"/);
    expect((await getJson('/api/books?bibkeys=LCCN:93005405,ISBN:123&format=json&jscmd=data')).body).toEqual({});
  });

  it('answers no volumes for keywords it does not search by, and Google\'s 400 without a query', async () => {
    expect((await getJson('/books/v1/volumes?q=intitle:harbour+subject:fiction')).body).toEqual({ kind: 'books#volumes', totalItems: 0 });
    const missing = await getJson('/books/v1/volumes');
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Missing query.');
  });

  it('serves the covers its answers link to', async () => {
    const { body } = await getJson(`/api/books?bibkeys=ISBN:9782070360024&format=json&jscmd=data`);
    const cover = `${server.url}/covers/9782070360024-L.svg`;
    expect(body['ISBN:9782070360024'].cover.large).toBe(cover);
    const response = await fetch(cover);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toContain(demoMetadataBookFor('9782070360024').title);
  });
});

describe('the switches', () => {
  it('are set, listed and reset over /__control', async () => {
    expect((await post('/__control', { source: 'open-library', isbn: ISBN, behaviour: { kind: 'unknown' } })).status).toBe(200);
    expect((await post('/__control', { source: 'google-books', isbn: '*', behaviour: { kind: 'rate_limited', retryAfterSeconds: 30, times: 1 } })).status).toBe(200);

    expect((await getJson(`/api/books?bibkeys=ISBN:${ISBN}&format=json&jscmd=data`)).body).toEqual({});
    const limited = await getJson(`/books/v1/volumes?q=isbn:${ISBN}&key=secret-key`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    expect((await getJson(`/books/v1/volumes?q=isbn:${ISBN}`)).status).toBe(200);

    const { body } = await getJson('/__control/requests');
    expect(body.requests.map((r: { source: string; kind: string; isbns: string[]; apiKey: string | null }) => [r.source, r.kind, r.isbns, r.apiKey])).toEqual([
      ['open-library', 'lookup', [ISBN], null],
      ['google-books', 'lookup', [ISBN], '[sent]'],
      ['google-books', 'lookup', [ISBN], null],
    ]);

    expect((await post('/__control/reset', {})).status).toBe(200);
    expect(Object.keys((await getJson(`/api/books?bibkeys=ISBN:${ISBN}&format=json&jscmd=data`)).body)).toEqual([`ISBN:${ISBN}`]);
    expect(server.requests()).toHaveLength(1);
  });

  it('refuse what they do not understand, naming it', async () => {
    const bad = await post('/__control', { source: 'open-library', isbn: '123', behaviour: { kind: 'teapot' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('isbn: a 13-digit ISBN or "*"');
    expect(bad.body.message).toContain('behaviour.kind');
    expect(() => server.set('google-books', ISBN, { kind: 'slow', delayMs: -1 })).toThrow(InvalidOverrideError);
  });

  it('fail the whole Open Library request that asks for a failing ISBN, and count down their times', async () => {
    server.set('open-library', '9782070360024', { kind: 'server_error', status: 502, retryAfterSeconds: 5, times: 1 });
    const failed = await fetch(`${server.url}/api/books?bibkeys=ISBN:${ISBN},ISBN:9782070360024&format=json&jscmd=data`);
    expect([failed.status, failed.headers.get('retry-after')]).toEqual([502, '5']);
    expect((await fetch(`${server.url}/api/books?bibkeys=ISBN:${ISBN},ISBN:9782070360024&format=json&jscmd=data`)).status).toBe(200);
  });
});
