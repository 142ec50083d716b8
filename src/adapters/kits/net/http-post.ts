import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { TransportTimeoutError } from './node-http-transport.js';
import { PrivateAddressError, publicOnlyLookup } from './public-only-lookup.js';
import { isPrivateAddress } from './private-addresses.js';

export interface HttpPostRequest {
  headers: Record<string, string>;
  body: string | Buffer;
  /** From opening the connection to the answer's status line and headers. */
  timeoutMs: number;
}

/** The answer's status and headers; its body is dropped unread (a delivery only needs to know it was taken). */
export interface HttpPostResponse {
  status: number;
  header(name: string): string | null;
}

/** Sends one POST; never follows a redirect (a 3xx is returned as it came, `Location` included). */
export interface HttpPost {
  post(url: string, request: HttpPostRequest): Promise<HttpPostResponse>;
}

export interface HttpPostOptions {
  /** The operator's choice to let users' URLs reach this machine and local networks. */
  allowPrivate: boolean;
  /** Which addresses count as internal; the real rule unless a test says otherwise. */
  isPrivate?: (address: string) => boolean;
  /** Name resolution; the system's unless a test says otherwise. */
  lookup?: typeof dns.lookup;
}

/**
 * POST to a URL a user gave (a webhook, a notification topic). Unless the operator allowed private targets, the URL
 * may not reach this machine or a local network, even when it names one itself (`localhost`, `10.0.0.1`): the check
 * is on the address actually connected to, so a name that resolves (or re-resolves) to an internal address is
 * refused too. Redirects are not followed, so no answer can steer the request elsewhere or turn it into a GET.
 */
export function httpPoster(options: HttpPostOptions): HttpPost {
  const isPrivate = options.isPrivate ?? isPrivateAddress;
  const lookup = options.allowPrivate ? undefined : publicOnlyLookup(options.lookup ?? dns.lookup, isPrivate);
  // Own agents without keep-alive: a pooled socket opened without the check can never be reused for a user's URL.
  const agents = {
    'http:': new http.Agent({ keepAlive: false, lookup }),
    'https:': new https.Agent({ keepAlive: false, lookup }),
  } as const;

  return { post: (rawUrl, request) => {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return Promise.reject(new TypeError(`not a URL: ${rawUrl}`));
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new TypeError(`unsupported protocol ${url.protocol}`));
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // An address written in the URL is connected to without a lookup, so it is checked here.
    if (!options.allowPrivate && isIP(host) !== 0 && isPrivate(host)) {
      return Promise.reject(new PrivateAddressError(`refused to connect to ${url.hostname}: a local or private address`));
    }
    return post(url, request, url.protocol === 'https:' ? https : http, agents[url.protocol]);
  } };
}

function post(url: URL, request: HttpPostRequest, client: typeof http | typeof https, agent: http.Agent): Promise<HttpPostResponse> {
  const body = typeof request.body === 'string' ? Buffer.from(request.body, 'utf8') : request.body;
  return new Promise((resolve, reject) => {
    const req = client.request(url, { method: 'POST', headers: { ...request.headers, 'content-length': String(body.byteLength) }, agent }, (res) => {
      clearTimeout(timer);
      // The body is not needed, but a receiver that never finishes it must not hold the socket open forever.
      res.resume();
      const drainLimit = setTimeout(() => res.destroy(), request.timeoutMs);
      res.once('close', () => clearTimeout(drainLimit));
      resolve({
        status: res.statusCode ?? 0,
        header: (name) => {
          const value = res.headers[name.toLowerCase()];
          return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
        },
      });
    });
    const timer = setTimeout(() => req.destroy(new TransportTimeoutError(`no answer within ${request.timeoutMs} ms`)), request.timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(body);
  });
}
