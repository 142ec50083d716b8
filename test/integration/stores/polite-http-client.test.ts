// PoliteHttpClient against a real local node:http server whose behaviour each test sets: the configured User-Agent,
// typed failures (not_found, blocked, rate_limited, timeout, network_error, http_error), retries with exponential
// backoff for transient failures only, Retry-After (seconds or HTTP date), per-store concurrency and spacing, the
// body size cap and redirects. Timing assertions are lower bounds only, measured where the requests arrive.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PoliteHttpClient, type PageResult, type PolitenessOptions } from '../../../src/adapters/stores/polite-http-client.js';
import { retryAfterSeconds } from '../../../src/adapters/kits/net/retry-after.js';
import { sleep } from '../../../src/adapters/kits/net/store-gate.js';

const USER_AGENT = 'Shelfwatch-Test/1.0 (+https://shelfwatch.example/about-the-bot; ops@shelfwatch.example)';
/**
 * The gate spaces request starts; the server sees arrivals, each late by the event loop's lag at that moment (one
 * process runs both), so a gap after a late arrival looks shorter by that lag: a loaded CI machine saw 6 ms.
 */
const TOLERANCE_MS = 25;

interface Hit {
  path: string;
  /** Date.now() when the request arrived. */
  at: number;
  userAgent: string | undefined;
  accept: string | undefined;
}

/** Answers one request; `n` counts the requests to the same path so far (1 for the first). */
type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void | Promise<void>;

let server: Server;
let baseUrl: string;
let handler: Handler;
let hits: Hit[];
/** In-flight requests per store (first path segment), their maxima, and the overall maximum. */
let inFlight: Map<string, number>;
let maxInFlight: Map<string, number>;
let totalInFlight: number;
let maxTotalInFlight: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://test.invalid').pathname;
    const store = path.split('/')[1] ?? '';
    hits.push({ path, at: Date.now(), userAgent: req.headers['user-agent'], accept: req.headers.accept });
    const n = hits.filter((h) => h.path === path).length;
    inFlight.set(store, (inFlight.get(store) ?? 0) + 1);
    maxInFlight.set(store, Math.max(maxInFlight.get(store) ?? 0, inFlight.get(store) ?? 0));
    totalInFlight++;
    maxTotalInFlight = Math.max(maxTotalInFlight, totalInFlight);
    res.once('close', () => {
      inFlight.set(store, (inFlight.get(store) ?? 1) - 1);
      totalInFlight--;
    });
    Promise.resolve(handler(req, res, n)).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

