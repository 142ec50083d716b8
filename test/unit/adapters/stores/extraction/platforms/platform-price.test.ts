import { describe, expect, it } from 'vitest';
import { topLevelAlternatives } from '../../../../../../src/adapters/stores/extraction/factored-alternation.js';
import { fromPlatformPrice, READERS } from '../../../../../../src/adapters/stores/extraction/platforms/platform-price.js';
import { platformFixture } from './platform-test-support.js';

const ctx = { pageUrl: 'https://shop.example/p/1', defaultCurrency: 'EUR', isbn13: null };

describe('fromPlatformPrice: recognising the platform', () => {
  // The screen of all readers' words lets a page through to the fingerprints only when it holds one of the words: each
  // way a fingerprint matches must hold one, or a page of that platform would never be read.
  it.each(READERS.map((reader) => [reader.platform, reader] as const))('every match of the %s fingerprint holds one of its screen words', (_name, reader) => {
    for (const alternative of topLevelAlternatives(reader.fingerprint.source)) {
      const literal = alternative.replace(/\\(.)/g, '$1').toLowerCase();
      expect(reader.screen.some((word) => literal.includes(word)), alternative).toBe(true);
    }
    expect(reader.screen.every((word) => word === word.toLowerCase())).toBe(true);
  });

  it('a page without any platform\'s traces in its head is not read', () => {
    const page = '<html><head><title>Book</title></head><body><p class="price"><span class="woocommerce-Price-amount">12,00 €</span></p></body></html>';
    expect(fromPlatformPrice(page, ctx)).toEqual({ candidates: [], problems: [] });
  });

  it('traces far beyond the start of the page do not count', () => {
    const page = `<html><head>${'<meta name="x" content="y">'.repeat(6_000)}</head><body class="woocommerce">${platformFixture('woocommerce.html')}</body></html>`;
    expect(fromPlatformPrice(page, ctx).candidates).toEqual([]);
  });

  it('a platform page without a product price block (a category page) has no price', () => {
    const category = '<html><head><link rel="stylesheet" href="/wp-content/plugins/woocommerce/x.css"></head><body class="woocommerce"><ul class="products"><li class="product"><span class="price"><span class="woocommerce-Price-amount amount">9,99 €</span></span></li></ul></body></html>';
    expect(fromPlatformPrice(category, ctx)).toEqual({ candidates: [], problems: [] });
  });
});
