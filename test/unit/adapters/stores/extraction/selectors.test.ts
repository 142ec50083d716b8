import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDom } from '../../../../../src/adapters/stores/extraction/dom.js';
import { availabilityBySelector, fromSelectors } from '../../../../../src/adapters/stores/extraction/selectors.js';
import type { ExtractionConfig, ExtractionContext, ExtractionSelectors } from '../../../../../src/adapters/stores/extraction/types.js';

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/store-pages/${name}`, import.meta.url), 'utf8');
const ctx = (defaultCurrency = 'EUR'): ExtractionContext => ({ pageUrl: 'https://store.example/b/1', defaultCurrency, isbn13: null });
const config = (selectors: ExtractionSelectors, defaultCurrency = 'EUR'): ExtractionConfig => ({ defaultCurrency, selectors });

function read(html: string, selectors: ExtractionSelectors, currency = 'EUR'): { prices: string[]; problems: string[] } {
  const outcome = fromSelectors(loadDom(html), ctx(currency), config(selectors, currency));
  return { prices: outcome.candidates.map((c) => `${c.amount} ${c.currency} ${c.availability}`), problems: outcome.problems };
}

const PAGE = `<html><body>
  <meta itemprop="price" content="18.09"><meta itemprop="priceCurrency" content="CHF">
  <link itemprop="availability" href="https://schema.org/InStock">
  <div id="buy" data-price="1.500" data-currency="GBP"><span class="now">18,09 €</span></div>
  <input id="price" type="hidden" value="21.50">
  <p class="stock" data-state="OutOfStock">Sofort lieferbar</p>
</body></html>`;

describe('fromSelectors: a selector that names an attribute', () => {
  it('reads the attribute as a machine value (a lone "." is the decimal point)', () => {
    expect(read(PAGE, { price: 'meta[itemprop=price]@content' }).prices).toEqual(['18.09 EUR unknown']);
    expect(read(PAGE, { price: '[data-price]@data-price' }).prices).toEqual(['1.50 EUR unknown']);
    expect(read(PAGE, { price: '#price@value' }).prices).toEqual(['21.50 EUR unknown']);
  });

  it('for the currency and the availability too', () => {
    expect(read(PAGE, { price: '#price@value', currency: 'meta[itemprop=priceCurrency]@content' }).prices).toEqual(['21.50 CHF unknown']);
    expect(read(PAGE, { price: '#buy@data-price', currency: '#buy@data-currency' }).prices).toEqual(['1.50 GBP unknown']);
    expect(read(PAGE, { price: '.now', availability: '.stock@data-state' }).prices).toEqual(['18.09 EUR out_of_stock']);
    expect(availabilityBySelector(loadDom(PAGE), config({ availability: 'link[itemprop=availability]@href' }))).toBe('in_stock');
  });

  it('without a suffix: content attribute if present, else the text', () => {
    expect(read(PAGE, { price: 'meta[itemprop=price]' }).prices).toEqual(['18.09 EUR unknown']);
    expect(read(PAGE, { price: '#buy' }).prices).toEqual(['18.09 EUR unknown']);
    expect(availabilityBySelector(loadDom(PAGE), config({ availability: '.stock' }))).toBe('in_stock');
  });

  it('an element without the attribute is a problem, not a price', () => {
    const { prices, problems } = read(PAGE, { price: '.now@data-price' });
    expect(prices).toEqual([]);
    expect(problems).toEqual(['selector ".now@data-price" matched an element without a data-price attribute']);
  });

  it('an invalid selector is a problem in words, never a throw', () => {
    expect(read(PAGE, { price: 'span[@content' }).problems[0]).toMatch(/^invalid selector "span\[@content"/);
    expect(read(PAGE, { price: '@content' }).problems).toEqual(['invalid selector "@content": no CSS before @content']);
    expect(read(PAGE, { price: '.now', currency: 'p[[' }).problems[0]).toMatch(/^invalid selector "p\[\["/);
    expect(availabilityBySelector(loadDom(PAGE), config({ availability: 'p[[@href' }))).toBeNull();
  });
});

describe('fromSelectors: prices split across elements (fixtures split-*.html)', () => {
  it.each([
    ['split-sup-euro.html', 'EUR', '18.09 EUR'],
    ['split-sup-space.html', 'EUR', '18.09 EUR'],
    ['split-whole-fraction-newline.html', 'USD', '119.95 USD'],
    ['split-cents-newline.html', 'GBP', '18.09 GBP'],
    ['split-grouped-sup.html', 'EUR', '1234.56 EUR'],
    ['split-amazon.html', 'USD', '1119.95 USD'],
  ])('%s', (name, currency, price) => {
    expect(read(fixture(name), { price: '.price' }, currency).prices).toEqual([`${price} unknown`]);
  });

  it('digits of two elements run together: a problem, never "123"', () => {
    const { prices, problems } = read(fixture('split-two-numbers.html'), { price: '.price' });
    expect(prices).toEqual([]);
    expect(problems).toEqual(['selector ".price": digits of several elements run together in "12 | 3 €"']);
  });
});