beforeEach(() => {
  handler = (_req, res) => send(res, 200, productPage('19.99'));
  hits = [];
  inFlight = new Map();
  maxInFlight = new Map();
  totalInFlight = 0;
  maxTotalInFlight = 0;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function client(options: Partial<PolitenessOptions> = {}, fetchImpl?: typeof fetch): PoliteHttpClient {
  return new PoliteHttpClient(
    { userAgent: USER_AGENT, timeoutMs: 2_000, retries: 2, concurrency: 2, minIntervalMs: 0, baseBackoffMs: 20, ...options },
    fetchImpl,
  );
}

function send(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  const body = Buffer.from(html, 'utf8');
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': String(body.length), ...headers });
  res.end(body);
}

function productPage(price: string): string {
  const jsonLd = { '@context': 'https://schema.org', '@type': 'Book', name: 'The Quiet Harbour', offers: { '@type': 'Offer', price, priceCurrency: 'EUR' } };
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>The Quiet Harbour</title>
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head>
<body><h1>The Quiet Harbour</h1><p class="price">€${price}</p></body></html>`;
}

function hitsTo(path: string): Hit[] {
  return hits.filter((h) => h.path === path);
}

function gapsOf(list: Hit[]): number[] {
  return list.slice(1).map((h, i) => h.at - (list[i] as Hit).at);
}

function failureOf(result: PageResult) {
  if (result.ok) throw new Error(`expected a failure, got a page with status ${result.status}`);
  return result.failure;
}

/** A fetch that records when the client starts each request (what the gate spaces), then fetches for real. */
function recordingFetch(): { fetchImpl: typeof fetch; starts: Array<{ path: string; at: number }> } {
  const starts: Array<{ path: string; at: number }> = [];
  const fetchImpl: typeof fetch = (input, init) => {
    // The time first: the first use of the Request global loads undici (the client itself reads pages over node:http).
    const at = Date.now();
    starts.push({ path: new URL(input instanceof Request ? input.url : input).pathname, at });
    return fetch(input, init);
  };
  return { fetchImpl, starts };
}

function startOf(starts: Array<{ path: string; at: number }>, path: string): number {
  const start = starts.find((s) => s.path === path);
  if (!start) throw new Error(`no request to ${path}`);
  return start.at;
}

/** A free port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('PoliteHttpClient: an honest request', () => {
  it('sends the configured User-Agent and asks for HTML', async () => {
    const result = await client().getPage('shop', `${baseUrl}/shop/isbn/9780306406157`);
    expect(result).toMatchObject({ ok: true, status: 200, url: `${baseUrl}/shop/isbn/9780306406157` });
    expect(result.ok && result.html).toContain('"price":"19.99"');
    expect(hits).toHaveLength(1);
    expect(hits[0]?.userAgent).toBe(USER_AGENT);
    expect(hits[0]?.accept).toContain('text/html');
  });

  it('sends the User-Agent on retries too', async () => {
    handler = (_req, res, n) => (n === 1 ? send(res, 503, 'down') : send(res, 200, productPage('5.00')));
    const result = await client().getPage('shop', `${baseUrl}/shop/retry`);
    expect(result.ok).toBe(true);
    expect(hits.map((h) => h.userAgent)).toEqual([USER_AGENT, USER_AGENT]);
  });
});

describe('PoliteHttpClient: answers that are final (no retry)', () => {
  it.each([404, 410])('%i → not_found after one request', async (status) => {
    handler = (_req, res) => send(res, status, '<h1>Not here</h1>');
    const failure = failureOf(await client({ retries: 3 }).getPage('shop', `${baseUrl}/shop/missing`));
    expect(failure.kind).toBe('not_found');
    expect(failure.message).toContain(String(status));
    expect(hits).toHaveLength(1);
  });

  it.each([400, 405, 451])('%i → http_error after one request (a 4xx is an answer, not a hiccup)', async (status) => {
    handler = (_req, res) => send(res, status, '<h1>No</h1>');
    const failure = failureOf(await client({ retries: 3 }).getPage('shop', `${baseUrl}/shop/refused`));
    expect(failure.kind).toBe('http_error');
    expect(failure.httpStatus).toBe(status);
    expect(hits).toHaveLength(1);
  });

  it('403 → blocked after one request', async () => {
    handler = (_req, res) => send(res, 403, '<h1>Access denied</h1>');
    const failure = failureOf(await client({ retries: 3 }).getPage('shop', `${baseUrl}/shop/forbidden`));
    expect(failure.kind).toBe('blocked');
    expect(failure.message).toContain('403');
    expect(hits).toHaveLength(1);
  });

  const captchaPages: Array<[string, string]> = [
    [
      'a "verify you are human" challenge',
      `<!DOCTYPE html><html><head><title>Security check</title></head><body><h1>Please verify you are human</h1>
       <form action="/__challenge" method="post"><label><input type="checkbox" name="human"> I'm not a robot</label></form></body></html>`,
    ],
    ['a reCAPTCHA widget', `<html><body><p>One more step</p><div class="g-recaptcha" data-sitekey="abc"></div></body></html>`],
    ['an "unusual traffic" notice', `<html><body><p>Our systems have detected unusual traffic from your computer network.</p></body></html>`],
  ];

  it.each(captchaPages)('a 200 page with %s → blocked after one request', async (_name, html) => {
    handler = (_req, res) => send(res, 200, html);
    const failure = failureOf(await client({ retries: 3 }).getPage('shop', `${baseUrl}/shop/challenged`));
    expect(failure.kind).toBe('blocked');
    expect(failure.message).toMatch(/robot check/i);
    expect(hits).toHaveLength(1);
  });

  it('a product page that merely mentions a captcha (with structured price data) is a page, not a block', async () => {
    handler = (_req, res) =>
      send(res, 200, productPage('12.50').replace('</body>', '<footer>This form is protected by reCAPTCHA.</footer></body>'));
    const result = await client().getPage('shop', `${baseUrl}/shop/product`);
    expect(result).toMatchObject({ ok: true, status: 200 });
  });
});

