import { describe, expect, it } from 'vitest';
import { edited, extracted, platformFixture, platformPrices } from './platform-test-support.js';

const html = platformFixture('woocommerce.html');

/** A variable product: a range in the price, and the variations form with the given selected format. */
function variable(selected: string): string {
  const range =
    '<p class="price"><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&pound;</span>8.49</bdi></span> &ndash; <span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&pound;</span>18.00</bdi></span></p>';
  const variations = JSON.stringify([
    { attributes: { attribute_pa_format: 'paperback' }, display_price: 8.49, display_regular_price: 10.99, is_in_stock: true, variation_id: 81 },
    { attributes: { attribute_pa_format: 'hardcover' }, display_price: 18, display_regular_price: 18, is_in_stock: false, variation_id: 82 },
  ]).replace(/"/g, '&quot;');
  const option = (value: string): string => `<option value="${value}"${value === selected ? " selected='selected'" : ''}>${value}</option>`;
  const form = `<form class="variations_form cart" method="post" data-product_id="77" data-product_variations="${variations}"><table class="variations"><tr><td class="value"><select id="pa_format" name="attribute_pa_format"><option value="">Choose an option</option>${option('paperback')}${option('hardcover')}</select></td></tr></table></form>`;
  const start = html.indexOf('<p class="price">');
  const end = html.indexOf('</p>', start) + 4;
  return html.slice(0, start) + range + html.slice(end).replace('<form class="cart"', `${form}<form class="cart"`);
}

describe('WooCommerce price', () => {
  it('the <ins> amount of the summary\'s price, not the <del> list price nor the related products', () => {
    expect(platformPrices(html, 'GBP')).toEqual({ prices: ['8.49 GBP in_stock'], problems: [] });
  });

  it('no summary: the related products are never read', () => {
    expect(platformPrices(edited(html, 'summary entry-summary', 'details'), 'GBP').prices).toEqual([]);
  });

  it('out of stock', () => {
    expect(platformPrices(edited(html, '<p class="stock in-stock">7 in stock</p>', '<p class="stock out-of-stock">Out of stock</p>'), 'GBP').prices).toEqual([
      '8.49 GBP out_of_stock',
    ]);
  });

  it('a variable product: the selected variation\'s price, else both ends of the range', () => {
    expect(platformPrices(variable('hardcover'), 'GBP').prices).toEqual(['18.00 GBP out_of_stock']);
    expect(platformPrices(variable('none'), 'GBP').prices).toEqual(['8.49 GBP in_stock', '18.00 GBP in_stock']);
    expect(extracted(variable('none'), 'GBP')).toMatchObject({ ok: false });
  });

  it('through the whole extraction', () => {
    expect(extracted(html, 'GBP')).toMatchObject({ ok: true, amount: '8.49', currency: 'GBP', availability: 'in_stock' });
  });
});
