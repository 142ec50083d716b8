import { describe, expect, it } from 'vitest';
import { extracted, platformFixture, platformPrices } from './platform-test-support.js';

const html = platformFixture('vtex.html');

/** A legacy VTEX CMS page with a skuJson of two SKUs. */
function legacy(second: number): string {
  const sku = (id: number, cents: number, available: boolean): string =>
    `{"sku":${id},"skuname":"Edição ${id}","available":${available},"listPrice":19990,"bestPrice":${cents},"listPriceFormated":"R$ 199,90","bestPriceFormated":"R$ ${(cents / 100).toFixed(2).replace('.', ',')}"}`;
  return `<!DOCTYPE html><html><head><link rel="stylesheet" href="https://livrariaipe.vteximg.com.br/arquivos/style.css"></head><body><h1 class="productName">Grande Sertão</h1><script>var skuJson_0 = {"productId":501,"name":"Grande Sertão","available":true,"skus":[${sku(11, 14990, true)},${sku(12, second, false)}]};
CATALOG_SDK.setProductWithVariationsCache(skuJson_0.productId, skuJson_0);</script></body></html>`;
}

describe('VTEX prices', () => {
  it('Store Framework: the selling price after the product name, not the list price nor the shelf', () => {
    expect(platformPrices(html, 'BRL')).toEqual({ prices: ['149.90 BRL unknown'], problems: [] });
  });

  it('Store Framework: a page whose only selling prices are in the shelf has none', () => {
    const start = html.indexOf('<span class="vtex-product-price-1-x-sellingPrice vtex-product-price-1-x-sellingPrice--hasListPrice">');
    const end = html.indexOf('<div class="vtex-add-to-cart-button-0-x-buttonDataContainer">');
    expect(platformPrices(html.slice(0, start) + html.slice(end), 'BRL').prices).toEqual([]);
  });

  it('legacy skuJson: one price for SKUs that agree, the unavailable one without a price left out; both when they differ', () => {
    expect(platformPrices(legacy(0), 'BRL').prices).toEqual(['149.90 BRL in_stock', '0.00 BRL out_of_stock']);
    expect(extracted(legacy(0), 'BRL')).toMatchObject({ ok: true, amount: '149.90', currency: 'BRL' });
    expect(platformPrices(legacy(17990), 'BRL').prices).toEqual(['149.90 BRL in_stock', '179.90 BRL out_of_stock']);
    expect(extracted(legacy(17990), 'BRL')).toMatchObject({ ok: false });
  });

  it('legacy skuJson: the SKU the URL names', () => {
    expect(platformPrices(legacy(17990), 'BRL', 'https://livrariaipe.example/grande-sertao/p?skuId=12').prices).toEqual(['179.90 BRL out_of_stock']);
  });

  it('through the whole extraction', () => {
    expect(extracted(html, 'BRL')).toMatchObject({ ok: true, amount: '149.90', currency: 'BRL', source: 'platform' });
  });
});