describe('PoliteHttpClient: Retry-After', () => {
  it('429 with Retry-After: 1 → waits at least a second, retries, and succeeds', async () => {
    handler = (_req, res, n) => (n === 1 ? send(res, 429, 'slow down', { 'retry-after': '1' }) : send(res, 200, productPage('7.99')));
    const result = await client({ retries: 2, baseBackoffMs: 10 }).getPage('shop', `${baseUrl}/shop/limited`);
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(hits).toHaveLength(2);
    expect(gapsOf(hits)[0]).toBeGreaterThanOrEqual(1_000 - TOLERANCE_MS);
  });

  it('the Retry-After holds back the whole store, but not other stores', async () => {
    let limitedAt = 0;
    let announce!: () => void;
    const limitedServed = new Promise<void>((resolve) => (announce = resolve));
    handler = (req, res, n) => {
      if (req.url === '/shop/limited' && n === 1) {
        limitedAt = Date.now();
        send(res, 429, 'slow down', { 'retry-after': '1' });
        announce();
        return;
      }
      send(res, 200, productPage('7.99'));
    };
    const http = client({ retries: 2, baseBackoffMs: 10, concurrency: 4 });
    const limited = http.getPage('shop', `${baseUrl}/shop/limited`);
    await limitedServed;
    await sleep(50);
    const [sameStore, otherStore, retried] = await Promise.all([
      http.getPage('shop', `${baseUrl}/shop/other`),
      http.getPage('elsewhere', `${baseUrl}/elsewhere/other`),
      limited,
    ]);
    expect([sameStore.ok, otherStore.ok, retried.ok]).toEqual([true, true, true]);
    const sameStoreHit = hitsTo('/shop/other')[0] as Hit;
    const otherStoreHit = hitsTo('/elsewhere/other')[0] as Hit;
    expect(sameStoreHit.at - limitedAt).toBeGreaterThanOrEqual(1_000 - TOLERANCE_MS);
    // The other store went ahead while this one was paused.
    expect(otherStoreHit.at).toBeLessThan(sameStoreHit.at);
    expect(otherStoreHit.at).toBeLessThan((hitsTo('/shop/limited')[1] as Hit).at);
  });

  it('429 with a Retry-After longer than maxRetryAfterMs → rate_limited at once, with the seconds', async () => {
    handler = (_req, res) => send(res, 429, 'slow down', { 'retry-after': '120' });
    const failure = failureOf(await client({ retries: 3, maxRetryAfterMs: 5_000 }).getPage('shop', `${baseUrl}/shop/limited`));
    expect(failure).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 120 });
    expect(hits).toHaveLength(1);
  });

  it('the default maxRetryAfterMs does not wait out a Retry-After of an hour', async () => {
    handler = (_req, res) => send(res, 429, 'slow down', { 'retry-after': '3600' });
    const failure = failureOf(await client({ retries: 3 }).getPage('shop', `${baseUrl}/shop/limited`));
    expect(failure).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 3600 });
    expect(hits).toHaveLength(1);
  });

  it('Retry-After as an HTTP date → waits until that time, then retries', async () => {
    let retryAt = 0;
    handler = (_req, res, n) => {
      if (n === 1) {
        const header = new Date(Date.now() + 2_000).toUTCString();
        retryAt = Date.parse(header);
        send(res, 429, 'slow down', { 'retry-after': header });
      } else {
        send(res, 200, productPage('7.99'));
      }
    };
    const result = await client({ retries: 2, baseBackoffMs: 10 }).getPage('shop', `${baseUrl}/shop/limited`);
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(hits).toHaveLength(2);
    expect((hits[1] as Hit).at).toBeGreaterThanOrEqual(retryAt - TOLERANCE_MS);
  });

  it('Retry-After as an HTTP date beyond maxRetryAfterMs → rate_limited with the seconds until then', async () => {
    handler = (_req, res) => send(res, 429, 'slow down', { 'retry-after': new Date(Date.now() + 3_600_000).toUTCString() });
    const failure = failureOf(await client({ retries: 3, maxRetryAfterMs: 10_000 }).getPage('shop', `${baseUrl}/shop/limited`));
    expect(failure.kind).toBe('rate_limited');
    expect(failure.retryAfterSeconds).toBeGreaterThanOrEqual(3_590);
    expect(failure.retryAfterSeconds).toBeLessThanOrEqual(3_600);
    expect(hits).toHaveLength(1);
  });

  it('429 on every attempt → rate_limited after retries + 1 requests', async () => {
    handler = (_req, res) => send(res, 429, 'slow down', { 'retry-after': '0' });
    const failure = failureOf(await client({ retries: 2, baseBackoffMs: 10 }).getPage('shop', `${baseUrl}/shop/limited`));
    expect(failure).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 0 });
    expect(hits).toHaveLength(3);
  });

  it('503 with Retry-After: 1 (maintenance) → the retry waits at least that second', async () => {
    handler = (_req, res, n) => (n === 1 ? send(res, 503, 'back soon', { 'retry-after': '1' }) : send(res, 200, productPage('7.99')));
    const result = await client({ retries: 2, baseBackoffMs: 10 }).getPage('shop', `${baseUrl}/shop/maintenance`);
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(hits).toHaveLength(2);
    expect(gapsOf(hits)[0]).toBeGreaterThanOrEqual(1_000 - TOLERANCE_MS);
  });

  it('reads Retry-After values: delta-seconds, HTTP dates, and 60 s when absent or unreadable', () => {
    expect(retryAfterSeconds('120')).toBe(120);
    expect(retryAfterSeconds(' 5 ')).toBe(5);
    expect(retryAfterSeconds(new Date(Date.now() + 30_000).toUTCString())).toBeGreaterThanOrEqual(29);
    expect(retryAfterSeconds(new Date(Date.now() + 30_000).toUTCString())).toBeLessThanOrEqual(30);
    expect(retryAfterSeconds(new Date(Date.now() - 30_000).toUTCString())).toBe(0);
    expect(retryAfterSeconds(null)).toBe(60);
    expect(retryAfterSeconds('soon')).toBe(60);
  });
});

