import type { FetchFailure } from '../../domain/pricing/price-observation.js';
import { isTransient } from '../../domain/pricing/price-observation.js';
import { detectBlockedPage } from './extraction/blocked-page.js';
import { fetchTransport, nodeHttpTransport, type Transport, type TransportResponse } from '../kits/net/node-http-transport.js';
import { retryAfterSeconds } from '../kits/net/retry-after.js';
import { sleep, StoreGate } from '../kits/net/store-gate.js';
import type { FetchRequester } from '../../application/pricing/ports/price-source.js';

export interface PolitenessOptions {
  userAgent: string;
  timeoutMs: number;
  retries: number;
  concurrency: number;
  minIntervalMs: number;
  /** Longest Retry-After the client waits out before giving up with `rate_limited`. */
  maxRetryAfterMs?: number;
  /** Larger pages are cut here; product blocks sit near the top. */
  maxBodyBytes?: number;
  baseBackoffMs?: number;
}

export type PageResult = { ok: true; status: number; url: string; html: string } | { ok: false; failure: FetchFailure };

/**
 * Fetches store pages politely: per-store gates (concurrency, spacing), a timeout per request, retries with
 * exponential backoff and jitter for transient failures only, and Retry-After honoured.
 */
export class PoliteHttpClient {
  private readonly gates = new Map<string, StoreGate>();
  private readonly transport: Transport;

  /** Pages are read over node:http(s); a test may pass a fetch to watch requests leave. */
  constructor(
    private readonly options: PolitenessOptions,
    fetchImpl?: typeof fetch,
  ) {
    this.transport = fetchImpl ? fetchTransport(fetchImpl) : nodeHttpTransport();
  }

  async getPage(storeKey: string, url: string, requester: FetchRequester = null): Promise<PageResult> {
    const gate = this.gateOf(storeKey);
    const maxRetryAfterMs = this.options.maxRetryAfterMs ?? 60_000;
    for (let attempt = 0; ; attempt++) {
      const result = await gate.run(() => this.once(url), requester === null ? undefined : `user:${requester.userId}`);
      if (result.ok || !isTransient(result.failure) || attempt >= this.options.retries) return result;
      const retryAfterMs = (result.failure.retryAfterSeconds ?? 0) * 1000;
      if (retryAfterMs > 0) {
        // The store said when to come back (429, or 503 during maintenance): nobody asks it before then.
        if (retryAfterMs > maxRetryAfterMs) return result;
        gate.pauseUntil(Date.now() + retryAfterMs);
      }
      const base = this.options.baseBackoffMs ?? 500;
      const backoff = base * 2 ** attempt;
      await sleep(Math.max(retryAfterMs, backoff / 2 + Math.random() * (backoff / 2)));
    }
  }

  private gateOf(storeKey: string): StoreGate {
    let gate = this.gates.get(storeKey);
    if (!gate) {
      gate = new StoreGate(this.options.concurrency, this.options.minIntervalMs);
      this.gates.set(storeKey, gate);
    }
    return gate;
  }

  private async once(url: string): Promise<PageResult> {
    let response: TransportResponse;
    try {
      response = await this.transport.get(url, {
        headers: { 'user-agent': this.options.userAgent, accept: 'text/html,application/xhtml+xml' },
        timeoutMs: this.options.timeoutMs,
      });
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        return fail('timeout', `no answer within ${this.options.timeoutMs} ms`);
      }
      const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
      return fail('network_error', code ?? (error instanceof Error ? error.message : String(error)));
    }
    const status = response.status;
    if (status === 429) {
      response.discard();
      return { ok: false, failure: { kind: 'rate_limited', message: 'the store answered 429', retryAfterSeconds: retryAfterSeconds(response.header('retry-after')) } };
    }
    if (status === 404 || status === 410) {
      response.discard();
      return fail('not_found', `the store has no page for this edition (${status})`);
    }
    if (status === 401 || status === 403) {
      response.discard();
      return fail('blocked', `the store refused the request (${status})`);
    }
    if (status >= 400) {
      response.discard();
      const retryAfter = response.header('retry-after');
      return {
        ok: false,
        failure: {
          kind: 'http_error',
          message: `the store answered ${status}`,
          httpStatus: status,
          ...(retryAfter ? { retryAfterSeconds: retryAfterSeconds(retryAfter) } : {}),
        },
      };
    }
    let html: string;
    try {
      html = await response.text(this.options.maxBodyBytes ?? 8 * 1024 * 1024);
    } catch (error) {
      const name = (error as { name?: string }).name;
      return name === 'TimeoutError' || name === 'AbortError'
        ? fail('timeout', `the page did not arrive within ${this.options.timeoutMs} ms`)
        : fail('network_error', error instanceof Error ? error.message : String(error));
    }
    // The same rule as the page reader's, so a robot check is never retried and never read as a page without a price.
    const blocked = detectBlockedPage(html);
    if (blocked !== null) return fail('blocked', `the store answered with a robot check: ${blocked}`);
    return { ok: true, status, url: response.url, html };
  }
}

function fail(kind: FetchFailure['kind'], message: string): PageResult {
  return { ok: false, failure: { kind, message } };
}
