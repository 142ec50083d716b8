// A store whose URL template is a search: HtmlPriceSource against a real local store server follows the one result
// naming the edition to its product page (one more request, through the same store gate), never reads a price off
// the list, and reads a store that redirects its search straight to the product page as a product page.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoreTarget } from '../../../src/application/pricing/ports/price-source.js';
import { HtmlPriceSource } from '../../../src/adapters/stores/html-price-source.js';
import { PoliteHttpClient } from '../../../src/adapters/stores/polite-http-client.js';

const ISBN = '9780441478125';
const OTHER = '9780143111597';
// The paperback's cover UPC, beside its ISBN (issue 26 §9).
const UPC = '036000291452';

let server: Server;
let baseUrl: string;
let paths: string[];
/** The search page's result list, as HTML items. */
let results: string;

const product = (isbn: string, price: string): string =>
  `<!DOCTYPE html><html><head><script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Book',
    isbn,
    offers: { '@type': 'Offer', price, priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
  })}</script></head><body><h1>The Left Hand of Darkness</h1><p class="price">$${price}</p></body></html>`;

const result = (isbn: string, id: number, price: string): string =>
  `<li class="result" data-isbn="${isbn}"><a href="/book/${id}?ref=search">Result ${id}</a><span class="price">$${price}</span></li>`;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://test.invalid');
    paths.push(`${url.pathname}${url.search}`);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (url.pathname === '/search') {
      res.end(`<!DOCTYPE html><html><body><h1>Results for "${url.searchParams.get('q')}"</h1><ul>${results}</ul>
        <a href="/search?q=${url.searchParams.get('q')}&amp;page=2">Next</a></body></html>`);
    } else if (url.pathname === '/redirecting-search') {
      res.writeHead(302, { location: '/book/1' }).end();
    } else if (url.pathname === '/book/1') {
      res.end(product(ISBN, '18.09'));
    } else if (url.pathname === '/book/2') {
      res.end(product(OTHER, '27.50'));
    } else if (url.pathname === '/book/3') {
      res.end(product(UPC, '16.50'));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  paths = [];
});

function source(): HtmlPriceSource {
  return new HtmlPriceSource(new PoliteHttpClient({ userAgent: 'Shelfwatch-Test/1.0', timeoutMs: 5_000, retries: 0, concurrency: 1, minIntervalMs: 0 }));
}

const target = (path: string): StoreTarget => ({
  storeId: 1,
  storeKey: 'search-shop',
  productUrl: `${baseUrl}${path}`,
  currency: 'USD',
  isbn13: ISBN,
  extraction: { searchPage: {} },
});

describe('HtmlPriceSource on a store whose template is a search', () => {
  it("follows the one result naming the edition and reads the product page's price", async () => {
    results = result(ISBN, 1, '99.00') + result(OTHER, 2, '27.50');
    expect(await source().fetchPrice(target(`/search?q=${ISBN}`))).toEqual({
      ok: true,
      observation: { amount: '18.09', currency: 'USD', availability: 'in_stock', url: `${baseUrl}/book/1?ref=search`, evidence: 'json-ld "18.09" USD; visible "$18.09" agrees' },
    });
    expect(paths).toEqual([`/search?q=${ISBN}`, '/book/1?ref=search']);
  });

  it('no result names the edition: not_found, and nothing more is asked', async () => {
    results = result(OTHER, 2, '27.50');
    expect(await source().fetchPrice(target(`/search?q=${ISBN}`))).toMatchObject({ ok: false, failure: { kind: 'not_found' } });
    expect(paths).toHaveLength(1);
  });

  it('several results name the edition: ambiguous_price, never a price off the list', async () => {
    results = result(ISBN, 1, '18.09') + result(ISBN, 2, '17.00');
    expect(await source().fetchPrice(target(`/search?q=${ISBN}`))).toMatchObject({ ok: false, failure: { kind: 'ambiguous_price' } });
    expect(paths).toHaveLength(1);
  });

  it('an edition with an ISBN and a UPC: the one result naming the UPC is followed, and its page read', async () => {
    results = `<li class="result" data-upc="${UPC}"><a href="/book/3">Result 3</a><span class="price">$16.50</span></li>` + result(OTHER, 2, '27.50');
    expect(await source().fetchPrice({ ...target(`/search?q=${ISBN}`), gtin: UPC })).toMatchObject({
      ok: true,
      observation: { amount: '16.50', currency: 'USD', url: `${baseUrl}/book/3` },
    });
    expect(paths).toEqual([`/search?q=${ISBN}`, '/book/3']);
    // Known by its ISBN alone, no result is the edition's.
    expect(await source().fetchPrice(target(`/search?q=${ISBN}`))).toMatchObject({ ok: false, failure: { kind: 'not_found' } });
  });

  it('a search that redirects to the product page is read as the product page', async () => {
    expect(await source().fetchPrice(target(`/redirecting-search?q=${ISBN}`))).toMatchObject({
      ok: true,
      observation: { amount: '18.09', url: `${baseUrl}/book/1` },
    });
  });
});