describe('PoliteHttpClient: transient failures, retried with exponential backoff', () => {
  // Large enough that half of the smallest wait stays well above the arrival tolerance.
  const BASE = 120;

  it('503 twice, then 200 → succeeds after exactly 3 requests, with growing waits', async () => {
    handler = (_req, res, n) => (n <= 2 ? send(res, 503, 'down for maintenance') : send(res, 200, productPage('9.99')));
    const result = await client({ retries: 3, baseBackoffMs: BASE }).getPage('shop', `${baseUrl}/shop/flaky`);
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(hits).toHaveLength(3);
    const [first, second] = gapsOf(hits) as [number, number];
    // Nominal backoff BASE·2^attempt, jittered into its upper half.
    expect(first).toBeGreaterThanOrEqual(BASE / 2 - TOLERANCE_MS);
    expect(second).toBeGreaterThanOrEqual(BASE - TOLERANCE_MS);
  });

  it('503 forever → http_error after retries + 1 requests, each wait at least half the nominal backoff', async () => {
    handler = (_req, res) => send(res, 503, 'down for maintenance');
    const failure = failureOf(await client({ retries: 3, baseBackoffMs: BASE }).getPage('shop', `${baseUrl}/shop/down`));
    expect(failure.kind).toBe('http_error');
    expect(failure.message).toContain('503');
    expect(hits).toHaveLength(4);
    gapsOf(hits).forEach((gap, attempt) => expect(gap).toBeGreaterThanOrEqual((BASE * 2 ** attempt) / 2 - TOLERANCE_MS));
  });

  it.each([500, 502, 504])('%i is transient too: retried, then http_error', async (status) => {
    handler = (_req, res) => send(res, status, 'error');
    const failure = failureOf(await client({ retries: 1, baseBackoffMs: 5 }).getPage('shop', `${baseUrl}/shop/error`));
    expect(failure.kind).toBe('http_error');
    expect(hits).toHaveLength(2);
  });

  it('retries: 0 → one request only', async () => {
    handler = (_req, res) => send(res, 503, 'down');
    const failure = failureOf(await client({ retries: 0 }).getPage('shop', `${baseUrl}/shop/down`));
    expect(failure.kind).toBe('http_error');
    expect(hits).toHaveLength(1);
  });

  it('the minimum interval also spaces a retry', async () => {
    handler = (_req, res, n) => (n === 1 ? send(res, 503, 'down') : send(res, 200, productPage('9.99')));
    const { fetchImpl, starts } = recordingFetch();
    const result = await client({ retries: 1, baseBackoffMs: 2, minIntervalMs: 150 }, fetchImpl).getPage('shop', `${baseUrl}/shop/flaky`);
    expect(result.ok).toBe(true);
    expect(starts).toHaveLength(2);
    expect((starts[1]?.at ?? 0) - (starts[0]?.at ?? 0)).toBeGreaterThanOrEqual(150 - TOLERANCE_MS);
  });
});

