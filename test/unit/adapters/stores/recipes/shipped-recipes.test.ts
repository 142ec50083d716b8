import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHIPPED_ORDER } from '../../../../../src/adapters/stores/recipes/shipped-order.js';
import { loadStoreRecipes, SHIPPED_RECIPES_DIR } from '../../../../../src/adapters/stores/recipes/store-recipes.js';

const files = readdirSync(SHIPPED_RECIPES_DIR).filter((name) => name.endsWith('.json'));

describe('the shipped recipes', () => {
  it('are one file per store, named after its key', () => {
    const keys = files.map((name) => (JSON.parse(readFileSync(join(SHIPPED_RECIPES_DIR, name), 'utf8')) as { key: string }).key);
    expect(files).toEqual(keys.map((key) => `${key}.json`));
    expect(loadStoreRecipes().map((r) => r.key).sort()).toEqual([...keys].sort());
  });

  it('keep their release order, the demonstration stores first, so a fresh database numbers stores as before', () => {
    const keys = loadStoreRecipes().map((r) => r.key);
    expect(keys.slice(0, 5)).toEqual(['demo-paperback-palace', 'demo-ebook-emporium', 'demo-buchhandlung', 'demo-corner-bookshop', 'bookshop-org-us']);
    expect(keys.indexOf('kobo-intl')).toBeLessThan(keys.indexOf('amazon-us'));
    expect(keys).toEqual([...SHIPPED_ORDER]);
  });

  it('include the big sellers, Amazon pages addressed by ISBN-10', () => {
    const byKey = new Map(loadStoreRecipes().map((r) => [r.key, r]));
    for (const key of ['amazon-us', 'amazon-uk', 'amazon-de', 'amazon-fr', 'amazon-es']) {
      expect(byKey.get(key)?.productUrlTemplate, key).toMatch(/\/dp\/\{isbn10\}$/);
      expect(byKey.get(key)?.extraction.selectors?.price, key).toContain('.a-offscreen');
    }
    expect(byKey.get('bol-nl')?.extraction.searchPage).toBeDefined();
    expect(byKey.get('bol-be')).toMatchObject({ country: 'BE', currency: 'EUR' });
  });

  it('keep {demo} unless a demonstration store URL is given, then resolve it and its host', () => {
    const raw = loadStoreRecipes().find((r) => r.key === 'demo-corner-bookshop');
    expect(raw).toMatchObject({ productUrlTemplate: '{demo}/corner-bookshop/product/{isbn13}', hosts: [], verified: 'demo' });
    const resolved = loadStoreRecipes({ demoStoreUrl: 'http://demo.test:3100/' }).find((r) => r.key === 'demo-corner-bookshop');
    expect(resolved).toMatchObject({
      homepageUrl: 'http://demo.test:3100/corner-bookshop/',
      productUrlTemplate: 'http://demo.test:3100/corner-bookshop/product/{isbn13}',
      hosts: ['demo.test:3100'],
      extraction: { selectors: { price: '.product-price .price-now', availability: '.stock-status' } },
    });
  });

  it('resolve every store to its hosts and an extraction object (empty when the file has none)', () => {
    const bookshop = loadStoreRecipes().find((r) => r.key === 'bookshop-org-uk');
    expect(bookshop).toMatchObject({ hosts: ['uk.bookshop.org'], extraction: {}, demo: false, verified: 'unverified' });
  });
});
