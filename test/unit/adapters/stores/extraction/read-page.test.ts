import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { explainPrice, extractPrice, type ExtractionConfig } from '../../../../../src/adapters/stores/extraction/index.js';

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/store-pages/classes/${name}`, import.meta.url), 'utf8');
const EUR: ExtractionConfig = { defaultCurrency: 'EUR' };

function page(jsonLd: unknown[], body = '', head = ''): string {
  const blocks = jsonLd.map((block) => `<script type="application/ld+json">${JSON.stringify(block)}</script>`);
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Book</title>${head}${blocks.join('\n')}</head><body>${body}</body></html>`;
}

describe("Google's book actions: workExample → potentialAction → expectsAcceptanceOf → Offer", () => {
  const html = fixture('book-actions.html');
  const url = 'https://books.example/work/left-hand-of-darkness';

  it('reads the offer of the edition whose ISBN is asked (the old reader answered no_price: the Offer was never visited)', () => {
    expect(extractPrice(html, url, { ...EUR, isbn13: '9780441478125' })).toEqual({
      ok: true, amount: '18.09', currency: 'EUR', availability: 'in_stock', source: 'json-ld',
    });
    expect(extractPrice(html, url, { ...EUR, isbn13: '9780143111597' })).toEqual({
      ok: true, amount: '27.50', currency: 'EUR', availability: 'preorder', source: 'json-ld',
    });
  });

  it('without the ISBN, three editions compete', () => {
    expect(extractPrice(html, url, EUR)).toMatchObject({ ok: false, kind: 'ambiguous_price' });
  });

  it('an ISBN the page does not carry: the page is about other editions', () => {
    expect(extractPrice(html, url, { ...EUR, isbn13: '9783150090114' })).toMatchObject({ ok: false, kind: 'not_found' });
  });
});

describe('JSON-LD as written in the wild', () => {
  it('keys in other cases, @type as an array, prefixed names', () => {
    const html = page([{ '@context': 'https://schema.org', '@type': ['Book', 'Product'], Name: 'X', Offers: { '@type': 'schema:Offer', Price: '12,99', PriceCurrency: 'EUR', Availability: 'InStock' } }]);
    expect(extractPrice(html, 'https://s.example/p/1', EUR)).toEqual({ ok: true, amount: '12.99', currency: 'EUR', availability: 'in_stock', source: 'json-ld' });
  });

  it('@graph with a WebPage whose mainEntity references the product by @id, offers listed separately', () => {
    const html = page([
      {
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'Product', '@id': '#other', name: 'Other', offers: { '@type': 'Offer', price: 3, priceCurrency: 'EUR' } },
          { '@type': 'ItemPage', '@id': 'https://s.example/p/1#page', mainEntity: { '@id': '#book' } },
          { '@type': 'Book', '@id': '#book', name: 'B', offers: [{ '@id': '#offer' }] },
          { '@type': 'Offer', '@id': '#offer', priceSpecification: { '@type': 'UnitPriceSpecification', price: '21.00', priceCurrency: 'EUR' } },
        ],
      },
    ]);
    expect(extractPrice(html, 'https://s.example/p/1', EUR)).toMatchObject({ ok: true, amount: '21.00' });
  });

  it('an Offer with itemOffered naming the edition, offers as an array', () => {
    const html = page([
      { '@type': 'Offer', price: '9.00', priceCurrency: 'EUR', itemOffered: { '@type': 'Book', isbn: '9780441478125' } },
      { '@type': 'Offer', price: '11.00', priceCurrency: 'EUR', itemOffered: { '@type': 'Book', isbn: '9780143111597' } },
    ]);
    expect(extractPrice(html, 'https://s.example/p/1', { ...EUR, isbn13: '9780143111597' })).toMatchObject({ ok: true, amount: '11.00' });
  });
});

describe('other items on the page', () => {
  const html = fixture('related-products-top-level.html');
  const url = 'https://buch.example/artikel/die-verwandlung-9783150090114';

  it('the main book, not the related products beside it (top-level Products and an ItemList)', () => {
    expect(extractPrice(html, url, EUR)).toMatchObject({ ok: true, amount: '3.00', currency: 'EUR' });
    expect(extractPrice(html, url, { ...EUR, isbn13: '9783150090114' })).toMatchObject({ ok: true, amount: '3.00' });
  });

  it('the first top-level product when nothing else tells (the old reader called the page ambiguous)', () => {
    const other = html.replace('"url":"https://buch.example/artikel/die-verwandlung-9783150090114",', '');
    expect(extractPrice(other, 'https://buch.example/x', EUR)).toMatchObject({ ok: true, amount: '3.00' });
  });

  it('prices only inside a list of other products are no price for the page', () => {
    const listOnly = page([{ '@type': 'ItemList', itemListElement: [{ '@type': 'ListItem', item: { '@type': 'Book', name: 'A', offers: { price: 5, priceCurrency: 'EUR' } } }] }]);
    expect(extractPrice(listOnly, 'https://s.example/p/1', EUR)).toMatchObject({ ok: false, kind: 'no_price' });
  });

  it('a page whose main item names another ISBN gives no price for the edition, even with an unnamed item after it', () => {
    const html2 = page([
      { '@type': 'Book', isbn: '9780143111597', offers: { price: '27.50', priceCurrency: 'EUR' } },
      { '@type': 'Product', name: 'Bookmark', offers: { price: '2.00', priceCurrency: 'EUR' } },
    ]);
    expect(extractPrice(html2, 'https://s.example/p/1', { ...EUR, isbn13: '9780441478125' })).toMatchObject({ ok: false, kind: 'not_found' });
  });
});