describe('PoliteHttpClient: timeouts and network errors', () => {
  it('a server that never answers → timeout after timeoutMs, retried', async () => {
    handler = () => undefined;
    const { fetchImpl, starts } = recordingFetch();
    const started = Date.now();
    const failure = failureOf(await client({ timeoutMs: 150, retries: 1, baseBackoffMs: 10 }, fetchImpl).getPage('shop', `${baseUrl}/shop/silent`));
    expect(failure.kind).toBe('timeout');
    expect(failure.message).toContain('150');
    expect(hits).toHaveLength(2);
    // The timeout runs from the moment the client sends, so the retry starts at least timeoutMs after the first.
    expect(starts).toHaveLength(2);
    expect((starts[1]?.at ?? 0) - (starts[0]?.at ?? 0)).toBeGreaterThanOrEqual(150 - TOLERANCE_MS);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * 150 - TOLERANCE_MS);
  });

  it('a timeout is retried and the retry can succeed', async () => {
    handler = (_req, res, n) => (n === 1 ? undefined : send(res, 200, productPage('3.50')));
    const result = await client({ timeoutMs: 150, retries: 2, baseBackoffMs: 10 }).getPage('shop', `${baseUrl}/shop/sleepy`);
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(hits).toHaveLength(2);
  });

  it('a body that stops arriving → timeout', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write('<!DOCTYPE html><html><head><title>Half a page</title></head><body>');
    };
    const failure = failureOf(await client({ timeoutMs: 150, retries: 0 }).getPage('shop', `${baseUrl}/shop/trickle`));
    expect(failure.kind).toBe('timeout');
  });

  it('connection refused → network_error, retried', async () => {
    const port = await closedPort();
    let calls = 0;
    const countingFetch: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    const failure = failureOf(await client({ retries: 2, baseBackoffMs: 5 }, countingFetch).getPage('gone', `http://127.0.0.1:${port}/gone/isbn/1`));
    expect(failure.kind).toBe('network_error');
    expect(failure.message).toContain('ECONNREFUSED');
    expect(calls).toBe(3);
  });
});

