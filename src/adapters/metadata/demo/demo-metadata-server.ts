// The demonstration metadata server: Open Library's Books API (/api/books) and Google Books' volumes search
// (/books/v1/volumes) on one local node:http server, answering for the demonstration catalogue, with switches for
// failures (per service and ISBN, in code or over /__control):
//   POST /__control        {"source", "isbn" (13 digits or "*"), "behaviour"}
//   POST /__control/reset  removes every override and forgets the requests
//   GET  /__control/requests  the requests received (Google's key shown only as sent or not)
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { abortableDelay } from '../../stores/demo/abortable-delay.js';
import { BodyTooLargeError, readBody, sendJson } from '../../stores/demo/http-responses.js';
import { Isbn } from '../../../domain/catalog/isbn.js';
import { demoMetadataBookFor, demoSourceView } from './demo-metadata-catalogue.js';
import { checkOverride, DemoMetadataOverrides, InvalidOverrideError, type RequestBehaviour } from './demo-metadata-behaviours.js';
import type { DemoMetadataRequest, DemoMetadataServer, DemoMetadataServerOptions, DemoMetadataSource } from './demo-metadata-types.js';
import { badKeyError, googleVolumes } from './google-books-answers.js';
import { isbnOfBibkey, openLibraryEntry } from './open-library-answers.js';

interface State {
  baseUrl: string;
  overrides: DemoMetadataOverrides;
  requests: DemoMetadataRequest[];
  googleApiKey: string | undefined;
}

export async function startDemoMetadataServer(options: DemoMetadataServerOptions = {}): Promise<DemoMetadataServer> {
  const state: State = { baseUrl: '', overrides: new DemoMetadataOverrides(), requests: [], googleApiKey: options.googleApiKey };
  const pending = new Set<AbortController>();
  const server = createServer((req, res) => {
    const controller = new AbortController();
    pending.add(controller);
    res.once('close', () => {
      pending.delete(controller);
      if (!res.writableFinished) controller.abort();
    });
    route(state, req, res, controller.signal).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: 'internal', message: error instanceof Error ? error.message : String(error) });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  state.baseUrl = `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}`;

  let closed: Promise<void> | null = null;
  return {
    url: state.baseUrl,
    close() {
      closed ??= new Promise<void>((resolve) => {
        for (const controller of pending) controller.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
    set(source, isbn, behaviour) {
      state.overrides.set(checkOverride({ source, isbn, behaviour }));
    },
    reset() {
      state.overrides.clear();
      state.requests.length = 0;
    },
    requests(source) {
      return state.requests.filter((r) => source === undefined || r.source === source).map((r) => ({ ...r, isbns: [...r.isbns] }));
    },
  };
}

async function route(state: State, req: IncomingMessage, res: ServerResponse, signal: AbortSignal): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://demo.invalid');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (path === '/__control' || path.startsWith('/__control/')) return control(state, `${req.method ?? 'GET'} ${path}`, req, res);
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'method_not_allowed' });
  if (path === '/api/books') return openLibrary(state, url, req, res, signal);
  if (path === '/books/v1/volumes') return googleBooks(state, url, req, res, signal);
  const cover = /^\/covers\/(\d{13})-([SML])\.svg$/.exec(path);
  if (cover?.[1] && cover[2]) return sendCover(res, cover[1], cover[2]);
  if (path === '/') {
    return sendJson(res, 200, {
      openLibrary: `${state.baseUrl}/api/books?bibkeys=ISBN:9780306406157&format=json&jscmd=data`,
      googleBooks: `${state.baseUrl}/books/v1/volumes?q=isbn:9780306406157`,
      control: ['POST /__control {source, isbn, behaviour}', 'POST /__control/reset', 'GET /__control/requests'],
    });
  }
  sendJson(res, 404, { error: 'not_found', message: `No endpoint ${path}` });
}

async function openLibrary(state: State, url: URL, req: IncomingMessage, res: ServerResponse, signal: AbortSignal): Promise<void> {
  const bibkeys = (url.searchParams.get('bibkeys') ?? '').split(',').map((k) => k.trim()).filter(Boolean);
  const jscmd = url.searchParams.get('jscmd') ?? 'viewapi';
  const asked = bibkeys.map((bibkey) => ({ bibkey, isbn13: isbnOfBibkey(bibkey) }));
  const isbns = asked.flatMap((a) => (a.isbn13 ? [a.isbn13] : []));
  record(state, 'open-library', req, isbns, jscmd, null);
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

async function googleBooks(state: State, url: URL, req: IncomingMessage, res: ServerResponse, signal: AbortSignal): Promise<void> {
  const query = url.searchParams.get('q');
  const match = /^isbn:([\dXx-]{10,17})$/i.exec(query?.trim() ?? '');
  const isbn13 = match?.[1] ? (Isbn.tryParse(match[1])?.isbn13 ?? null) : null;
  const key = url.searchParams.get('key');
  record(state, 'google-books', req, isbn13 ? [isbn13] : [], null, key);
  if (state.googleApiKey !== undefined && key !== state.googleApiKey) return sendJson(res, 400, badKeyError());
  if (!query) return sendJson(res, 400, { error: { code: 400, message: 'Missing query.', status: 'INVALID_ARGUMENT' } });
  if (!(await applyBehaviour(state, 'google-books', isbn13 ? [isbn13] : [], res, signal))) return;
  // Other searches (titles, authors) are not the demonstration's business: nothing matches them.
  const view = isbn13 && !state.overrides.isUnknown('google-books', isbn13) ? demoSourceView('google-books', isbn13) : null;
  sendJson(res, 200, googleVolumes(view, state.baseUrl));
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

function record(state: State, source: DemoMetadataSource, req: IncomingMessage, isbns: string[], jscmd: string | null, apiKey: string | null): void {
  state.requests.push({ source, isbns, jscmd, userAgent: req.headers['user-agent'] ?? null, apiKey, at: Date.now() });
}

async function control(state: State, route: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    switch (route) {
      case 'POST /__control': {
        const override = checkOverride(await readJson(req));
        state.overrides.set(override);
        return sendJson(res, 200, { ok: true, ...override });
      }
      case 'POST /__control/reset':
        state.overrides.clear();
        state.requests.length = 0;
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
