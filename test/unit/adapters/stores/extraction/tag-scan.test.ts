import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scanTags, type Property } from '../../../../../src/adapters/stores/extraction/tag-scan.js';

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/store-pages/${name}`, import.meta.url), 'utf8');
const prices = (html: string): Property[] => scanTags(html).scopes.flatMap((scope) => scope.props.get('price') ?? []);

describe('scanTags: microdata text of prices split across elements (fixtures split-*.html)', () => {
  it.each([
    ['split-sup-euro.html', '18.09 €'],
    ['split-sup-space.html', '18.09'],
    ['split-whole-fraction-newline.html', '119.95'],
    ['split-cents-newline.html', '£18.09'],
    ['split-grouped-sup.html', '1.234,56 €'],
    ['split-amazon.html', '$1,119.95'],
  ])('%s', (name, text) => {
    expect(prices(fixture(name))).toEqual([{ value: text, machine: false }]);
  });

  it('digits of two elements run together: the value says so (split), never "123 €"', () => {
    expect(prices(fixture('split-two-numbers.html'))).toEqual([{ value: '12 | 3 €', machine: false, split: true }]);
  });

  it('nested properties each read their own text', () => {
    const html = '<div itemscope><div itemprop="price">Preis: <span itemprop="lowPrice">12<sup>50</sup></span> €</div></div>';
    const scope = scanTags(html).scopes[1];
    expect(scope?.props.get('lowprice')).toEqual([{ value: '12.50', machine: false }]);
    expect(scope?.props.get('price')).toEqual([{ value: 'Preis: 12.50 €', machine: false }]);
  });
});

describe('scanTags: markup only', () => {
  it('ignores microdata and meta tags inside scripts, styles, templates and comments', () => {
    const html =
      '<head><script>var t = \'<span itemprop="price">99</span><meta property="og:price:amount" content="99">\';</script>' +
      '<!-- <meta property="product:price:amount" content="98"> --></head>' +
      '<body><template><span itemprop="price">97</span></template>' +
      '<div itemscope><meta itemprop="price" content="18.09"></div>' +
      '<meta property="product:price:amount" content="18.09"></body>';
    const scan = scanTags(html);
    expect(prices(html)).toEqual([{ value: '18.09', machine: true }]);
    expect([...scan.meta.entries()]).toEqual([['product:price:amount', ['18.09']]]);
  });

  it('reads microdata at the end of a 3 MB page that is mostly inline scripts', () => {
    const script = `<script>window.s = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, html: '<span itemprop="price">1</span>' })))};</script>\n`;
    let html = '<html><body>';
    while (html.length < 3_000_000) html += script + '<div class="row"><a href="/b">Book</a></div>\n';
    html += '<div itemscope><span itemprop="price">18<sup>09</sup> €</span></div></body></html>';
    expect(prices(html)).toEqual([{ value: '18.09 €', machine: false }]);
  });
});

describe('scanTags: sale and list price in the markup of a price property', () => {
  const first = (html: string): Property | undefined => prices(html)[0];

  it('a text whose struck, old or saving children held digits keeps the text without them (unmarked)', () => {
    expect(first('<div itemscope><span itemprop="price">71,91 € <del>79,90 €</del></span></div>')).toEqual({
      value: '71,91 € 79,90 €', machine: false, unmarked: { value: '71,91 €', split: false },
    });
    const magento = '<div itemscope><div itemprop="price"><span class="special-price">71,91 €</span><span class="old-price"><span class="price">79,90 €</span></span><span class="discount">-10%</span></div></div>';
    expect(first(magento)?.unmarked).toEqual({ value: '71,91 €', split: false });
  });

  it('children without a role, or marked children without digits, change nothing', () => {
    expect(first('<div itemscope><span itemprop="price"><span class="amount">71,91</span> <span class="currency">€</span></span></div>')).toEqual({ value: '71,91 €', machine: false });
    expect(first('<div itemscope><span itemprop="price">71,91 € <span class="was">(reduced)</span></span></div>')).toEqual({ value: '71,91 € (reduced)', machine: false });
    // A member price child: which part is the price stays unsure ("non-member-price" names the regular one).
    expect(first('<div itemscope><span itemprop="price">65,00 € <span class="non-member-price">79,90 €</span></span></div>')?.unmarked).toBeUndefined();
  });

  it('a price in <del>, <s> or an old-price container, or whose only digits are struck, is marked old', () => {
    expect(first('<div itemscope><del><meta itemprop="price" content="79.90"></del></div>')).toEqual({ value: '79.90', machine: true, old: true });
    expect(first('<div itemscope><p class="price-old"><span itemprop="price">79,90 €</span></p></div>')?.old).toBe(true);
    expect(first('<div itemscope><span itemprop="price" data-price-type="oldPrice" content="79.90"></span></div>')?.old).toBe(true);
    expect(first('<div itemscope><span itemprop="price"><s>79,90 €</s></span></div>')?.old).toBe(true);
    expect(first('<div itemscope><span class="price-final" itemprop="price" content="71.91"></span></div>')?.old).toBeUndefined();
  });

  it('an old-price mark outside any item says nothing about the items', () => {
    expect(first('<div class="old-price"><div itemscope><meta itemprop="price" content="71.91"></div></div>')?.old).toBeUndefined();
  });
});
