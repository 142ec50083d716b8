// The public surface of the demonstration store server: what tests, benchmarks and `npm start` use.

export const DEMO_STORE_SLUGS = ['paperback-palace', 'ebook-emporium', 'buchhandlung', 'corner-bookshop'] as const;

export type DemoStoreSlug = (typeof DEMO_STORE_SLUGS)[number];

export type DemoAvailability = 'in_stock' | 'out_of_stock' | 'preorder';

/** What a store answers for a product page, instead of its deterministic default. */
export type DemoBehaviour =
  | { kind: 'price'; amount: string; availability?: DemoAvailability }
  | { kind: 'not_found' }
  | { kind: 'captcha' }
  | { kind: 'forbidden' }
  /** 429 with `Retry-After` for the next `times` requests (default: always). */
  | { kind: 'rate_limited'; retryAfterSeconds: number; times?: number }
  /** 503 for the next `times` requests (default: always). */
  | { kind: 'server_error'; times?: number }
  /** The default page, `delayMs` later than the server's latency. */
  | { kind: 'slow'; delayMs: number }
  /** A product page without any price (the book cannot be ordered). */
  | { kind: 'no_price' }
  /** A product page with two different prices for the edition: an extractor must refuse to guess. */
  | { kind: 'ambiguous' }
  | { kind: 'used_and_new'; newAmount: string; usedAmount: string }
  /** The default page padded to at least `megabytes` MiB. */
  | { kind: 'huge'; megabytes: number };

export interface DemoStoreStats {
  requests: number;
  /** The highest number of this store's requests seen in flight at once. */
  maxInFlight: number;
}

export interface DemoStoreServerOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (any free port). */
  port?: number;
  /** Added before every store response. Default 0. */
  latencyMs?: number;
  /** Changes every deterministic price. Default `shelfwatch`. */
  seed?: string;
}

export interface DemoStoreServer {
  /** Base URL, e.g. http://127.0.0.1:3100 (no trailing slash). */
  url: string;
  close(): Promise<void>;
  /** Override what a store answers for one ISBN (or all ISBNs with isbn '*'); an ISBN's own override wins. */
  set(store: DemoStoreSlug, isbn: string | '*', behaviour: DemoBehaviour): void;
  /** Removes every override and zeroes the counters (the latency stays as it is). */
  reset(): void;
  /** Requests served, per store, for tests and benchmarks. */
  stats(): Record<DemoStoreSlug, DemoStoreStats>;
  setLatency(ms: number): void;
}

export function isDemoStoreSlug(value: string): value is DemoStoreSlug {
  return (DEMO_STORE_SLUGS as readonly string[]).includes(value);
}

/** Product pages exist for 13-digit ISBNs; anything else is a 404 (the check digit is not checked). */
export function isIsbn13(value: string): boolean {
  return /^\d{13}$/.test(value);
}
