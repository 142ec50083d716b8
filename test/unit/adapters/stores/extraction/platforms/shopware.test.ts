import { describe, expect, it } from 'vitest';
import { edited, extracted, platformFixture, platformPrices } from './platform-test-support.js';

const html = platformFixture('shopware6.html');

describe('Shopware 6 buy widget', () => {
  it('the detail price, not the list price nor the cross-selling boxes', () => {
    expect(platformPrices(html, 'EUR')).toEqual({ prices: ['19.99 EUR in_stock'], problems: [] });
  });

  it('no buy widget: the cross-selling boxes are never read', () => {
    const noWidget = edited(edited(html, 'product-detail-buy', 'product-detail-side'), 'product-detail-price-container', 'product-detail-side-box');
    expect(platformPrices(noWidget, 'EUR').prices).toEqual([]);
  });

  it('sold out', () => {
    expect(platformPrices(edited(html, 'delivery-information delivery-available', 'delivery-information delivery-soldout'), 'EUR').prices).toEqual([
      '19.99 EUR out_of_stock',
    ]);
  });

  it('graduated prices are several prices', () => {
    const tiers =
      '<div class="product-block-prices"><table><tr itemprop="offers" itemscope><th><meta itemprop="price" content="19.99">Bis 9</th></tr><tr itemprop="offers" itemscope><th><meta itemprop="price" content="17.99">Ab 10</th></tr></table></div>';
    expect(platformPrices(edited(html, '<div class="product-detail-price-container">', `${tiers}<div class="product-detail-price-container">`), 'EUR').prices).toEqual([
      '19.99 EUR in_stock',
      '17.99 EUR in_stock',
    ]);
  });

  it('through the whole extraction', () => {
    expect(extracted(html, 'EUR')).toMatchObject({ ok: true, amount: '19.99', currency: 'EUR', availability: 'in_stock' });
  });
});
