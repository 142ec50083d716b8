// The demonstration store server over real HTTP: each store's markup style, every behaviour, latency,
// counters, the /__control endpoints, and prices that repeat across restarts with the same seed.
import * as cheerio from 'cheerio';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_STORE_SLUGS,
  DEMO_STORES,
  defaultOfferFor,
  startDemoStoreServer,
  type DemoStoreServer,
  type DemoStoreSlug,
} from '../../../src/adapters/demo/stores/index.js';

const ISBN = '9780306406157';
const OTHER_ISBN = '9780141439518';
const SEED = 'test-seed';

let server: DemoStoreServer;

beforeAll(async () => {
  server = await startDemoStoreServer({ port: 0, seed: SEED });
});
afterEach(() => {
  server.reset();
  server.setLatency(0);
});
afterAll(async () => {
  await server.close();
});

interface Page {
  status: number;
  headers: Headers;
  html: string;
  ms: number;
}

async function get(store: DemoStoreSlug, isbn: string, base = server.url): Promise<Page> {
  return getPath(DEMO_STORES[store].productPath(isbn), base);
}

async function getPath(path: string, base = server.url): Promise<Page> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`);
  const html = await res.text();
  return { status: res.status, headers: res.headers, html, ms: performance.now() - started };
}

async function post(path: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

interface Extracted {
  /** Every price the store's own markup style states for the edition (plain decimal, as written). */
  prices: string[];
  currency: string | null;
  availability: string | null;
}

/** Reads a page the way each store's style is meant to be read: only the product markup counts. */
function extract(store: DemoStoreSlug, html: string): Extracted {
  const $ = cheerio.load(html);
  switch (store) {
    case 'paperback-palace': {
      const blocks = $('script[type="application/ld+json"]')
        .toArray()
        .map((el) => JSON.parse($(el).text()) as Record<string, any>);
      const book = blocks.find((b) => b['@type'] === 'Book');
      const offers: Record<string, any>[] = book?.offers === undefined ? [] : [book.offers].flat();
      return { prices: offers.map((o) => String(o.price)), currency: offers[0]?.priceCurrency ?? null, availability: offers[0]?.availability ?? null };
    }
    case 'ebook-emporium': {
      const offers = $('[itemtype="https://schema.org/Book"] [itemprop="offers"]');
      return {
        prices: $('[itemprop="price"]').toArray().map((el) => $(el).attr('content') ?? ''),
        currency: offers.first().find('[itemprop="priceCurrency"]').attr('content') ?? null,
        availability: offers.first().find('[itemprop="availability"]').attr('href') ?? null,
      };
    }
    case 'buchhandlung':
      return {
        prices: $('meta[property="product:price:amount"]').toArray().map((el) => $(el).attr('content') ?? ''),
        currency: $('meta[property="product:price:currency"]').attr('content') ?? null,
        availability: $('meta[property="product:availability"]').attr('content') ?? null,
      };
    case 'corner-bookshop':
      return {
        prices: $('.product-price .price-now').toArray().map((el) => $(el).text().trim()),
        currency: null,
        availability: $('.stock-status').first().text().trim() || null,
      };
  }
}

describe('markup styles', () => {
  it('Paperback Palace: a JSON-LD Book with an Offer, related prices outside it', async () => {
    server.set('paperback-palace', ISBN, { kind: 'price', amount: '12.99' });
    const page = await get('paperback-palace', ISBN);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    expect(extract('paperback-palace', page.html)).toEqual({ prices: ['12.99'], currency: 'EUR', availability: 'https://schema.org/InStock' });
    expect(page.html).toContain('€12.99');
    expect(page.html).not.toContain('itemprop="price"');
    expect(page.html).not.toContain('product:price:amount');
    const $ = cheerio.load(page.html);
    expect($('header').length).toBe(1);
    expect($('nav').length).toBeGreaterThan(0);
    expect($('footer').length).toBe(1);
    const related = $('.pp-related .pp-tile-price').toArray().map((el) => $(el).text());
    expect(related).toHaveLength(4);
    expect(related.every((p) => /^€\d+\.\d\d$/.test(p) && p !== '€12.99')).toBe(true);
  });

  it('Ebook Emporium: microdata with itemprop="price" inside the Book, related prices without itemprop', async () => {
    server.set('ebook-emporium', ISBN, { kind: 'price', amount: '7.49' });
    const page = await get('ebook-emporium', ISBN);
    expect(page.status).toBe(200);
    expect(extract('ebook-emporium', page.html)).toEqual({ prices: ['7.49'], currency: 'EUR', availability: 'https://schema.org/InStock' });
    expect(page.html).not.toContain('application/ld+json');
    const $ = cheerio.load(page.html);
    expect($('.ee-more-price').length).toBe(4);
    expect($('[itemprop="price"]').text()).toBe('€7.49');
  });

  it('Buchhandlung: OpenGraph product meta tags on a German page with a decimal comma', async () => {
    server.set('buchhandlung', ISBN, { kind: 'price', amount: '18.09' });
    const page = await get('buchhandlung', ISBN);
    expect(page.status).toBe(200);
    expect(extract('buchhandlung', page.html)).toEqual({ prices: ['18,09'], currency: 'EUR', availability: 'in stock' });
    const $ = cheerio.load(page.html);
    expect($('html').attr('lang')).toBe('de');
    expect($('meta[property="og:type"]').attr('content')).toBe('product');
    expect($('.bh-preis').text()).toBe('18,09 €');
    expect($('.bh-regal-preis').length).toBe(4);
    expect(page.html).not.toContain('itemprop="price"');
    expect(page.html).not.toContain('application/ld+json');
  });

  it('Corner Bookshop: plain HTML for CSS selectors, in pounds', async () => {
    server.set('corner-bookshop', ISBN, { kind: 'price', amount: '9.5' });
    const page = await get('corner-bookshop', ISBN);
    expect(page.status).toBe(200);
    expect(extract('corner-bookshop', page.html)).toEqual({ prices: ['£9.50'], currency: null, availability: 'In stock' });
    const $ = cheerio.load(page.html);
    expect($('.related-books .tile-price').length).toBe(4);
    expect(page.html).not.toContain('itemprop');
    expect(page.html).not.toContain('application/ld+json');
    expect(page.html).not.toContain('product:price');
  });

  it('serves a page with a deterministic default price at every store, and 404 for a malformed ISBN', async () => {
    for (const store of DEMO_STORE_SLUGS) {
      const expected = defaultOfferFor(store, ISBN, SEED, DEMO_STORES[store].currency);
      const page = await get(store, ISBN);
      expect(page.status).toBe(200);
      const { prices } = extract(store, page.html);
      expect(prices).toHaveLength(1);
      const shown = prices[0] ?? '';
      const plain = store === 'corner-bookshop' ? shown.replace('£', '') : shown.replace(',', '.');
      expect(plain).toBe(expected.amount);
      expect(Number(plain)).toBeGreaterThanOrEqual(6.99);
      expect(Number(plain)).toBeLessThanOrEqual(39.99);

      for (const bad of ['12345', '97803064061570', '978030640615X']) {
        const missing = await get(store, bad);
        expect(missing.status, `${store} ${bad}`).toBe(404);
        expect(extract(store, missing.html).prices).toEqual([]);
      }
    }
  });

  it('puts a deterministic ~5% of editions out of stock', () => {
    let out = 0;
    for (let i = 0; i < 2000; i++) {
      const offer = defaultOfferFor('paperback-palace', `978${String(i).padStart(10, '0')}`, SEED, 'EUR');
      if (offer.availability === 'out_of_stock') out++;
    }
    expect(out).toBeGreaterThan(2000 * 0.025);
    expect(out).toBeLessThan(2000 * 0.09);
  });

  it('serves the store front pages and the index of stores', async () => {
    for (const store of DEMO_STORE_SLUGS) {
      const home = await getPath(DEMO_STORES[store].homePath);
      expect(home.status).toBe(200);
      expect(home.html).toContain(DEMO_STORES[store].productPathPrefix);
    }
    const index = await getPath('/');
    expect(index.status).toBe(200);
    for (const store of DEMO_STORE_SLUGS) expect(index.html).toContain(`href="${DEMO_STORES[store].productPath('9780306406157')}"`);
    expect((await getPath('/no-such-store/isbn/9780306406157')).status).toBe(404);
  });
});

describe('behaviours', () => {
  it('not_found answers 404 with the store page and no price', async () => {
    for (const store of DEMO_STORE_SLUGS) {
      server.set(store, ISBN, { kind: 'not_found' });
      const page = await get(store, ISBN);
      expect(page.status).toBe(404);
      expect(extract(store, page.html).prices).toEqual([]);
    }
  });

  it('captcha answers 200 with a challenge and no price', async () => {
    for (const store of DEMO_STORE_SLUGS) {
      server.set(store, '*', { kind: 'captcha' });
      const page = await get(store, ISBN);
      expect(page.status).toBe(200);
      expect(page.html).toMatch(/verify you are human/i);
      expect(page.html).toContain('captcha');
      for (const style of DEMO_STORE_SLUGS) expect(extract(style, page.html).prices).toEqual([]);
    }
  });

  it('forbidden answers 403, server_error 503', async () => {
    server.set('paperback-palace', ISBN, { kind: 'forbidden' });
    server.set('corner-bookshop', ISBN, { kind: 'server_error' });
    expect((await get('paperback-palace', ISBN)).status).toBe(403);
    expect((await get('paperback-palace', ISBN)).status).toBe(403);
    expect((await get('corner-bookshop', ISBN)).status).toBe(503);
    expect((await get('corner-bookshop', ISBN)).status).toBe(503);
  });

  it('rate_limited answers 429 with Retry-After, for `times` requests only', async () => {
    server.set('buchhandlung', ISBN, { kind: 'rate_limited', retryAfterSeconds: 7, times: 2 });
    for (let i = 0; i < 2; i++) {
      const page = await get('buchhandlung', ISBN);
      expect(page.status).toBe(429);
      expect(page.headers.get('retry-after')).toBe('7');
    }
    expect((await get('buchhandlung', ISBN)).status).toBe(200);

    server.set('buchhandlung', ISBN, { kind: 'rate_limited', retryAfterSeconds: 1 });
    for (let i = 0; i < 4; i++) expect((await get('buchhandlung', ISBN)).status).toBe(429);
  });

  it('server_error with `times` recovers, and an ISBN override wins over "*"', async () => {
    server.set('ebook-emporium', '*', { kind: 'forbidden' });
    server.set('ebook-emporium', ISBN, { kind: 'server_error', times: 1 });
    expect((await get('ebook-emporium', ISBN)).status).toBe(503);
    expect((await get('ebook-emporium', ISBN)).status).toBe(403);
    expect((await get('ebook-emporium', OTHER_ISBN)).status).toBe(403);
    expect((await get('paperback-palace', OTHER_ISBN)).status).toBe(200);
  });

  it('slow answers the normal page after the delay', async () => {
    server.set('paperback-palace', ISBN, { kind: 'slow', delayMs: 300 });
    const page = await get('paperback-palace', ISBN);
    expect(page.status).toBe(200);
    expect(page.ms).toBeGreaterThanOrEqual(280);
    expect(extract('paperback-palace', page.html).prices).toHaveLength(1);
    expect((await get('paperback-palace', OTHER_ISBN)).ms).toBeLessThan(280);
  });

  it('no_price shows the product without any price', async () => {
    for (const store of DEMO_STORE_SLUGS) {
      server.set(store, ISBN, { kind: 'no_price' });
      const page = await get(store, ISBN);
      expect(page.status).toBe(200);
      expect(page.html).toContain(ISBN);
      expect(extract(store, page.html).prices).toEqual([]);
    }
  });

  it('ambiguous shows two different prices for the edition', async () => {
    for (const store of DEMO_STORE_SLUGS) {
      server.set(store, ISBN, { kind: 'ambiguous' });
      const { prices } = extract(store, (await get(store, ISBN)).html);
      expect(prices, store).toHaveLength(2);
      expect(new Set(prices).size, store).toBe(2);
    }
  });

  it('used_and_new shows a new and a used price', async () => {
    const expectedNew: Record<DemoStoreSlug, string[]> = {
      'paperback-palace': ['14.00', '6.50'],
      'ebook-emporium': ['14.00', '6.50'],
      buchhandlung: ['14,00'],
      'corner-bookshop': ['£14.00'],
    };
    for (const store of DEMO_STORE_SLUGS) {
      server.set(store, ISBN, { kind: 'used_and_new', newAmount: '14.00', usedAmount: '6.50' });
      const page = await get(store, ISBN);
      expect(extract(store, page.html).prices, store).toEqual(expectedNew[store]);
      expect(page.html).toMatch(store === 'buchhandlung' ? /6,50 €/ : /[€£]6\.50/);
    }
    const jsonLd = cheerio.load((await get('paperback-palace', ISBN)).html)('script[type="application/ld+json"]').last().text();
    const conditions = (JSON.parse(jsonLd).offers as { itemCondition: string }[]).map((o) => o.itemCondition);
    expect(conditions).toEqual(['https://schema.org/NewCondition', 'https://schema.org/UsedCondition']);
  });

  it('huge sends at least the requested size, with the product page around it', async () => {
    server.set('paperback-palace', ISBN, { kind: 'huge', megabytes: 3 });
    const res = await fetch(`${server.url}${DEMO_STORES['paperback-palace'].productPath(ISBN)}`);
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(3 * 1024 * 1024);
    const html = body.toString('utf8');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    expect(extract('paperback-palace', html).prices).toHaveLength(1);
  });

  it('price can be out of stock or on preorder, in each store style', async () => {
    const outOfStock: Record<DemoStoreSlug, string> = {
      'paperback-palace': 'https://schema.org/OutOfStock',
      'ebook-emporium': 'https://schema.org/OutOfStock',
      buchhandlung: 'out of stock',
      'corner-bookshop': 'Out of stock',
    };
    for (const store of DEMO_STORE_SLUGS) {
      server.set(store, ISBN, { kind: 'price', amount: '11.00', availability: 'out_of_stock' });
      expect(extract(store, (await get(store, ISBN)).html).availability, store).toBe(outOfStock[store]);
    }
    server.set('corner-bookshop', ISBN, { kind: 'price', amount: '11.00', availability: 'preorder' });
    expect(extract('corner-bookshop', (await get('corner-bookshop', ISBN)).html).availability).toBe('Available to pre-order');
  });

  it('a price that drops is shown at once, and reset goes back to the default', async () => {
    const before = extract('corner-bookshop', (await get('corner-bookshop', ISBN)).html).prices;
    server.set('corner-bookshop', ISBN, { kind: 'price', amount: '5.00' });
    expect(extract('corner-bookshop', (await get('corner-bookshop', ISBN)).html).prices).toEqual(['£5.00']);
    server.reset();
    expect(extract('corner-bookshop', (await get('corner-bookshop', ISBN)).html).prices).toEqual(before);
  });

  it('refuses malformed behaviours', () => {
    expect(() => server.set('buchhandlung', '123', { kind: 'captcha' })).toThrow(/isbn/);
    expect(() => server.set('buchhandlung', ISBN, { kind: 'price', amount: '12,99' })).toThrow(/amount/);
    expect(() => server.set('buchhandlung', ISBN, { kind: 'server_error', times: 0 })).toThrow(/times/);
  });
});

describe('latency and counters', () => {
  it('applies the latency to every store request', async () => {
    server.setLatency(200);
    const page = await get('ebook-emporium', ISBN);
    expect(page.status).toBe(200);
    expect(page.ms).toBeGreaterThanOrEqual(190);
    server.setLatency(0);
    expect((await get('ebook-emporium', ISBN)).ms).toBeLessThan(190);
  });

  it('counts requests and the most in flight at once, per store', async () => {
    server.reset();
    server.setLatency(150);
    await Promise.all(Array.from({ length: 8 }, (_, i) => get('paperback-palace', `97803064061${String(i).padStart(2, '0')}`)));
    await get('paperback-palace', ISBN);
    await Promise.all([get('corner-bookshop', ISBN), get('corner-bookshop', OTHER_ISBN)]);
    const stats = server.stats();
    expect(stats['paperback-palace']).toEqual({ requests: 9, maxInFlight: 8 });
    expect(stats['corner-bookshop']).toEqual({ requests: 2, maxInFlight: 2 });
    expect(stats['ebook-emporium']).toEqual({ requests: 0, maxInFlight: 0 });
    server.reset();
    expect(server.stats()['paperback-palace']).toEqual({ requests: 0, maxInFlight: 0 });
  });
});

describe('/__control', () => {
  it('sets a behaviour, reports counters and latency, and resets', async () => {
    const set = await post('/__control', { store: 'buchhandlung', isbn: ISBN, behaviour: { kind: 'price', amount: '23.40', availability: 'preorder' } });
    expect(set.status).toBe(200);
    expect(extract('buchhandlung', (await get('buchhandlung', ISBN)).html)).toMatchObject({ prices: ['23,40'], availability: 'preorder' });

    expect((await post('/__control', { store: 'corner-bookshop', isbn: '*', behaviour: { kind: 'rate_limited', retryAfterSeconds: 30 } })).status).toBe(200);
    expect((await get('corner-bookshop', OTHER_ISBN)).headers.get('retry-after')).toBe('30');

    const stats = (await fetch(`${server.url}/__control/stats`).then((r) => r.json())) as { stores: Record<DemoStoreSlug, { requests: number }> };
    expect(stats.stores.buchhandlung.requests).toBe(1);
    expect(stats.stores['corner-bookshop'].requests).toBe(1);

    expect((await post('/__control/latency', { ms: 120 })).status).toBe(200);
    expect((await get('paperback-palace', ISBN)).ms).toBeGreaterThanOrEqual(110);
    expect((await post('/__control/latency', { ms: -1 })).status).toBe(400);

    expect((await post('/__control/reset', {})).status).toBe(200);
    expect((await get('corner-bookshop', OTHER_ISBN)).status).toBe(200);
    expect(extract('buchhandlung', (await get('buchhandlung', ISBN)).html).availability).not.toBe('preorder');
  });

  it('answers 400 for a bad request', async () => {
    const cases: unknown[] = [
      { store: 'nowhere', isbn: ISBN, behaviour: { kind: 'captcha' } },
      { store: 'buchhandlung', isbn: 'abc', behaviour: { kind: 'captcha' } },
      { store: 'buchhandlung', isbn: ISBN, behaviour: { kind: 'explode' } },
      { store: 'buchhandlung', isbn: ISBN },
    ];
    for (const body of cases) {
      const res = await post('/__control', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('invalid_request');
    }
    const notJson = await fetch(`${server.url}/__control`, { method: 'POST', body: '{oops' });
    expect(notJson.status).toBe(400);
  });
});

describe('determinism', () => {
  it('repeats prices across restarts with the same seed, and changes them with another seed', async () => {
    const isbns = ['9780306406157', '9780141439518', '9781786892737', '9780008108298', '9780571334650'];
    const pricesAt = async (base: string): Promise<string[][]> =>
      Promise.all(DEMO_STORE_SLUGS.flatMap((store) => isbns.map(async (isbn) => extract(store, (await get(store, isbn, base)).html).prices)));

    const first = await pricesAt(server.url);
    const again = await startDemoStoreServer({ seed: SEED });
    const other = await startDemoStoreServer({ seed: 'another-seed' });
    try {
      expect(await pricesAt(again.url)).toEqual(first);
      expect(await pricesAt(other.url)).not.toEqual(first);
    } finally {
      await again.close();
      await other.close();
    }
  });

  it('closes promptly with requests still waiting', async () => {
    const slow = await startDemoStoreServer({ latencyMs: 10_000 });
    const pending = fetch(`${slow.url}${DEMO_STORES['corner-bookshop'].productPath(ISBN)}`).then(
      () => 'answered',
      () => 'failed',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await slow.close();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await pending).toBe('failed');
  });
});
