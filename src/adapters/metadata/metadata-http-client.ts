// JSON GETs to one metadata service, politely. The transport, the gate and the Retry-After reading are the store
// fetcher's own (shared, not copied); what differs is what a failure means here: a lookup someone is waiting for
// gives up soon and says when to come back, rather than waiting out a long Retry-After.
import { retryAfterSeconds } from '../kits/net/retry-after.js';
import { nodeHttpTransport, type Transport, type TransportResponse } from '../kits/net/node-http-transport.js';
import { StoreGate } from '../kits/net/store-gate.js';
import { abortableSleep, untilAborted } from './abortable.js';

export interface MetadataHttpOptions {
  /** Names the service in every message: 'open-library', 'google-books'. */
  source: string;
  userAgent: string;
  timeoutMs: number;
  /** Further attempts after a timeout, a network error, a 5xx or a 429. */
  retries: number;
  /** At least this long between two request starts to the service (requests go one at a time). */
  minIntervalMs: number;
  baseBackoffMs?: number;
  /** A Retry-After up to this long is waited out before the next attempt; a longer one ends the lookup. */
  maxRetryAfterWaitMs?: number;
  maxBodyBytes?: number;
  /** Values (an API key) replaced in every message, whatever the service or the network said. */
  secrets?: readonly string[];
}

export type JsonAnswer =
  | { kind: 'json'; body: unknown }
  | { kind: 'not_found' }
  | { kind: 'unavailable'; message: string; retryAfterSeconds?: number };

type Attempt = JsonAnswer | { kind: 'transient'; message: string; retryAfterSeconds?: number };

/** What a turn at the gate answers once its caller has stopped: nothing is sent, and nobody reads it. */
const ABANDONED: JsonAnswer = { kind: 'unavailable', message: 'the lookup was stopped' };

const DEFAULT_BASE_BACKOFF_MS = 500;
const DEFAULT_MAX_RETRY_AFTER_WAIT_MS = 10_000;
const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

export class MetadataHttpClient {
  private readonly gate: StoreGate;
  /** After a Retry-After too long to wait out: nothing is asked before then, the lookup answers at once. */
  private restingUntil = 0;

  constructor(
    private readonly options: MetadataHttpOptions,
    private readonly transport: Transport = nodeHttpTransport(),
  ) {
    this.gate = new StoreGate(1, options.minIntervalMs);
  }

  /**
   * `signal`: the caller stops (a service shutting down): the waiting ends at once — for the answer in flight, for the
   * turn at the gate, for the backoff — and the call rejects with the signal's reason. A request not yet sent is not.
   */
  async getJson(url: string, signal?: AbortSignal): Promise<JsonAnswer> {
    const maxWaitMs = this.options.maxRetryAfterWaitMs ?? DEFAULT_MAX_RETRY_AFTER_WAIT_MS;
    for (let attempt = 0; ; attempt++) {
      signal?.throwIfAborted();
      // Checked in the gate too: a request queued behind the one that was told to wait must not go out either.
      const result =
        this.resting() ??
        (await untilAborted(
          this.gate.run(async () => (signal?.aborted === true ? ABANDONED : (this.resting() ?? (await this.once(url))))),
          signal,
        ));
      if (result.kind !== 'transient') return result;
      const waitMs = (result.retryAfterSeconds ?? 0) * 1000;
      if (attempt >= this.options.retries || waitMs > maxWaitMs) {
        if (waitMs > 0) this.restingUntil = Math.max(this.restingUntil, Date.now() + waitMs);
        return { ...result, kind: 'unavailable' };
      }
      // The service said when to come back: nobody asks it before then.
      if (waitMs > 0) this.gate.pauseUntil(Date.now() + waitMs);
      const backoff = (this.options.baseBackoffMs ?? DEFAULT_BASE_BACKOFF_MS) * 2 ** attempt;
      await abortableSleep(Math.max(waitMs, backoff / 2 + Math.random() * (backoff / 2)), signal);
    }
  }

  private resting(): JsonAnswer | null {
    const seconds = Math.ceil((this.restingUntil - Date.now()) / 1000);
    if (seconds <= 0) return null;
    const until = new Date(this.restingUntil).toISOString();
    return { kind: 'unavailable', message: `${this.options.source} asked not to be asked before ${until}`, retryAfterSeconds: seconds };
  }

  private async once(url: string): Promise<Attempt> {
    const { source, timeoutMs } = this.options;
    let response: TransportResponse;
    try {
      response = await this.transport.get(url, { headers: { 'user-agent': this.options.userAgent, accept: 'application/json' }, timeoutMs });
    } catch (error) {
      return { kind: 'transient', message: this.redacted(`${source} ${failureText(error, timeoutMs)}`) };
    }
    const status = response.status;
    if (status === 404 || status === 410) {
      response.discard();
      return { kind: 'not_found' };
    }
    if (status === 429 || status >= 500) {
      response.discard();
      const header = response.header('retry-after');
      return {
        kind: 'transient',
        message: `${source} answered ${status}`,
        ...(header ? { retryAfterSeconds: retryAfterSeconds(header) } : {}),
      };
    }
    let text: string;
    try {
      text = await response.text(this.options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
    } catch (error) {
      return { kind: 'transient', message: this.redacted(`${source} ${failureText(error, timeoutMs)}`) };
    }
    if (status >= 400) {
      // A refused key or an exhausted quota: asking again will not help, and the service's reason is worth showing.
      const reason = errorMessageIn(text);
      return { kind: 'unavailable', message: this.redacted(`${source} answered ${status}${reason ? `: ${reason}` : ''}`) };
    }
    try {
      return { kind: 'json', body: JSON.parse(text) as unknown };
    } catch {
      return { kind: 'unavailable', message: `${source} answered ${status} with a body that is not JSON` };
    }
  }

  private redacted(message: string): string {
    let text = message;
    for (const secret of this.options.secrets ?? []) {
      if (secret !== '') text = text.split(secret).join('[redacted]');
    }
    return text;
  }
}

function failureText(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: string }).name;
  if (name === 'TimeoutError' || name === 'AbortError') return `did not answer within ${timeoutMs} ms`;
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return `could not be reached (${code ?? (error instanceof Error ? error.message : String(error))})`;
}

/** The `error.message` of a Google-style JSON error body, cut short; null when there is none. */
function errorMessageIn(text: string): string | null {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string };
    const message = typeof body.error === 'string' ? body.error : body.error?.message;
    return typeof message === 'string' && message.trim() !== '' ? message.trim().slice(0, 200) : null;
  } catch {
    return null;
  }
}
