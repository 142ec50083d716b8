import { describe, expect, it } from 'vitest';
import { edited, extracted, platformFixture, platformPrices } from './platform-test-support.js';

const html = platformFixture('prestashop.html');

describe('PrestaShop product prices', () => {
  it('the current price (content and text agree), not the regular price nor the miniatures', () => {
    expect(platformPrices(html, 'EUR')).toEqual({ prices: ['16.90 EUR in_stock'], problems: [] });
  });

  it('no product-prices block: the miniatures are never read', () => {
    expect(platformPrices(edited(html, 'product-prices js-product-prices', 'product-info'), 'EUR').prices).toEqual([]);
  });

  it('out of stock, from the availability beside the add-to-cart button', () => {
    const sold = edited(html, '&#xE5CA;</i> En stock', '&#xE14B;</i> Rupture de stock');
    expect(platformPrices(sold, 'EUR').prices).toEqual(['16.90 EUR out_of_stock']);
  });

  it('a combination selected: the block shows its price', () => {
    const combination = edited(edited(html, 'content="16.9">16,90', 'content="19.5">19,50'), '</body>', '</body>');
    expect(platformPrices(combination, 'EUR').prices).toEqual(['19.50 EUR in_stock']);
  });

  it('through the whole extraction', () => {
    expect(extracted(html, 'EUR')).toMatchObject({ ok: true, amount: '16.90', currency: 'EUR', availability: 'in_stock', source: 'platform' });
  });
});
