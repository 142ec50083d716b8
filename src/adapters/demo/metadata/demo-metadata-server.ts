// The demonstration metadata server: Open Library's Books API (/api/books) and Search API (/search.json) and Google
// Books' volumes search (/books/v1/volumes, by ISBN or by title and author) on one local node:http server, answering
// for the demonstration catalogue, with switches for failures (per service and ISBN, in code or over /__control; a
// search takes the switches of the books it finds, then '*'):
//   POST /__control        {"source", "isbn" (13 digits or "*"), "behaviour"}
//   POST /__control/reset  removes every override and forgets the requests
//   GET  /__control/requests  the requests received (Google's key shown only as sent or not)
// It also publishes demonstration reference exchange rates in the European Central Bank's shape, for FX_RATES_URL:
//   GET  /ecb/eurofxref-daily.xml, /ecb/eurofxref-hist-90d.xml
// and Open Library's Read API (lending), whose statuses can be set per ISBN:
//   GET  /api/volumes/brief/isbn/{isbn}.json, /api/volumes/brief/json/isbn:{a}|isbn:{b}
//   POST /__control/lending  {"isbn", "status": "lendable" | "full access" | "checked out" | "restricted" | "none" | null}
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLocalHttpServer } from '../../kits/net/local-http-server.js';
import { abortableDelay } from '../stores/abortable-delay.js';
import { demoRatesXml } from '../rates/demo-exchange-rates.js';
import { BodyTooLargeError, readBody, sendJson } from '../stores/http-responses.js';
import { Isbn } from '../../../domain/catalog/isbn.js';
import { demoMetadataBookFor, demoSourceView, type DemoSourceView } from './demo-metadata-catalogue.js';
import { checkOverride, DemoMetadataOverrides, InvalidOverrideError, type RequestBehaviour } from './demo-metadata-behaviours.js';
import {
  DEMO_LENDING_STATUSES,
  type DemoLendingStatus,
  type DemoMetadataRequest,
  type DemoMetadataServer,
  type DemoMetadataServerOptions,
  type DemoMetadataSource,
} from './demo-metadata-types.js';
import { demoSearch } from './demo-search-index.js';
import { type DemoSearchQuery, googleSearchQuery, openLibrarySearchQuery } from './demo-search-queries.js';
import { badKeyError, googleVolumes, googleVolumesOf } from './google-books-answers.js';
import { isbnOfBibkey, openLibraryEntry } from './open-library-answers.js';
import { isbnOfDemoCoverId, openLibrarySearchAnswer } from './open-library-search-answers.js';
import { readApiEntry } from './open-library-read-answers.js';

interface State {
  baseUrl: string;
  overrides: DemoMetadataOverrides;
  requests: DemoMetadataRequest[];
  googleApiKey: string | undefined;
  /** Read API statuses set per ISBN-13. */
  lending: Map<string, DemoLendingStatus>;
}

export async function startDemoMetadataServer(options: DemoMetadataServerOptions = {}): Promise<DemoMetadataServer> {
  const state: State = { baseUrl: '', overrides: new DemoMetadataOverrides(), requests: [], googleApiKey: options.googleApiKey, lending: new Map() };
  const server = await startLocalHttpServer((req, res, signal) => route(state, req, res, signal), { host: options.host, port: options.port });
  state.baseUrl = server.url;

  return {
    url: server.url,
    close: () => server.close(),
    set(source, isbn, behaviour) {
      state.overrides.set(checkOverride({ source, isbn, behaviour }));
    },
    setLending(isbn13, status) {
      setLending(state, isbn13, status);
    },
    reset() {
      state.overrides.clear();
      state.requests.length = 0;
      state.lending.clear();
    },
    requests(source) {
      return state.requests
        .filter((r) => source === undefined || r.source === source)
        .map((r) => ({ ...r, isbns: [...r.isbns], search: r.search && { ...r.search } }));
    },
  };
}

