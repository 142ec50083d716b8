import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { PrivateAddressError, publicOnlyLookup } from './public-only-lookup.js';

export { PrivateAddressError };
import { isPrivateAddress, isPrivateHost } from './private-addresses.js';

/** What the polite client needs of one GET: the status and headers after redirects, and the body on demand. */
export interface TransportResponse {
  status: number;
  /** The final URL, after redirects. */
  url: string;
  header(name: string): string | null;
  /** The body, decompressed, cut at `maxBytes`, decoded as UTF-8. */
  text(maxBytes: number): Promise<string>;
  /** Drops the body unread (the connection is freed). */
  discard(): void;
}

export interface TransportRequest {
  headers: Record<string, string>;
  /** From sending the request to the last byte of the body, redirects included. */
  timeoutMs: number;
}

/** One GET, after redirects: the seam of every outbound reader (store pages, metadata, exchange rates). */
export interface Transport {
  get(url: string, request: TransportRequest): Promise<TransportResponse>;
}

/** Thrown when `timeoutMs` passes before the page (headers or body) arrived; named as fetch's timeout is. */
export class TransportTimeoutError extends Error {
  override readonly name = 'TimeoutError';
}


const bare = (hostname: string): string => hostname.replace(/^\[|\]$/g, '');

const MAX_REDIRECTS = 20;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface NodeHttpTransportOptions {
  /** Which addresses count as internal; the real rule unless a test says otherwise. */
  isPrivate?: (address: string) => boolean;
  /** Name resolution; the system's unless a test says otherwise. */
  lookup?: typeof dns.lookup;
}

/**
 * GET over node:http/node:https with keep-alive agents (one per client): much less CPU per page than the
 * WHATWG fetch of undici, which matters when one process reads hundreds of pages a second. Follows redirects,
 * decompresses gzip/deflate/br, and one deadline covers the whole exchange, body included.
 *
 * A page on the internet can never steer the fetch to this machine or a local network: unless the starting URL is
 * itself local (the operator's own choice: a demonstration server, a mirror), every hop, redirects included, must
 * connect to a public address, checked on the address actually connected to (so DNS cannot rebind around it).
 */
export function nodeHttpTransport(options: NodeHttpTransportOptions = {}): Transport {
  const isPrivate = options.isPrivate ?? isPrivateAddress;
  const publicOnly = publicOnlyLookup(options.lookup ?? dns.lookup, isPrivate);
  const agents = {
    'http:': new http.Agent({ keepAlive: true, scheduling: 'lifo' }),
    'https:': new https.Agent({ keepAlive: true, scheduling: 'lifo' }),
  } as const;
  // Connections to public hosts get their own agents, so a pooled socket to a local host is never reused for them.
  const publicAgents = {
    'http:': new http.Agent({ keepAlive: true, scheduling: 'lifo', lookup: publicOnly }),
    'https:': new https.Agent({ keepAlive: true, scheduling: 'lifo', lookup: publicOnly }),
  } as const;

  return { get: async (startUrl, request) => {
    const deadline = Date.now() + request.timeoutMs;
    let url = new URL(startUrl);
    const local = isPrivateHost(url.hostname, isPrivate);
    for (let redirects = 0; ; redirects++) {
      if (!local && isIP(bare(url.hostname)) !== 0 && isPrivate(bare(url.hostname))) {
        throw new PrivateAddressError(`refused to connect to ${url.hostname}: a local or private address`);
      }
      const response = await get(url, request.headers, deadline, request.timeoutMs, local ? agents : publicAgents);
      const location = response.headers.location;
      if (REDIRECTS.has(response.statusCode ?? 0) && location !== undefined && redirects < MAX_REDIRECTS) {
        response.resume();
        url = new URL(location, url);
        continue;
      }
      return responseOf(response, url.toString(), deadline, request.timeoutMs);
    }
  } };
}

function get(
  url: URL,
  headers: Record<string, string>,
  deadline: number,
  timeoutMs: number,
  agents: { 'http:': http.Agent; 'https:': https.Agent },
): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : null;
  if (client === null) return Promise.reject(new Error(`unsupported protocol ${url.protocol}`));
  return new Promise((resolve, reject) => {
    const req = client.get(
      url,
      { headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' }, agent: agents[url.protocol as 'http:' | 'https:'] },
      (res) => {
        clearTimeout(timer);
        resolve(res);
      },
    );
    const timer = setTimeout(() => req.destroy(new TransportTimeoutError(`no answer within ${timeoutMs} ms`)), Math.max(0, deadline - Date.now()));
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

function responseOf(res: http.IncomingMessage, url: string, deadline: number, timeoutMs: number): TransportResponse {
  return {
    status: res.statusCode ?? 0,
    url,
    header: (name) => {
      const value = res.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
    discard: () => {
      res.resume();
    },
    text: (maxBytes) => readCapped(res, maxBytes, deadline, timeoutMs),
  };
}

function decoded(res: http.IncomingMessage): Readable {
  switch ((res.headers['content-encoding'] ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return res.pipe(zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH }));
    case 'deflate':
      return res.pipe(zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH }));
    case 'br':
      return res.pipe(zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH }));
    default:
      return res;
  }
}

function readCapped(res: http.IncomingMessage, maxBytes: number, deadline: number, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const body = decoded(res);
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (error: Error | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        res.destroy();
        reject(error);
        return;
      }
      resolve(new TextDecoder('utf-8').decode(Buffer.concat(chunks, size)));
    };
    const timer = setTimeout(
      () => finish(new TransportTimeoutError(`the page did not arrive within ${timeoutMs} ms`)),
      Math.max(0, deadline - Date.now()),
    );
    body.on('data', (chunk: Buffer) => {
      if (settled) return;
      const room = maxBytes - size;
      chunks.push(chunk.byteLength > room ? chunk.subarray(0, room) : chunk);
      size += Math.min(chunk.byteLength, room);
      if (size >= maxBytes) {
        // Enough: the rest of the page is not read (the connection is closed rather than drained).
        finish(null);
        res.destroy();
      }
    });
    body.on('end', () => finish(null));
    body.on('error', (error) => finish(error));
    res.on('aborted', () => finish(new Error('the connection closed before the page was complete')));
    res.on('error', (error) => finish(error));
  });
}

/** The same interface over a WHATWG fetch (tests that watch when requests leave pass their own). */
export function fetchTransport(fetchImpl: typeof fetch): Transport {
  return { get: async (url, request) => {
    const response = await fetchImpl(url, { headers: request.headers, redirect: 'follow', signal: AbortSignal.timeout(request.timeoutMs) });
    return {
      status: response.status,
      url: response.url || url,
      header: (name) => response.headers.get(name),
      discard: () => void response.body?.cancel().catch(() => undefined),
      text: (maxBytes) => readFetchBody(response, maxBytes),
    };
  } };
}

async function readFetchBody(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - size;
    chunks.push(value.byteLength > room ? value.subarray(0, room) : value);
    size += Math.min(value.byteLength, room);
    if (size >= maxBytes) {
      await reader.cancel();
      break;
    }
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}
