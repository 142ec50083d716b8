// HtmlPriceSource with a real PoliteHttpClient against the demonstration store server: each of the four demo
// stores' markup styles read into amount, currency, availability and URL (the stores configured as shipped in
// src/adapters/stores/recipes/shipped-stores.ts), and every store behaviour turned into the right typed answer.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPED_STORES } from '../../../src/adapters/stores/recipes/shipped-stores.js';
import type { StoreTarget } from '../../../src/application/pricing/ports/price-source.js';
import type { FetchFailure, PriceFetchResult, PriceObservation } from '../../../src/domain/pricing/price-observation.js';
import {
  DEMO_STORE_SLUGS,
  defaultOfferFor,
  startDemoStoreServer,
  type DemoAvailability,
  type DemoStoreServer,
  type DemoStoreSlug,
} from '../../../src/adapters/demo/stores/index.js';
import { HtmlPriceSource } from '../../../src/adapters/stores/html-price-source.js';
import { PoliteHttpClient, type PolitenessOptions } from '../../../src/adapters/stores/polite-http-client.js';

const SEED = 'html-price-source-test';
const ISBN = '9780306406157';
const OTHER_ISBN = '9780141439518';
const RETRIES = 2;

let demo: DemoStoreServer;

beforeAll(async () => {
  demo = await startDemoStoreServer({ port: 0, seed: SEED });
});
afterEach(() => {
  demo.reset();
});
afterAll(async () => {
  await demo.close();
});

function source(options: Partial<PolitenessOptions> = {}): HtmlPriceSource {
  return new HtmlPriceSource(
    new PoliteHttpClient({
      userAgent: 'Shelfwatch-Test/1.0 (+https://shelfwatch.example/about-the-bot)',
      timeoutMs: 5_000,
      retries: RETRIES,
      concurrency: 2,
      minIntervalMs: 0,
      baseBackoffMs: 10,
      ...options,
    }),
  );
}

/** The store row as shipped: its URL template pointed at the demo server, its currency and extraction hints. */
function target(slug: DemoStoreSlug, isbn = ISBN): StoreTarget {
  const shipped = SHIPPED_STORES.find((s) => s.key === `demo-${slug}`);
  if (!shipped) throw new Error(`no shipped store demo-${slug}`);
  return {
    storeId: SHIPPED_STORES.indexOf(shipped) + 1,
    storeKey: shipped.key,
    productUrl: shipped.productUrlTemplate.replace('{demo}', demo.url).replace('{isbn13}', isbn),
    currency: shipped.currency,
    isbn13: isbn,
    extraction: { ...(shipped.extraction ?? {}) },
  };
}

/** The observation without its evidence (the default page's test checks that). */
function observationOf(result: PriceFetchResult): PriceObservation {
  if (!result.ok) throw new Error(`expected a price, got ${result.failure.kind}: ${result.failure.message}`);
  const { evidence: _evidence, ...observation } = result.observation;
  return observation;
}

/** Which source of each demo store's markup decides (docs/pricing.md, "Demonstration stores"). */
const DECIDER: Record<DemoStoreSlug, string> = {
  'paperback-palace': 'json-ld',
  'ebook-emporium': 'microdata',
  buchhandlung: 'meta',
  'corner-bookshop': 'selectors',
};

function failureOf(result: PriceFetchResult): FetchFailure {
  if (result.ok) throw new Error(`expected a failure, got ${result.observation.amount} ${result.observation.currency}`);
  return result.failure;
}

function requestsTo(slug: DemoStoreSlug): number {
  return demo.stats()[slug].requests;
}

const CURRENCY: Record<DemoStoreSlug, string> = {
  'paperback-palace': 'EUR',
  'ebook-emporium': 'EUR',
  buchhandlung: 'EUR',
  'corner-bookshop': 'GBP',
};