async function route(state: State, req: IncomingMessage, res: ServerResponse, signal: AbortSignal): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://demo.invalid');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (path === '/__control' || path.startsWith('/__control/')) return control(state, `${req.method ?? 'GET'} ${path}`, req, res);
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'method_not_allowed' });
  if (path === '/api/books') return openLibrary(state, url, req, res, signal);
  if (path === '/search.json') return openLibrarySearch(state, url, req, res, signal);
  if (path === '/books/v1/volumes') return googleBooks(state, url, req, res, signal);
  if (path.startsWith('/api/volumes/brief/')) return openLibraryRead(state, path, req, res, signal);
  // The pages the Read API's items link to: a reader following "Borrow" lands on the demonstration, not the world.
  if (/^\/books\/OL\d+M\/borrow$/.test(path) || /^\/stream\/demo\d{13}$/.test(path)) return sendBorrowPage(res);
  if (path === '/ecb/eurofxref-daily.xml' || path === '/ecb/eurofxref-hist-90d.xml') {
    res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
    res.end(demoRatesXml(path.endsWith('daily.xml') ? 'latest' : 'history', new Date()));
    return;
  }
  const cover = /^\/covers\/(\d{13})-([SML])\.svg$/.exec(path);
  if (cover?.[1] && cover[2]) return sendCover(res, cover[1], cover[2]);
  // Open Library's covers by id (covers.openlibrary.org/b/id/…), for the ids its search answers give.
  const coverById = /^\/b\/id\/(\d+)-([SML])\.jpg$/.exec(path);
  const coverIsbn = coverById?.[1] ? isbnOfDemoCoverId(coverById[1]) : null;
  if (coverIsbn && coverById?.[2]) return sendCover(res, coverIsbn, coverById[2]);
  if (path === '/') {
    return sendJson(res, 200, {
      openLibrary: `${state.baseUrl}/api/books?bibkeys=ISBN:9780306406157&format=json&jscmd=data`,
      openLibrarySearch: `${state.baseUrl}/search.json?title=the+silent+harbour&fields=key,title,author_name,editions,editions.isbn`,
      googleBooks: `${state.baseUrl}/books/v1/volumes?q=isbn:9780306406157`,
      googleBooksSearch: `${state.baseUrl}/books/v1/volumes?q=intitle:%22the+silent+harbour%22`,
      exchangeRates: `${state.baseUrl}/ecb/eurofxref-daily.xml`,
      openLibraryRead: `${state.baseUrl}/api/volumes/brief/isbn/9780306406157.json`,
      control: ['POST /__control {source, isbn, behaviour}', 'POST /__control/lending {isbn, status}', 'POST /__control/reset', 'GET /__control/requests'],
    });
  }
  sendJson(res, 404, { error: 'not_found', message: `No endpoint ${path}` });
}

async function openLibrary(state: State, url: URL, req: IncomingMessage, res: ServerResponse, signal: AbortSignal): Promise<void> {
  const bibkeys = (url.searchParams.get('bibkeys') ?? '').split(',').map((k) => k.trim()).filter(Boolean);
  const jscmd = url.searchParams.get('jscmd') ?? 'viewapi';
  const asked = bibkeys.map((bibkey) => ({ bibkey, isbn13: isbnOfBibkey(bibkey) }));
  const isbns = asked.flatMap((a) => (a.isbn13 ? [a.isbn13] : []));
  record(state, req, { source: 'open-library', kind: 'lookup', isbns, search: null, jscmd, apiKey: null });
  if (!(await applyBehaviour(state, 'open-library', isbns, res, signal))) return;
  const answer: Record<string, unknown> = {};
  for (const { bibkey, isbn13 } of asked) {
    const view = isbn13 && !state.overrides.isUnknown('open-library', isbn13) ? demoSourceView('open-library', isbn13) : null;
    if (view) answer[bibkey] = openLibraryEntry(jscmd, bibkey, view, state.baseUrl);
  }
  if ((url.searchParams.get('format') ?? '').toLowerCase() === 'json') return sendJson(res, 200, answer);
  // Without format=json the API answers JavaScript for a <script> tag.
  const body = Buffer.from(`var _OLBookInfo = ${JSON.stringify(answer)};`, 'utf8');
  res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8', 'content-length': body.length });
  res.end(body);
}

/**
 * The Read API: one id (`/api/volumes/brief/isbn/{isbn}.json`, answered `[]` when unknown) or several
 * (`/api/volumes/brief/json/isbn:{a}|isbn:{b}`, `|` possibly escaped, answered by id, unknown ones absent). Only ISBNs
 * are read here; other id kinds (olid, oclc, …) are simply unknown. A failure switch of Open Library applies.
 */
