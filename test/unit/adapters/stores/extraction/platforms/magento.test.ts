import { describe, expect, it } from 'vitest';
import { edited, extracted, platformFixture, platformPrices } from './platform-test-support.js';

const html = platformFixture('magento2.html');

describe('Magento 2 price boxes', () => {
  it('the final price of the product the add-to-cart form names, not its old price nor the related boxes', () => {
    expect(platformPrices(html, 'EUR')).toEqual({ prices: ['27.50 EUR in_stock'], problems: [] });
  });

  it('without the main box the related boxes are never read', () => {
    const start = html.indexOf('<div class="price-box price-final_price" data-role="priceBox" data-product-id="1556"');
    const end = html.indexOf('<div class="product-info-stock-sku">');
    expect(platformPrices(html.slice(0, start) + html.slice(end), 'EUR').prices).toEqual([]);
  });

  it('out of stock', () => {
    const sold = edited(html, '<div class="stock available" title="Verfügbarkeit"><span>Auf Lager</span>', '<div class="stock unavailable" title="Verfügbarkeit"><span>Nicht vorrätig</span>');
    expect(platformPrices(sold, 'EUR').prices).toEqual(['27.50 EUR out_of_stock']);
  });

  it('a configurable product: its children\'s prices, one when they agree, both when they differ', () => {
    const config = (a: number, b: number): string =>
      `<script type="text/x-magento-init">{"[data-role=swatch-options]":{"Magento_Swatches/js/swatch-renderer":{"jsonConfig":{"optionPrices":{"11":{"oldPrice":{"amount":34},"finalPrice":{"amount":${a}}},"12":{"oldPrice":{"amount":34},"finalPrice":{"amount":${b}}}}},"prices":{"finalPrice":{"amount":27.5}}}}}</script></body>`;
    expect(platformPrices(edited(html, '</body>', config(27.5, 27.5)), 'EUR').prices).toEqual(['27.50 EUR in_stock']);
    expect(platformPrices(edited(html, '</body>', config(27.5, 31)), 'EUR').prices).toEqual(['27.50 EUR in_stock', '31.00 EUR in_stock']);
  });

  it('a value that the shown text contradicts is no price', () => {
    const wrong = edited(html, 'data-price-amount="27.5"', 'data-price-amount="23.11"');
    expect(platformPrices(wrong, 'EUR')).toMatchObject({ prices: [], problems: [expect.stringContaining('differ')] });
  });

  it('through the whole extraction', () => {
    expect(extracted(html, 'EUR')).toMatchObject({ ok: true, amount: '27.50', currency: 'EUR', availability: 'in_stock' });
  });
});