describe.each(DEMO_STORE_SLUGS)('HtmlPriceSource on the demo store %s', (slug) => {
  it.each([ISBN, OTHER_ISBN])('reads the default page for %s: amount, currency, availability and URL', async (isbn) => {
    const offer = defaultOfferFor(slug, isbn, SEED, CURRENCY[slug]);
    const t = target(slug, isbn);
    const result = await source().fetchPrice(t);
    expect(observationOf(result)).toEqual({
      amount: offer.amount,
      currency: CURRENCY[slug],
      availability: offer.availability,
      url: t.productUrl,
    });
    // Why: the source of the store's markup decided, quoting the price as the page wrote it (a decimal point or comma).
    expect(result.ok && result.observation.evidence).toMatch(new RegExp(`^${DECIDER[slug]} "[^"]*${offer.amount.replace('.', '[.,]')}[^"]*" ${CURRENCY[slug]}`));
    expect(requestsTo(slug)).toBe(1);
  });

  it.each<DemoAvailability>(['in_stock', 'out_of_stock', 'preorder'])('a set price that is %s', async (availability) => {
    demo.set(slug, ISBN, { kind: 'price', amount: '23.45', availability });
    const t = target(slug);
    expect(observationOf(await source().fetchPrice(t))).toEqual({ amount: '23.45', currency: CURRENCY[slug], availability, url: t.productUrl });
  });

  it('not_found → not_found, asked once', async () => {
    demo.set(slug, ISBN, { kind: 'not_found' });
    expect(failureOf(await source().fetchPrice(target(slug))).kind).toBe('not_found');
    expect(requestsTo(slug)).toBe(1);
  });

  it('captcha → blocked, asked once', async () => {
    demo.set(slug, ISBN, { kind: 'captcha' });
    expect(failureOf(await source().fetchPrice(target(slug))).kind).toBe('blocked');
    expect(requestsTo(slug)).toBe(1);
  });

  it('forbidden → blocked, asked once', async () => {
    demo.set(slug, ISBN, { kind: 'forbidden' });
    expect(failureOf(await source().fetchPrice(target(slug))).kind).toBe('blocked');
    expect(requestsTo(slug)).toBe(1);
  });

  it('rate_limited with a long Retry-After → rate_limited with its seconds, asked once', async () => {
    demo.set(slug, ISBN, { kind: 'rate_limited', retryAfterSeconds: 120 });
    expect(failureOf(await source({ maxRetryAfterMs: 10_000 }).fetchPrice(target(slug)))).toMatchObject({
      kind: 'rate_limited',
      retryAfterSeconds: 120,
    });
    expect(requestsTo(slug)).toBe(1);
  });

  it('server_error on every request → http_error after retries + 1 requests', async () => {
    demo.set(slug, ISBN, { kind: 'server_error' });
    expect(failureOf(await source().fetchPrice(target(slug))).kind).toBe('http_error');
    expect(requestsTo(slug)).toBe(RETRIES + 1);
  });

  it('server_error twice → the price on the third request', async () => {
    demo.set(slug, ISBN, { kind: 'server_error', times: 2 });
    const offer = defaultOfferFor(slug, ISBN, SEED, CURRENCY[slug]);
    expect(observationOf(await source().fetchPrice(target(slug)))).toMatchObject({ amount: offer.amount, currency: CURRENCY[slug] });
    expect(requestsTo(slug)).toBe(3);
  });

  it('no_price → no_price', async () => {
    demo.set(slug, ISBN, { kind: 'no_price' });
    expect(failureOf(await source().fetchPrice(target(slug))).kind).toBe('no_price');
  });

  it('ambiguous → ambiguous_price (the adapter refuses to guess)', async () => {
    demo.set(slug, ISBN, { kind: 'ambiguous' });
    expect(failureOf(await source().fetchPrice(target(slug))).kind).toBe('ambiguous_price');
  });

  it('used_and_new → the new price', async () => {
    demo.set(slug, ISBN, { kind: 'used_and_new', newAmount: '21.50', usedAmount: '6.25' });
    const t = target(slug);
    expect(observationOf(await source().fetchPrice(t))).toEqual({ amount: '21.50', currency: CURRENCY[slug], availability: 'in_stock', url: t.productUrl });
  });

  it('huge (beyond the body cap) → still finds the price', async () => {
    demo.set(slug, ISBN, { kind: 'huge', megabytes: 10 });
    const offer = defaultOfferFor(slug, ISBN, SEED, CURRENCY[slug]);
    const t = target(slug);
    expect(observationOf(await source().fetchPrice(t))).toEqual({ amount: offer.amount, currency: CURRENCY[slug], availability: offer.availability, url: t.productUrl });
  });

  it('slow beyond the timeout → timeout, retried', async () => {
    demo.set(slug, ISBN, { kind: 'slow', delayMs: 5_000 });
    const failure = failureOf(await source({ timeoutMs: 200, retries: 1 }).fetchPrice(target(slug)));
    expect(failure.kind).toBe('timeout');
    expect(requestsTo(slug)).toBe(2);
  });

  it('slow but within the timeout → the price', async () => {
    demo.set(slug, ISBN, { kind: 'slow', delayMs: 100 });
    const offer = defaultOfferFor(slug, ISBN, SEED, CURRENCY[slug]);
    expect(observationOf(await source({ timeoutMs: 5_000 }).fetchPrice(target(slug)))).toMatchObject({ amount: offer.amount });
  });
});

describe('HtmlPriceSource: store configuration and politeness', () => {
  it('the Corner Bookshop without its selectors: the visible price block of the page gives the same price', async () => {
    const t = { ...target('corner-bookshop'), extraction: {} };
    const offer = defaultOfferFor('corner-bookshop', ISBN, SEED, 'GBP');
    expect(observationOf(await source().fetchPrice(t))).toMatchObject({ amount: offer.amount, currency: 'GBP' });
  });

  it('rate_limited with Retry-After: 1 once → waits, retries, and reads the price', async () => {
    demo.set('paperback-palace', ISBN, { kind: 'rate_limited', retryAfterSeconds: 1, times: 1 });
    const offer = defaultOfferFor('paperback-palace', ISBN, SEED, 'EUR');
    const started = Date.now();
    expect(observationOf(await source().fetchPrice(target('paperback-palace')))).toMatchObject({ amount: offer.amount, currency: 'EUR' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000 - 5);
    expect(requestsTo('paperback-palace')).toBe(2);
  });

  it('an ISBN override does not leak to other ISBNs of the store', async () => {
    demo.set('ebook-emporium', ISBN, { kind: 'not_found' });
    const offer = defaultOfferFor('ebook-emporium', OTHER_ISBN, SEED, 'EUR');
    expect(observationOf(await source().fetchPrice(target('ebook-emporium', OTHER_ISBN)))).toMatchObject({ amount: offer.amount });
  });

  it('keeps to the store concurrency across many editions at once', async () => {
    demo.setLatency(30);
    try {
      const http = source({ concurrency: 2 });
      const isbns = Array.from({ length: 8 }, (_, i) => `978030640${String(6100 + i)}`);
      const results = await Promise.all([
        ...isbns.map((isbn) => http.fetchPrice(target('buchhandlung', isbn))),
        ...isbns.map((isbn) => http.fetchPrice(target('corner-bookshop', isbn))),
      ]);
      expect(results.every((r) => r.ok)).toBe(true);
      const stats = demo.stats();
      expect(stats.buchhandlung).toEqual({ requests: 8, maxInFlight: 2 });
      expect(stats['corner-bookshop']).toEqual({ requests: 8, maxInFlight: 2 });
    } finally {
      demo.setLatency(0);
    }
  });
});