async function openLibraryRead(state: State, path: string, req: IncomingMessage, res: ServerResponse, signal: AbortSignal): Promise<void> {
  const single = /^\/api\/volumes\/brief\/isbn\/([^/]+?)(?:\.json)?$/.exec(path);
  const multi = /^\/api\/volumes\/brief\/json\/(.+)$/.exec(path);
  if (!single && !multi) return sendJson(res, 404, { error: 'not_found', message: `No endpoint ${path}` });
  const ids = single?.[1] ? [`isbn:${decodeURIComponent(single[1])}`] : decodeURIComponent(multi?.[1] ?? '').split('|');
  const asked = ids.map((id) => ({ id, isbn13: /^isbn:/i.test(id) ? isbnOfBibkey(id.slice(5)) : null }));
  const isbns = asked.flatMap((a) => (a.isbn13 ? [a.isbn13] : []));
  record(state, req, { source: 'open-library', kind: 'read', isbns, search: null, jscmd: null, apiKey: null });
  if (!(await applyBehaviour(state, 'open-library', isbns, res, signal))) return;
  const answer: Record<string, unknown> = {};
  for (const { id, isbn13 } of asked) {
    const entry = isbn13 && !state.overrides.isUnknown('open-library', isbn13) ? readApiEntry(isbn13, state.baseUrl, state.lending.get(isbn13)) : null;
    if (entry) answer[id] = entry;
  }
  if (single) return sendJson(res, 200, Object.values(answer)[0] ?? []);
  sendJson(res, 200, answer);
}

/** The Search API by `title`, `author` (and `q`), with `fields` and `limit` (the service's default is 100). */
async function openLibrarySearch(state: State, url: URL, req: IncomingMessage, res: ServerResponse, signal: AbortSignal): Promise<void> {
  const query = openLibrarySearchQuery(url.searchParams);
  record(state, req, { source: 'open-library', kind: 'search', isbns: [], search: query.asked, jscmd: null, apiKey: null });
  const found = searchFor(state, 'open-library', query);
  if (!(await applyBehaviour(state, 'open-library', found.map((v) => v.book.isbn13), res, signal))) return;
  sendJson(res, 200, openLibrarySearchAnswer(found, url.searchParams.get('fields'), countParameter(url, 'limit', 100, 1000)));
}

async function googleBooks(state: State, url: URL, req: IncomingMessage, res: ServerResponse, signal: AbortSignal): Promise<void> {
  const query = url.searchParams.get('q');
  const key = url.searchParams.get('key');
  const byIsbn = /^isbn:(\S*)$/i.exec(query?.trim() ?? '');
  const search = query && !byIsbn ? googleSearchQuery(query) : null;
  const isbn13 = byIsbn?.[1] ? (Isbn.tryParse(byIsbn[1])?.isbn13 ?? null) : null;
  record(state, req, { source: 'google-books', kind: search ? 'search' : 'lookup', isbns: isbn13 ? [isbn13] : [], search: search?.asked ?? null, jscmd: null, apiKey: key });
  if (state.googleApiKey !== undefined && key !== state.googleApiKey) return sendJson(res, 400, badKeyError());
  if (!query) return sendJson(res, 400, { error: { code: 400, message: 'Missing query.', status: 'INVALID_ARGUMENT' } });
  if (search) {
    const found = searchFor(state, 'google-books', search);
    if (!(await applyBehaviour(state, 'google-books', found.map((v) => v.book.isbn13), res, signal))) return;
    return sendJson(res, 200, googleVolumesOf(found, countParameter(url, 'maxResults', 10, 40), state.baseUrl));
  }
  if (!(await applyBehaviour(state, 'google-books', isbn13 ? [isbn13] : [], res, signal))) return;
  const view = isbn13 && !state.overrides.isUnknown('google-books', isbn13) ? demoSourceView('google-books', isbn13) : null;
  sendJson(res, 200, googleVolumes(view, state.baseUrl));
}

/** The books a search finds, but those a test made unknown to the service. */
function searchFor(state: State, source: DemoMetadataSource, query: DemoSearchQuery): DemoSourceView[] {
  return query.unsupported ? [] : demoSearch(source, query.terms, (isbn) => !state.overrides.isUnknown(source, isbn));
}

/** A count parameter, within what the service allows; its default when absent or unreadable. */
function countParameter(url: URL, name: string, fallback: number, max: number): number {
  const text = url.searchParams.get(name);
  const value = text === null || text.trim() === '' ? Number.NaN : Number(text);
  return Number.isInteger(value) && value >= 0 ? Math.min(value, max) : fallback;
}