describe('PoliteHttpClient: per-store concurrency and spacing', () => {
  it('never exceeds the concurrency per store, while two stores proceed in parallel', async () => {
    handler = async (_req, res) => {
      await sleep(60);
      send(res, 200, productPage('9.99'));
    };
    const http = client({ concurrency: 2, minIntervalMs: 0 });
    const calls = [
      ...Array.from({ length: 8 }, (_, i) => http.getPage('store-a', `${baseUrl}/store-a/isbn/${i}`)),
      ...Array.from({ length: 8 }, (_, i) => http.getPage('store-b', `${baseUrl}/store-b/isbn/${i}`)),
    ];
    const results = await Promise.all(calls);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(hits).toHaveLength(16);
    expect(maxInFlight.get('store-a')).toBe(2);
    expect(maxInFlight.get('store-b')).toBe(2);
    // The two stores' requests overlapped: neither waited for the other.
    expect(maxTotalInFlight).toBeGreaterThanOrEqual(3);
    expect(maxTotalInFlight).toBeLessThanOrEqual(4);
  });

  it('concurrency 1 sends one request at a time', async () => {
    handler = async (_req, res) => {
      await sleep(20);
      send(res, 200, productPage('9.99'));
    };
    const http = client({ concurrency: 1 });
    await Promise.all(Array.from({ length: 5 }, (_, i) => http.getPage('solo', `${baseUrl}/solo/isbn/${i}`)));
    expect(hits).toHaveLength(5);
    expect(maxInFlight.get('solo')).toBe(1);
  });

  it('spaces request starts to one store by at least minIntervalMs', async () => {
    const { fetchImpl, starts } = recordingFetch();
    const http = client({ concurrency: 4, minIntervalMs: 50 }, fetchImpl);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => http.getPage('spaced', `${baseUrl}/spaced/isbn/${i}`)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(hits).toHaveLength(5);
    const times = starts.map((s) => s.at);
    for (let i = 1; i < times.length; i++) expect((times[i] as number) - (times[i - 1] as number)).toBeGreaterThanOrEqual(50 - TOLERANCE_MS);
  });

  it('the interval is per store: another store is not spaced against it', async () => {
    const { fetchImpl, starts } = recordingFetch();
    const http = client({ concurrency: 4, minIntervalMs: 200 }, fetchImpl);
    await Promise.all([
      http.getPage('one', `${baseUrl}/one/isbn/1`),
      http.getPage('one', `${baseUrl}/one/isbn/2`),
      http.getPage('two', `${baseUrl}/two/isbn/1`),
    ]);
    expect(startOf(starts, '/one/isbn/2') - startOf(starts, '/one/isbn/1')).toBeGreaterThanOrEqual(200 - TOLERANCE_MS);
    // Store two's request did not queue behind store one's spaced second request.
    expect(startOf(starts, '/two/isbn/1')).toBeLessThan(startOf(starts, '/one/isbn/2'));
  });
});

