import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ExtractionContext } from '../../../../../src/adapters/stores/extraction/types.js';
import { fromVisiblePrice } from '../../../../../src/adapters/stores/extraction/visible-price.js';

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/store-pages/${name}`, import.meta.url), 'utf8');
const ctx = (defaultCurrency: string): ExtractionContext => ({ pageUrl: 'https://store.example/b/1', defaultCurrency, isbn13: null });

/** The visible prices as "amount currency availability". */
function visible(html: string, currency: string): { prices: string[]; problems: string[] } {
  const outcome = fromVisiblePrice(html, ctx(currency));
  for (const candidate of outcome.candidates) {
    expect(candidate).toMatchObject({ item: 0, condition: 'unspecified' });
  }
  return { prices: outcome.candidates.map((c) => `${c.amount} ${c.currency} ${c.availability}`), problems: outcome.problems };
}

describe('fromVisiblePrice: fixtures visible-*.html', () => {
  it('no structured data and one clear price; the header\'s basket, the menu, the footer and scripts do not count', () => {
    expect(visible(fixture('visible-one-price.html'), 'EUR')).toEqual({ prices: ['14.00 EUR in_stock'], problems: [] });
  });

  it('a sale price beside a struck-through list price, an RRP and a savings line: the sale price', () => {
    expect(visible(fixture('visible-sale-and-list-price.html'), 'GBP').prices).toEqual(['8.49 GBP in_stock']);
  });

  it('"Customers also bought" and a carousel of repeated tiles: only the item\'s price', () => {
    expect(visible(fixture('visible-also-bought.html'), 'USD').prices).toEqual(['16.00 USD unknown']);
  });

  it('a free-shipping threshold, a shipping cost, instalments and a per-page price beside the price: only the price', () => {
    expect(visible(fixture('visible-free-shipping.html'), 'EUR').prices).toEqual(['12.50 EUR unknown']);
  });

  it('a category page: the heading has no price block (tiles only), no answer', () => {
    expect(visible(fixture('visible-no-block.html'), 'USD')).toEqual({ prices: [], problems: [] });
  });

  it('two formats at two prices in the block: both, for the chooser to call ambiguous', () => {
    expect(visible(fixture('visible-two-formats.html'), 'EUR').prices).toEqual(['8.90 EUR unknown', '6.50 EUR unknown']);
  });

  it('Amazon\'s split price with its offscreen copy; the struck list price and the sponsored carousel do not count', () => {
    expect(visible(fixture('visible-amazon-split.html'), 'USD').prices).toEqual(['12.49 USD unknown']);
  });

  it('split prices read whole (fixtures split-*.html)', () => {
    expect(visible(fixture('split-sup-euro.html'), 'EUR').prices).toEqual(['18.09 EUR unknown']);
    expect(visible(fixture('split-grouped-sup.html'), 'EUR').prices).toEqual(['1234.56 EUR unknown']);
    expect(visible(fixture('split-two-numbers.html'), 'EUR').prices).toEqual([]);
  });
});

describe('fromVisiblePrice: the block', () => {
  const page = (body: string): string => `<!DOCTYPE html><html><head><title>Book</title></head><body>${body}</body></html>`;

  it('no heading: no answer', () => {
    expect(visible(page('<div class="price">12,00 €</div>'), 'EUR').prices).toEqual([]);
  });

  it('without an h1, an element naming the product title is the heading (not a breadcrumb\'s name)', () => {
    const html = page(
      '<ol class="breadcrumb"><li itemprop="itemListElement"><span itemprop="name">Books</span> <span class="price">1 €</span></li></ol>' +
        '<div class="product"><div class="product-title">Der Process</div><p class="price">9,99 €</p></div>',
    );
    expect(visible(html, 'EUR').prices).toEqual(['9.99 EUR unknown']);
  });

  it('the smallest container of the heading with a price wins over prices farther out', () => {
    const html = page('<div class="layout"><div class="info"><h1>Title</h1><p class="price">9,99 €</p></div><div class="price">25,00 €</div></div>');
    expect(visible(html, 'EUR').prices).toEqual(['9.99 EUR unknown']);
  });

  it('a logo h1 in the site header is not the item\'s heading', () => {
    const html = page('<header><h1 class="site-logo">Bookshop</h1></header><main><h1>Title</h1><span class="price">7,00 €</span></main>');
    expect(visible(html, 'EUR').prices).toEqual(['7.00 EUR unknown']);
  });

  it('many prices beside the heading: a list, refused with a reason', () => {
    const rows = Array.from({ length: 8 }, (_, i) => `<p class="price-${i}">${i + 10},00 €</p>`).join('');
    const { prices, problems } = visible(page(`<div><h1>Offers</h1>${rows}</div>`), 'EUR');
    expect(prices).toEqual([]);
    expect(problems).toEqual(['8 prices beside the main heading: a list, not one item\'s price block']);
  });

  it('a price far after the heading with no container in common is not read', () => {
    const filler = '<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>'.repeat(400);
    const html = `<html><body><div class="top"><h1>Title</h1></div>${filler}<div class="price">5,00 €</div></body></html>`;
    expect(visible(html, 'EUR').prices).toEqual([]);
  });

  it('hidden elements, variant pickers and meta tags are not visible prices; a content attribute serves when the text has none', () => {
    const html = page(
      '<div class="product"><h1>Title</h1><meta itemprop="price" content="99.00">' +
        '<select class="price-select"><option class="price">5,00 €</option></select>' +
        '<span class="price" style="display:none">8,00 €</span><span class="price hidden">8,00 €</span>' +
        '<span class="price" content="12.50">Zwölf fünfzig</span></div>',
    );
    expect(visible(html, 'EUR').prices).toEqual(['12.50 EUR unknown']);
  });

  it('what the page shows wins over a stale content attribute', () => {
    const html = page('<div class="product"><h1>Title</h1><span class="price" content="9.99">Sale £7.99</span></div>');
    expect(visible(html, 'GBP').prices).toEqual(['7.99 GBP unknown']);
  });

  it('a date in a price-named element is no price', () => {
    const html = page('<div class="product"><h1>Title</h1><span class="price">$12.00</span> (until <time class="priceValidUntil">5 November</time>)</div>');
    expect(visible(html, 'USD').prices).toEqual(['12.00 USD unknown']);
  });
});

describe('fromVisiblePrice: public product pages', () => {
  interface Page {
    file: string;
    currency: string;
    expected: { amount: string; currency: string } | null;
  }
  const index = JSON.parse(fixture('public/index.json')) as { pages: Page[] };

  it('never one wrong price: the expected price, several prices (ambiguous), or none', () => {
    for (const page of index.pages) {
      const { prices } = visible(fixture(`public/${page.file}`), page.currency);
      const distinct = new Set(prices.map((price) => price.split(' ').slice(0, 2).join(' ')).filter((price) => !/^0\.0+ /.test(price)));
      if (distinct.size !== 1) continue;
      expect([...distinct], page.file).toEqual(page.expected === null ? ['(none: the page has no one price)'] : [`${page.expected.amount} ${page.expected.currency}`]);
    }
  });

  it('reads most of them', () => {
    const read = index.pages.filter((page) => {
      const { prices } = visible(fixture(`public/${page.file}`), page.currency);
      return page.expected !== null && prices[0]?.startsWith(`${page.expected.amount} `) === true;
    });
    expect(read.length).toBeGreaterThanOrEqual(9);
  });
});

describe('fromVisiblePrice: a window around the heading, never the whole page (its speed: npm run bench:extraction)', () => {
  const item = '<main><div class="product"><h1>Die Blechtrommel</h1><div class="price-box"><span class="price">14,00 €</span></div></div></main>';

  it('a 3 MB page that is mostly inline scripts, the item near the end', () => {
    const script = `<script>window.s = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, html: '<h1>x</h1><div class="price">1 €</div>' })))};</script>\n`;
    let html = '<html><body>';
    while (html.length < 3_000_000) html += script + '<div class="row"><a href="/b">Book</a></div>\n'.repeat(10);
    html += `${item}</body></html>`;
    expect(visible(html, 'EUR').prices).toEqual(['14.00 EUR unknown']);
  });

  it('a 3 MB page of product tiles after the item', () => {
    let tiles = '';
    while (tiles.length < 3_000_000) tiles += '<div class="tile"><a href="/b/1">Book</a> <span class="price">12,99 €</span></div>\n';
    const html = `<html><body>${item}<section class="grid">${tiles}</section></body></html>`;
    expect(visible(html, 'EUR').prices).toEqual(['14.00 EUR unknown']);
  });

  it('a price far below the heading (100 KB of markup later) is outside the window', () => {
    const filler = '<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>\n'.repeat(2_000);
    const html = `<html><body><main><div class="product"><h1>Die Blechtrommel</h1>${filler}<span class="price">14,00 €</span></div></main></body></html>`;
    expect(visible(html, 'EUR').prices).toEqual([]);
  });
});
