// The Amazon recipes' buy-box selectors against the two saved amazon.com pages the project has (other products,
// 2022 layout; see test/fixtures/store-pages/public/index.json): the price read is the buy box's, not another
// seller's or a related product's.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractPrice } from '../../../../../src/adapters/stores/extraction/extract-price.js';
import { loadStoreRecipes } from '../../../../../src/adapters/stores/recipes/store-recipes.js';

const amazon = loadStoreRecipes().find((r) => r.key === 'amazon-us')!;
const page = (file: string): string => readFileSync(new URL(`../../../../fixtures/store-pages/public/${file}`, import.meta.url), 'utf8');

describe('the Amazon recipe on saved amazon.com pages', () => {
  it.each([
    ['metascraper-amazon-duct-tape.html', 'https://www.amazon.com/Gorilla-6012110-Black-2-Pack-Piece/dp/B00N150YS4', '12.48'],
    ['metascraper-amazon-wall-sconce.html', 'https://www.amazon.com/Lighting-Fixture-Plaster-Conservatory-Dimmable/dp/B07G2L3JMM', '29.99'],
  ])('%s: the buy box price and availability, by selectors', (file, url, amount) => {
    const result = extractPrice(page(file), url, { ...amazon.extraction, defaultCurrency: amazon.currency });
    expect(result).toEqual({ ok: true, amount, currency: 'USD', availability: 'in_stock', source: 'selectors' });
  });
});
