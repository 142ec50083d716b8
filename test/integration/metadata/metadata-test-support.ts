// What the metadata tests share: a small purpose-built local server whose answers each test sets, and the adapters
// built the way the container module builds them, with short waits.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { demoMetadataBookFor, type DemoMetadataServer, demoSearchableIsbns, demoSourceView, type DemoSourceView, startDemoMetadataServer } from '../../../src/adapters/demo/metadata/index.js';
import { searchWords } from '../../../src/adapters/demo/metadata/demo-search-index.js';
import { GoogleBooksMetadataSource } from '../../../src/adapters/metadata/google-books-metadata-source.js';
import { MetadataHttpClient, type MetadataHttpOptions } from '../../../src/adapters/metadata/metadata-http-client.js';
import { OpenLibraryMetadataSource } from '../../../src/adapters/metadata/open-library-metadata-source.js';

export const USER_AGENT = 'Shelfwatch-Test/1.0 (+https://shelfwatch.example/about-the-bot; ops@shelfwatch.example)';
/**
 * The gate spaces request starts; the server sees arrivals, each late by the event loop's lag at that moment (one
 * process runs both), so a gap after a late arrival looks shorter by that lag: a loaded CI machine saw 6 ms, and 26 ms
 * on 2026-12-01. The spacing tests ask for 200 ms, so a gap still has to be 120 ms or more: a gate that did not wait
 * would show a few milliseconds.
 */
export const TOLERANCE_MS = 80;
/** The minimum interval the spacing tests ask of the gate. */
export const SPACING_MS = 200;

export interface Hit {
  path: string;
  query: URLSearchParams;
  userAgent: string | undefined;
  /** Date.now() on arrival. */
  at: number;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, hit: Hit, n: number) => void | Promise<void>;

export interface TestServer {
  url: string;
  hits: Hit[];
  /** What the server answers from now on; `n` counts the requests so far (1 for the first). */
  answer(handler: Handler): void;
  close(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  const hits: Hit[] = [];
  let handler: Handler = (_req, res) => sendJson(res, 200, {});
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://test.invalid');
    const hit = { path: url.pathname, query: url.searchParams, userAgent: req.headers['user-agent'], at: Date.now() };
    hits.push(hit);
    Promise.resolve(handler(req, res, hit, hits.length)).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    answer(next) {
      handler = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const body = Buffer.from(typeof value === 'string' ? value : JSON.stringify(value), 'utf8');
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length), ...headers });
  res.end(body);
}

export function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../fixtures/metadata/${name}`, import.meta.url), 'utf8'));
}

export function httpClient(source: string, options: Partial<MetadataHttpOptions> = {}): MetadataHttpClient {
  return new MetadataHttpClient({ source, userAgent: USER_AGENT, timeoutMs: 2000, retries: 2, minIntervalMs: 0, baseBackoffMs: 20, ...options });
}

export function openLibrary(baseUrl: string, options: Partial<MetadataHttpOptions> = {}, batchSize?: number): OpenLibraryMetadataSource {
  return new OpenLibraryMetadataSource(baseUrl, httpClient('open-library', options), batchSize);
}

export function googleBooks(baseUrl: string, apiKey: string | null = null, options: Partial<MetadataHttpOptions> = {}): GoogleBooksMetadataSource {
  return new GoogleBooksMetadataSource(baseUrl, httpClient('google-books', { secrets: apiKey ? [apiKey] : [], ...options }), apiKey);
}

/** Gaps between consecutive arrivals, in milliseconds. */
export function gaps(hits: ReadonlyArray<{ at: number }>): number[] {
  return hits.slice(1).map((hit, i) => hit.at - (hits[i]?.at ?? hit.at));
}

export interface SearchableDemoBook {
  isbn13: string;
  title: string;
  authors: string[];
  openLibrary: DemoSourceView | null;
  google: DemoSourceView | null;
}

/**
 * The first book the demonstration's title searches look through whose views pass `test`, and that a search by its
 * title and first author's last name finds alone (no other book of the block has those words).
 */
export function searchableDemoBook(test: (openLibrary: DemoSourceView | null, google: DemoSourceView | null) => boolean): SearchableDemoBook {
  const isbns = demoSearchableIsbns();
  const wordsOf = (isbn: string): { title: Set<string>; authors: Set<string> } => {
    const book = demoMetadataBookFor(isbn);
    return { title: new Set(searchWords(`${book.title} ${book.subtitle ?? ''}`)), authors: new Set(book.authors.flatMap(searchWords)) };
  };
  for (const isbn of isbns) {
    const openLibrary = demoSourceView('open-library', isbn);
    const google = demoSourceView('google-books', isbn);
    if (!test(openLibrary, google)) continue;
    const book = demoMetadataBookFor(isbn);
    const title = searchWords(book.title);
    const lastName = searchWords(book.authors[0] ?? '').pop() ?? '';
    const finding = isbns.filter((other) => {
      const words = wordsOf(other);
      return title.every((w) => words.title.has(w)) && words.authors.has(lastName);
    });
    if (finding.length === 1) return { isbn13: isbn, title: book.title, authors: book.authors, openLibrary, google };
  }
  throw new Error('no such book among the searchable demonstration ISBNs');
}

/**
 * The demonstration metadata server and a purpose-built one for a test file: started before its tests, reset before
 * each test (overrides and recorded requests cleared), closed after. Read `servers.demo` and `servers.edge` in tests.
 */
export function useMetadataServers(): { readonly demo: DemoMetadataServer; readonly edge: TestServer } {
  let demo: DemoMetadataServer | undefined;
  let edge: TestServer | undefined;
  beforeAll(async () => {
    demo = await startDemoMetadataServer();
    edge = await startTestServer();
  });
  beforeEach(() => {
    demo!.reset();
    edge!.hits.length = 0;
  });
  afterAll(async () => {
    await demo?.close();
    await edge?.close();
  });
  return {
    get demo() {
      return demo!;
    },
    get edge() {
      return edge!;
    },
  };
}