/** Answers a failure behaviour, or waits out `slow`; true when the usual answer should follow. */
async function applyBehaviour(state: State, source: DemoMetadataSource, isbns: readonly string[], res: ServerResponse, signal: AbortSignal): Promise<boolean> {
  const behaviour: RequestBehaviour | null = state.overrides.takeForRequest(source, isbns);
  switch (behaviour?.kind) {
    case undefined:
      return true;
    case 'slow':
      return abortableDelay(behaviour.delayMs, signal);
    case 'rate_limited':
      res.setHeader('retry-after', String(behaviour.retryAfterSeconds));
      sendJson(res, 429, { error: { code: 429, message: 'Rate limit exceeded (demonstration)' } });
      return false;
    case 'server_error':
      if (behaviour.retryAfterSeconds !== undefined) res.setHeader('retry-after', String(behaviour.retryAfterSeconds));
      sendJson(res, behaviour.status ?? 503, { error: { code: behaviour.status ?? 503, message: 'Service unavailable (demonstration)' } });
      return false;
    case 'malformed': {
      const body = Buffer.from('<!doctype html><title>Network login</title><p>Sign in to continue.</p>', 'utf8');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
      res.end(body);
      return false;
    }
  }
}

function record(state: State, req: IncomingMessage, request: Omit<DemoMetadataRequest, 'userAgent' | 'at'>): void {
  state.requests.push({ ...request, userAgent: req.headers['user-agent'] ?? null, at: Date.now() });
}

async function control(state: State, route: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    switch (route) {
      case 'POST /__control': {
        const override = checkOverride(await readJson(req));
        state.overrides.set(override);
        return sendJson(res, 200, { ok: true, ...override });
      }
      case 'POST /__control/lending': {
        const body = (await readJson(req)) as { isbn?: unknown; status?: unknown } | null;
        setLending(state, body?.isbn, body?.status);
        return sendJson(res, 200, { ok: true });
      }
      case 'POST /__control/reset':
        state.overrides.clear();
        state.requests.length = 0;
        state.lending.clear();
        return sendJson(res, 200, { ok: true });
      case 'GET /__control/requests':
        return sendJson(res, 200, { requests: state.requests.map((r) => ({ ...r, apiKey: r.apiKey === null ? null : '[sent]' })) });
      default:
        return sendJson(res, 404, { error: 'not_found', message: `No control endpoint ${route}` });
    }
  } catch (error) {
    if (error instanceof InvalidOverrideError) sendJson(res, 400, { error: 'invalid_request', message: error.message });
    else if (error instanceof BodyTooLargeError) sendJson(res, 413, { error: 'payload_too_large', message: error.message });
    else throw error;
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req, 64 * 1024);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new InvalidOverrideError('The body must be JSON');
  }
}

/** Sets (or with null clears) an ISBN's Read API status; an InvalidOverrideError names what is wrong. */
function setLending(state: State, isbn: unknown, status: unknown): void {
  if (typeof isbn !== 'string' || !/^\d{13}$/.test(isbn)) throw new InvalidOverrideError('isbn: a 13-digit ISBN');
  if (status === null) {
    state.lending.delete(isbn);
    return;
  }
  if (!(DEMO_LENDING_STATUSES as readonly unknown[]).includes(status)) throw new InvalidOverrideError(`status: one of ${DEMO_LENDING_STATUSES.join(', ')}, or null`);
  state.lending.set(isbn, status as DemoLendingStatus);
}

/** Where a demonstration item's link leads: a page saying so. */
function sendBorrowPage(res: ServerResponse): void {
  const body = Buffer.from('<!doctype html><html lang="en"><title>Borrow (demonstration)</title><h1>Borrow the e-book</h1><p>This is the demonstration metadata server: on Open Library, the book would open here.</p></html>', 'utf8');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
  res.end(body);
}

/** A plain cover with the title, so the web UI has something to show. */
function sendCover(res: ServerResponse, isbn13: string, size: string): void {
  const width = size === 'S' ? 60 : size === 'M' ? 180 : 400;
  const height = Math.round(width * 1.5);
  const title = demoMetadataBookFor(isbn13).title.replace(/[<>&"]/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 200 300"><rect width="200" height="300" fill="#34495e"/><text x="100" y="150" font-family="serif" font-size="16" fill="#fff" text-anchor="middle">${title}</text></svg>`;
  const body = Buffer.from(svg, 'utf8');
  res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400', 'content-length': body.length });
  res.end(body);
}
