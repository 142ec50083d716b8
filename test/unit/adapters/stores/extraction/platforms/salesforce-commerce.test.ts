import { describe, expect, it } from 'vitest';
import { edited, extracted, platformFixture, platformPrices } from './platform-test-support.js';

const html = platformFixture('salesforce-sfra.html');

describe('Salesforce Commerce Cloud (SFRA) prices', () => {
  it('the sales value, not the struck list value nor the recommendation tiles inside the product', () => {
    expect(platformPrices(html, 'GBP')).toEqual({ prices: ['36.00 GBP in_stock'], problems: [] });
  });

  it('no prices block of the product: the tiles are never read', () => {
    expect(platformPrices(edited(html, '<div class="prices">', '<div class="pricing-none">'), 'GBP').prices).toEqual([]);
  });

  it('not available', () => {
    expect(platformPrices(edited(html, 'data-available="true"', 'data-available="false"'), 'GBP').prices).toEqual(['36.00 GBP out_of_stock']);
  });

  it('a range of variation prices is two prices', () => {
    const range = edited(
      html,
      '<span class="sales"><span class="value" content="36.00">£36.00</span></span>',
      '<span class="range"><span class="sales"><span class="value" content="36.00">£36.00</span></span> - <span class="sales"><span class="value" content="48.00">£48.00</span></span></span>',
    );
    expect(platformPrices(range, 'GBP').prices).toEqual(['36.00 GBP in_stock', '48.00 GBP in_stock']);
  });

  it('through the whole extraction', () => {
    expect(extracted(html, 'GBP')).toMatchObject({ ok: true, amount: '36.00', currency: 'GBP', availability: 'in_stock' });
  });
});