describe('sources that disagree', () => {
  it('JSON-LD at the sale price, microdata still at the old price: ambiguous (the old reader took JSON-LD and stopped)', () => {
    const html = fixture('stale-microdata-sale.html');
    const result = extractPrice(html, 'https://corner.example/piranesi', { defaultCurrency: 'GBP' });
    expect(result).toMatchObject({ ok: false, kind: 'ambiguous_price' });
    expect(result.ok ? '' : result.message).toMatch(/json-ld 7\.99 GBP.*microdata 9\.99 GBP/);
  });

  it('the store trusts one source: it decides', () => {
    const html = fixture('stale-microdata-sale.html');
    expect(extractPrice(html, 'https://corner.example/piranesi', { defaultCurrency: 'GBP', trustSource: 'json-ld' })).toMatchObject({
      ok: true, amount: '7.99', source: 'json-ld',
    });
  });

  it('an OpenGraph price without VAT beside the JSON-LD price: ambiguous', () => {
    const html = page([{ '@type': 'Product', offers: { price: '21.40', priceCurrency: 'EUR' } }], '', '<meta property="product:price:amount" content="20.00"><meta property="product:price:currency" content="EUR">');
    expect(extractPrice(html, 'https://s.example/p/1', EUR)).toMatchObject({ ok: false, kind: 'ambiguous_price' });
  });

  it('sources that agree: the first one is named, the explanation lists them all', () => {
    const html = page([{ '@type': 'Product', offers: { price: '21.40', priceCurrency: 'EUR' } }], '', '<meta property="product:price:amount" content="21.40"><meta property="product:price:currency" content="EUR">');
    const report = explainPrice(html, 'https://s.example/p/1', EUR);
    expect(report.result).toMatchObject({ ok: true, amount: '21.40', source: 'json-ld' });
    expect(report.sources.map((s) => [s.source, s.decision.kind])).toEqual([
      ['json-ld', 'price'], ['microdata', 'none'], ['meta', 'price'], ['selectors', 'none'], ['visible', expect.any(String)], ['platform', 'none'],
    ]);
  });
});

describe("a store's own settings decide", () => {
  const twoOffers = page(
    [{ '@type': 'Product', offers: [{ price: '12.00', priceCurrency: 'EUR' }, { price: '15.00', priceCurrency: 'EUR' }] }],
    '<div id="buybox"><span class="now">12,00 €</span></div>',
  );

  it('selectors win over structured data that is ambiguous (the old reader stopped at the ambiguous JSON-LD)', () => {
    expect(extractPrice(twoOffers, 'https://s.example/p/1', { ...EUR, selectors: { price: '#buybox .now' } })).toMatchObject({
      ok: true, amount: '12.00', source: 'selectors',
    });
  });

  it('a clear structured price that differs from the selectors: ambiguous unless the store trusts one', () => {
    const html = page([{ '@type': 'Product', offers: { price: '15.00', priceCurrency: 'EUR' } }], '<div id="buybox"><span class="now">12,00 €</span></div>');
    const config = { ...EUR, selectors: { price: '#buybox .now' } };
    expect(extractPrice(html, 'https://s.example/p/1', config)).toMatchObject({ ok: false, kind: 'ambiguous_price' });
    expect(extractPrice(html, 'https://s.example/p/1', { ...config, trustSource: 'selectors' })).toMatchObject({ ok: true, amount: '12.00' });
  });
});

