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

// Issue 26: hand-written pages of test/fixtures/store-pages/visible/, one per class; each is also mutated by
// extraction-mutations.test.ts (test/support/store-page-fixtures.ts).
describe('fromVisiblePrice: fixtures visible/*.html (issue 26)', () => {
  it.each([
    ['minor-units-clp.html', 'CLP', '3340 CLP'], // "$3.340": thousands, not 3.34; "Precio normal" and "cuotas de" left out
    ['minor-units-jpy-table.html', 'JPY', '1200 JPY'], // 価格 in a table header; 定価 and 送料 rows left out
    ['minor-units-krw-dl.html', 'KRW', '12000 KRW'], // 판매가 in a <dt>; 정가 and 배송비 left out
    ['minor-units-huf.html', 'HUF', '3990.00 HUF'], // "Ár: 3 990 Ft" on a line; the <del> list price left out
    ['split-amount.html', 'EUR', '392.00 EUR'], // "392. 00 €"
    ['long-amount-data-attribute.html', 'EUR', '71.91 EUR'], // data-product-price="71.910401"
    ['label-table.html', 'GBP', '4.50 GBP'], // "Price" in a <th>; RRP and Postage rows left out
    ['label-definition-list.html', 'EUR', '24.95 EUR'], // "Preis" in a <dt>; UVP, Pfand, Versand left out
    ['label-price-colon.html', 'PLN', '99.00 PLN'], // "<b>Cena:</b> 99": a bare number in the store's currency
    ['label-traditional-chinese.html', 'TWD', '253.00 TWD'], // 售價; 定價 and 會員價 left out
    ['label-cyrillic.html', 'RUB', '1290.00 RUB'], // "Цена:"; "Старая цена:" left out
    ['label-hebrew.html', 'ILS', '89.00 ILS'], // "מחיר:"
    ['roles-one-selling-price.html', 'EUR', '24.00 EUR'], // compare-at, savings, instalments, shipping, member, unit, deposit, accessories
    ['old-was-now.html', 'GBP', '15.00 GBP'], // "Was £20.00 now £15.00"; RRP struck; a regular-price class
    ['old-labels-romance.html', 'EUR', '9.90 EUR'], // "Prix conseillé", "Avant" lines left out
    ['options-select-selected.html', 'EUR', '16.90 EUR'], // the selected option of a size select
    ['options-radio-checked.html', 'USD', '12.00 USD'], // the checked radio of a bundle list
  ])('%s (%s) reads %s', (file, currency, price) => {
    expect(visible(fixture(`visible/${file}`), currency).prices.map((p) => p.split(' ').slice(0, 2).join(' '))).toEqual([price]);
  });

  it('options with their own prices and none chosen: no price, with a reason when a price stands beside them', () => {
    expect(visible(fixture('visible/options-select-none-selected.html'), 'EUR')).toEqual({ prices: [], problems: [] });
    expect(visible(fixture('visible/options-aria-unchosen.html'), 'GBP')).toEqual({
      prices: [],
      problems: ['options with their own prices beside the price, and the page chooses none'],
    });
  });
});