describe('PoliteHttpClient: body size and redirects', () => {
  const MAX_BODY = 100_000;
  const bigPage = `${productPage('11.00').replace('</body></html>', '')}${'<p>Reader review: a thoroughly absorbing book.</p>\n'.repeat(20_000)}</body></html>`;

  it('a body over maxBodyBytes is cut, not an error: the page keeps its beginning', async () => {
    expect(Buffer.byteLength(bigPage)).toBeGreaterThan(5 * MAX_BODY);
    handler = (_req, res) => send(res, 200, bigPage);
    const result = await client({ maxBodyBytes: MAX_BODY }).getPage('shop', `${baseUrl}/shop/huge`);
    if (!result.ok) throw new Error(`expected a page, got ${result.failure.kind}`);
    expect(result.html.length).toBeLessThan(bigPage.length);
    expect(bigPage.startsWith(result.html)).toBe(true);
    expect(result.html).toContain('"price":"11.00"');
  });

  it('the cut is at maxBodyBytes', async () => {
    handler = (_req, res) => send(res, 200, bigPage);
    const result = await client({ maxBodyBytes: MAX_BODY }).getPage('shop', `${baseUrl}/shop/huge`);
    if (!result.ok) throw new Error(`expected a page, got ${result.failure.kind}`);
    expect(Buffer.byteLength(result.html)).toBeLessThanOrEqual(MAX_BODY);
  });

  it('a body under maxBodyBytes arrives whole, decoded as UTF-8', async () => {
    const html = productPage('18.09').replace('<h1>', '<h1>Preis 18,09 € — Bücher ');
    handler = (_req, res) => send(res, 200, html);
    const result = await client({ maxBodyBytes: MAX_BODY }).getPage('shop', `${baseUrl}/shop/small`);
    expect(result).toEqual({ ok: true, status: 200, url: `${baseUrl}/shop/small`, html });
  });

  it('follows redirects and reports the final URL', async () => {
    handler = (req, res) => {
      if (req.url === '/shop/isbn/9780306406157') send(res, 301, '', { location: '/shop/book/the-quiet-harbour' });
      else if (req.url === '/shop/book/the-quiet-harbour') send(res, 302, '', { location: `${baseUrl}/shop/book/the-quiet-harbour/paperback` });
      else send(res, 200, productPage('14.99'));
    };
    const result = await client().getPage('shop', `${baseUrl}/shop/isbn/9780306406157`);
    expect(result).toMatchObject({ ok: true, status: 200, url: `${baseUrl}/shop/book/the-quiet-harbour/paperback` });
    expect(hits.map((h) => h.path)).toEqual(['/shop/isbn/9780306406157', '/shop/book/the-quiet-harbour', '/shop/book/the-quiet-harbour/paperback']);
    expect(hits.every((h) => h.userAgent === USER_AGENT)).toBe(true);
  });

  it.each([
    ['gzip', (body: Buffer) => gzipSync(body)],
    ['deflate', (body: Buffer) => deflateSync(body)],
    ['br', (body: Buffer) => brotliCompressSync(body)],
  ] as const)('a %s-compressed page arrives decompressed', async (encoding, compress) => {
    const html = productPage('21.50').replace('<h1>', '<h1>Komprimiert — Bücher ');
    handler = (_req, res) => {
      const body = compress(Buffer.from(html, 'utf8'));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': encoding, 'content-length': String(body.length) });
      res.end(body);
    };
    const result = await client().getPage('shop', `${baseUrl}/shop/compressed`);
    expect(result).toEqual({ ok: true, status: 200, url: `${baseUrl}/shop/compressed`, html });
  });

  it('a compressed body over maxBodyBytes is cut after decompression', async () => {
    handler = (_req, res) => {
      const body = gzipSync(Buffer.from(bigPage, 'utf8'));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', 'content-length': String(body.length) });
      res.end(body);
    };
    const result = await client({ maxBodyBytes: MAX_BODY }).getPage('shop', `${baseUrl}/shop/huge-gzip`);
    if (!result.ok) throw new Error(`expected a page, got ${result.failure.kind}`);
    expect(Buffer.byteLength(result.html)).toBeLessThanOrEqual(MAX_BODY);
    expect(Buffer.byteLength(result.html)).toBeGreaterThan(MAX_BODY - 4);
    expect(bigPage.startsWith(result.html)).toBe(true);
  });

  it('a redirect to a missing page → not_found', async () => {
    handler = (req, res) => (req.url === '/shop/old' ? send(res, 301, '', { location: '/shop/gone' }) : send(res, 404, 'gone'));
    const failure = failureOf(await client().getPage('shop', `${baseUrl}/shop/old`));
    expect(failure.kind).toBe('not_found');
  });
});
