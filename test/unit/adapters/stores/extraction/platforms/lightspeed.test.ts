import { describe, expect, it } from 'vitest';
import { edited, extracted, platformFixture, platformPrices } from './platform-test-support.js';

const html = platformFixture('lightspeed.html');

describe('Lightspeed eCom product price', () => {
  it('the price in the product form\'s price block, not the old price, the variant select nor the related blocks', () => {
    expect(platformPrices(html, 'EUR')).toEqual({ prices: ['19.95 EUR in_stock'], problems: [] });
  });

  it('prices with and without VAT: the price with VAT', () => {
    const vat = edited(html, '<span class="price">€19,95</span>', '<span class="price price-incl">€19,95</span><span class="price price-excl">€18,30</span>');
    expect(platformPrices(vat, 'EUR').prices).toEqual(['19.95 EUR in_stock']);
  });

  it('sold out', () => {
    expect(platformPrices(edited(html, '<span class="in-stock">Op voorraad</span>', '<span class="out-of-stock">Uitverkocht</span>'), 'EUR').prices).toEqual([
      '19.95 EUR out_of_stock',
    ]);
  });

  it('through the whole extraction', () => {
    expect(extracted(html, 'EUR')).toMatchObject({ ok: true, amount: '19.95', currency: 'EUR', availability: 'in_stock' });
  });
});