describe('search pages', () => {
  const html = fixture('search-results-several.html');
  const url = 'https://shop.example/search?q=9780441478125';

  it('the one result naming the edition is followed, never a price off the list', () => {
    const report = explainPrice(html, url, { defaultCurrency: 'USD', isbn13: '9780441478125', searchPage: {} });
    expect(report.page).toBe('search_results');
    expect(report.result).toMatchObject({ ok: false, follow: 'https://shop.example/book/the-left-hand-of-darkness-ace/id/1001' });
  });

  it('no result names the edition: not_found', () => {
    expect(extractPrice(html, url, { defaultCurrency: 'USD', isbn13: '9781473221628' })).toMatchObject({ ok: false, kind: 'not_found' });
  });

  it('without an ISBN a list of several books gives no price', () => {
    const result = extractPrice(html, url, { defaultCurrency: 'USD' });
    expect(result.ok).toBe(false);
  });

  it('several results naming the edition: ambiguous', () => {
    const twice = html.replace('data-isbn="9780143111597"', 'data-isbn="9780441478125"');
    expect(extractPrice(twice, url, { defaultCurrency: 'USD', isbn13: '9780441478125' })).toMatchObject({ ok: false, kind: 'ambiguous_price' });
  });

  it('a search URL that shows the edition\'s product page is read as a product page', () => {
    const product = page([{ '@type': 'Book', isbn: '9780441478125', offers: { price: '18.09', priceCurrency: 'USD' } }]);
    expect(extractPrice(product, url, { defaultCurrency: 'USD', isbn13: '9780441478125' })).toMatchObject({ ok: true, amount: '18.09' });
  });

  it('a result list declared in structured data (SearchResultsPage)', () => {
    const list = page([
      { '@type': 'SearchResultsPage', mainEntity: { '@type': 'ItemList', itemListElement: [
        { '@type': 'ListItem', item: { '@type': 'Book', isbn: '9780441478125', url: 'https://shop.example/b/1', offers: { price: 18.09, priceCurrency: 'USD' } } },
        { '@type': 'ListItem', item: { '@type': 'Book', isbn: '9780143111597', url: 'https://shop.example/b/2', offers: { price: 27.5, priceCurrency: 'USD' } } },
      ] } },
    ]);
    expect(extractPrice(list, 'https://shop.example/results', { defaultCurrency: 'USD', isbn13: '9780441478125' })).toMatchObject({
      ok: false, follow: 'https://shop.example/b/1',
    });
  });
});

describe('blocked pages', () => {
  it('a robot check is blocked, never no_price, even without structured data', () => {
    const html = '<html><head><title>Robot Check</title></head><body><form action="/errors/validateCaptcha"><p>Type the characters you see in this image:</p></form></body></html>';
    expect(extractPrice(html, 'https://www.amazon.de/dp/3150090115', EUR)).toMatchObject({ ok: false, kind: 'blocked' });
  });
});

describe('a page read without a store (currency unknown)', () => {
  const visible = (price: string): string => `<html><body><h1>Piranesi</h1><div class="product-price"><span class="price">${price}</span></div></body></html>`;
  const unknown: ExtractionConfig = { defaultCurrency: 'USD', currencyUnknown: true };

  it('a bare "$" or a bare number is refused when neither the page nor its domain tells the currency', () => {
    for (const price of ['$12.99', '12.99', '¥1,500']) {
      expect(extractPrice(visible(price), 'https://shop.example.com/p/1', unknown)).toMatchObject({ ok: false, kind: 'no_price' });
    }
  });

  it('an unambiguous sign or an ISO code is read', () => {
    expect(extractPrice(visible('US$ 12.99'), 'https://shop.example.com/p/1', unknown)).toMatchObject({ ok: true, amount: '12.99', currency: 'USD' });
    expect(extractPrice(visible('12,99 €'), 'https://shop.example.com/p/1', unknown)).toMatchObject({ ok: true, amount: '12.99', currency: 'EUR' });
  });

  it("the page's currency fields say which dollar it is", () => {
    const html = visible('$24.99').replace('</body>', '<meta property="product:price:currency" content="CAD"></body>');
    expect(extractPrice(html, 'https://shop.example.com/p/1', unknown)).toMatchObject({ ok: true, amount: '24.99', currency: 'CAD' });
  });

  it('the country domain says it: a German shop\'s 18,09 is euros, a Canadian shop\'s $ is CAD', () => {
    expect(extractPrice(visible('18,09'), 'https://buch.example.de/p/1', unknown)).toMatchObject({ ok: true, amount: '18.09', currency: 'EUR' });
    expect(extractPrice(visible('$24.99'), 'https://shop.example.ca/p/1', unknown)).toMatchObject({ ok: true, amount: '24.99', currency: 'CAD' });
  });
});

describe('a source in another currency than the store', () => {
  it("a meta price converted for the visitor is not the store's price and is not compared", () => {
    const html = page([{ '@type': 'Product', offers: { price: '43.90', priceCurrency: 'EUR' } }], '', '<meta property="product:price:amount" content="48.00"><meta property="product:price:currency" content="USD">');
    const report = explainPrice(html, 'https://s.example/p/1', EUR);
    expect(report.result).toMatchObject({ ok: true, amount: '43.90', currency: 'EUR', source: 'json-ld' });
    expect(report.notes.join(' ')).toContain("meta 48.00 USD: another currency than the store's EUR");
  });

  it('prices only in other currencies still have to agree with each other', () => {
    const html = page([{ '@type': 'Product', offers: { price: '43.90', priceCurrency: 'USD' } }], '', '<meta property="product:price:amount" content="48.00"><meta property="product:price:currency" content="USD">');
    expect(extractPrice(html, 'https://s.example/p/1', EUR)).toMatchObject({ ok: false, kind: 'ambiguous_price' });
  });
});