describe('fromVisiblePrice: labels, roles and options (issue 26 §2, §3, §6, §7)', () => {
  const page = (body: string): string => `<!DOCTYPE html><html><head><title>Item</title></head><body>${body}</body></html>`;
  const read = (body: string, currency = 'EUR', isbn13: string | null = null): string[] =>
    fromVisiblePrice(page(body), { ...ctx(currency), isbn13 }).candidates.map((c) => `${c.amount} ${c.currency}`);

  it('labels in other languages and scripts: the selling price beside them, never the list price', () => {
    expect(read('<div><h1>X</h1><p>特價：<span>NT$199</span></p><p>原價：NT$250</p></div>', 'TWD')).toEqual(['199.00 TWD']);
    expect(read('<div><h1>X</h1><p>价格：¥59.00</p></div>', 'CNY')).toEqual(['59.00 CNY']);
    expect(read('<div><h1>X</h1><p>Cijena: 12,99 €</p></div>')).toEqual(['12.99 EUR']);
    expect(read('<div><h1>X</h1><p>Fiyat: 149,90 TL</p></div>', 'TRY')).toEqual(['149.90 TRY']);
    expect(read('<div><h1>X</h1><p>Τιμή: 14,40 €</p></div>')).toEqual(['14.40 EUR']);
    expect(read('<div><h1>X</h1><p>Precio recomendado: 20,00 €</p><p>Precio: 15,00 €</p></div>')).toEqual(['15.00 EUR']);
    expect(read('<div><h1>X</h1><p>Statt <span class="price">25,00 €</span></p><span class="price">19,99 €</span></div>')).toEqual(['19.99 EUR']);
  });

  it('a label row of another role leaves its value out; a label far from a value says nothing', () => {
    expect(read('<div><h1>X</h1><table><tr><th>Unit price</th><td>3,50 €</td></tr><tr><th>Price</th><td>7,00 €</td></tr></table></div>')).toEqual(['7.00 EUR']);
    expect(read('<div><h1>X</h1><p>Price</p><p>Our prices include VAT.</p></div>')).toEqual([]);
  });

  it('"19,99 € statt 25,00 €" and "UVP 25 € jetzt 19,99 €" in one element: the selling price', () => {
    expect(read('<div><h1>X</h1><span class="price">19,99 € statt 25,00 €</span></div>')).toEqual(['19.99 EUR']);
    expect(read('<div><h1>X</h1><span class="price">UVP 25,00 € jetzt 19,99 €</span></div>')).toEqual(['19.99 EUR']);
  });

  it('a price inside a link to another page is another item\'s; a cart link is the item\'s', () => {
    expect(read('<div><h1>X</h1><span class="price">9,00 €</span><a href="/p/2">Other <span class="price">4,00 €</span></a></div>')).toEqual(['9.00 EUR']);
    expect(read('<div><h1>X</h1><a href="/cart/add?id=1" class="buy">Add <span class="price">9,00 €</span></a></div>')).toEqual(['9.00 EUR']);
  });

  it('format choices are editions: the checked one counts only when it names the edition\'s ISBN', () => {
    const formats =
      '<div><h1>X</h1><ul>' +
      '<li><label><input type="radio" name="f" value="9780000000002" checked> Hardcover <span>$28.00</span></label></li>' +
      '<li><label><input type="radio" name="f" value="9780000000019"> Paperback <span>$18.00</span></label></li></ul></div>';
    expect(read(formats, 'USD')).toEqual([]);
    expect(read(formats, 'USD', '9780000000019')).toEqual(['18.00 USD']);
  });

  it('an option that adds to the price ("+ 2,00 €") is no price', () => {
    const html = '<div><h1>X</h1><select><option selected>Gift wrap (+ 2,00 €)</option><option>No wrap</option></select><span class="price">9,00 €</span></div>';
    expect(read(html)).toEqual(['9.00 EUR']);
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

  it('hidden elements, hidden variant pickers and meta tags are not visible prices; a content attribute serves when the text has none', () => {
    // Since issue 26 §3 a visible select's options are read (the selected one's price): this one is hidden.
    const html = page(
      '<div class="product"><h1>Title</h1><meta itemprop="price" content="99.00">' +
        '<select class="price-select" hidden><option class="price">5,00 €</option></select>' +
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

describe('fromVisiblePrice: a lone amount right after the heading, when nothing names a price', () => {
  const page = (item: string): string =>
    `<!DOCTYPE html><html><head><title>Book</title></head><body><header><a href="/cart">Cart $0.00</a></header><div class="item">${item}</div>` +
    '<footer>Free shipping over $50.</footer></body></html>';

  it.each([
    ['<h1>Piranesi</h1><h2>$18.00</h2>', '18.00 USD unknown'],
    ['<h1>Piranesi</h1><p>By Susanna Clarke, 2020</p><div><span>$18.00</span></div>', '18.00 USD unknown'],
    ['<h1>Piranesi</h1><div class="cost">18.00 USD</div>', '18.00 USD unknown'],
    ['<h1>Piranesi</h1><p><s>$22.00</s> <strong>$18.00</strong></p>', '18.00 USD unknown'],
    // Struck through by a utility class (Tailwind, Bootstrap): an old price, as a `<s>` is.
    ['<h1>Piranesi</h1><div class="flex"><span class="line-through text-gray-500">$22.00</span> <span class="font-bold">$18.00</span></div>', '18.00 USD unknown'],
  ])('%s → %s', (item, price) => {
    expect(visible(page(item), 'USD').prices).toEqual([price]);
  });

  it.each([
    // Words before it say what it is: another price than the item's, or one we do not know.
    '<h1>Piranesi</h1><div>Members</div><div>$16.20</div>',
    '<h1>Piranesi</h1><p>Rental</p><p><span>$4.99</span></p>',
    '<h1>Piranesi</h1><p>Delivery</p><span>$3.95</span>',
    // Words after it, a sign, a related list, a cart total, a currency the store does not use, too far from the heading.
    '<h1>Piranesi</h1><span>$4.99</span> <span>shipping</span>',
    '<h1>Piranesi</h1><span>$9.99</span><span>/month</span>',
    '<h1>Piranesi</h1><span>+ $2.50</span>',
    '<h1>Piranesi</h1><span>-$5.00</span>',
    '<h1>Piranesi</h1><section class="related"><h2>You may also like</h2><div><span>$7.99</span></div></section>',
    '<h1>Piranesi</h1><span>199 kr</span>',
    `<h1>Piranesi</h1><p>${'A long description of the book. '.repeat(120)}</p><span>$18.00</span>`,
  ])('none: %s', (item) => {
    expect(visible(page(item), 'USD').prices).toEqual([]);
  });

  it('a named price struck through by a utility class is an old price too', () => {
    expect(visible(page('<h1>Piranesi</h1><span class="price text-decoration-line-through">$22.00</span> <span class="price">$18.00</span>'), 'USD').prices).toEqual([
      '18.00 USD unknown',
    ]);
  });

  it('several lone amounts are several prices; a named price leaves lone amounts unread', () => {
    expect(visible(page('<h1>Piranesi</h1><div><span>$19.99</span> <span>$15.99</span></div>'), 'USD').prices).toEqual(['19.99 USD unknown', '15.99 USD unknown']);
    expect(visible(page('<h1>Piranesi</h1><span class="price">$18.00</span><span>$2.00</span>'), 'USD').prices).toEqual(['18.00 USD unknown']);
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
