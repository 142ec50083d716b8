import { describe, expect, it } from 'vitest';
import { edited, extracted, platformFixture, platformPrices } from './platform-test-support.js';

const html = platformFixture('bigcommerce.html');

describe('BigCommerce product view price', () => {
  it('the price with tax, not the retail price, the price before the sale, the saving nor the related cards', () => {
    expect(platformPrices(html, 'USD')).toEqual({ prices: ['17.50 USD in_stock'], problems: [] });
  });

  it('no product view price: the cards are never read', () => {
    expect(platformPrices(edited(html, 'class="productView-price"', 'class="productView-summary"'), 'USD').prices).toEqual([]);
  });

  it('prices without tax only', () => {
    const withoutTax = edited(edited(html, 'data-product-price-with-tax class="price price--withTax">$17.50', 'data-product-price-without-tax class="price price--withoutTax">$16.20'), 'data-product-rrp-with-tax', 'data-product-rrp-without-tax');
    expect(platformPrices(withoutTax, 'USD').prices).toEqual(['16.20 USD in_stock']);
  });

  it('out of stock', () => {
    expect(platformPrices(edited(html, 'content="http://schema.org/InStock"', 'content="http://schema.org/OutOfStock"'), 'USD').prices).toEqual(['17.50 USD out_of_stock']);
  });

  it('a price range of options is no price', () => {
    const range = edited(html, '>$17.50</span>', '>$17.50 - $29.00</span>');
    expect(platformPrices(range, 'USD').prices).toEqual([]);
  });

  it('through the whole extraction', () => {
    expect(extracted(html, 'USD')).toMatchObject({ ok: true, amount: '17.50', currency: 'USD', availability: 'in_stock' });
  });
});
