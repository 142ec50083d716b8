// Issue 26 §2: sale and list price in structured data. The list price is never the answer beside a selling price, and
// no competing candidate either. Fixtures: test/fixtures/store-pages/structured/.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { explainPrice, extractPrice, type ExtractionConfig } from '../../../../../src/adapters/stores/extraction/index.js';

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/store-pages/structured/${name}`, import.meta.url), 'utf8');
const EUR: ExtractionConfig = { defaultCurrency: 'EUR' };
const URL_ = 'https://shop.example/p/1';

function page(jsonLd: unknown[], body = '', head = ''): string {
  const blocks = jsonLd.map((block) => `<script type="application/ld+json">${JSON.stringify(block)}</script>`);
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Item</title>${head}${blocks.join('\n')}</head><body>${body}</body></html>`;
}
const product = (offer: Record<string, unknown>): Record<string, unknown> => ({ '@context': 'https://schema.org', '@type': 'Product', name: 'Item', offers: { '@type': 'Offer', priceCurrency: 'EUR', ...offer } });
const spec = (priceType: string, price: string): Record<string, unknown> => ({ '@type': 'UnitPriceSpecification', priceType, price, priceCurrency: 'EUR' });
const jsonLd = (html: string) => explainPrice(html, URL_, EUR).sources.find((s) => s.source === 'json-ld');

describe('JSON-LD priceSpecification', () => {
  it('a `price` equal to the ListPrice beside a SalePrice: the SalePrice (fixture; the old reader read the list price)', () => {
    expect(extractPrice(fixture('jsonld-sale-and-list-spec.html'), 'https://summit.example/p/trail-runner-gtx', { defaultCurrency: 'USD' })).toEqual({
      ok: true, amount: '119.20', currency: 'USD', availability: 'in_stock', source: 'json-ld',
    });
  });

  it('InvoicePrice is the price paid, SRP a list price (fixture; the old reader let them compete)', () => {
    expect(extractPrice(fixture('jsonld-srp-invoice-price.html'), 'https://kettle.example/coffee/pour-over-set', { defaultCurrency: 'GBP' })).toMatchObject({
      ok: true, amount: '19.50', currency: 'GBP',
    });
  });

  it('a list price beside a specification whose price cannot be read is not the answer (the price paid is broken)', () => {
    const broken = { '@type': 'UnitPriceSpecification', ' {{ product.metafields.seo }} price': 19.99, priceCurrency: 'EUR' };
    const html = page([product({ priceSpecification: [spec('https://schema.org/ListPrice', '22.99'), broken] })]);
    expect(extractPrice(html, URL_, EUR)).toMatchObject({ ok: false });
    expect(jsonLd(html)?.candidates.map((c) => c.amount)).toEqual([]);
  });

  it('a list price that is the offer\'s only specification is still read', () => {
    const html = page([product({ priceSpecification: [spec('ListPrice', '22.99')] })]);
    expect(extractPrice(html, URL_, EUR)).toMatchObject({ ok: true, amount: '22.99' });
  });

  it.each([
    ['ListPrice'],
    ['https://schema.org/ListPrice'],
    ['StrikethroughPrice'],
    ['http://schema.org/SRP'],
    ['MSRP'],
    ['schema:MinimumAdvertisedPrice'],
  ])('a list price (%s) beside the price is no candidate', (priceType) => {
    const html = page([product({ price: '71.91', priceSpecification: spec(priceType, '79.90') })]);
    expect(jsonLd(html)?.candidates.map((c) => c.amount)).toEqual(['71.91']);
    const noPlainPrice = page([product({ priceSpecification: [spec(priceType, '79.90'), spec('https://schema.org/SalePrice', '71.91')] })]);
    expect(extractPrice(noPlainPrice, URL_, EUR)).toMatchObject({ ok: true, amount: '71.91' });
  });

  it('a SalePrice that differs from a `price` that is no list price: they compete (nothing says which is paid)', () => {
    const html = page([product({ price: '75.00', priceSpecification: [spec('ListPrice', '79.90'), spec('SalePrice', '71.91')] })]);
    expect(extractPrice(html, URL_, EUR)).toMatchObject({ ok: false, kind: 'ambiguous_price' });
  });

  it('a price without VAT in a specification is not read beside the offer\'s price', () => {
    const html = page([product({ price: '71.91', priceSpecification: { '@type': 'PriceSpecification', price: '60.43', priceCurrency: 'EUR', valueAddedTaxIncluded: false } })]);
    expect(extractPrice(html, URL_, EUR)).toMatchObject({ ok: true, amount: '71.91' });
  });
});

describe('JSON-LD lowPrice and highPrice of one offer', () => {
  it('an Offer with `price` and a `highPrice` (the list price): the price', () => {
    expect(extractPrice(page([product({ price: '71.91', highPrice: '79.90' })]), URL_, EUR)).toMatchObject({ ok: true, amount: '71.91' });
  });

  it('an AggregateOffer whose lowPrice and highPrice differ: a refusal (options or sellers, not a sale)', () => {
    const html = page([product({ '@type': 'AggregateOffer', lowPrice: '71.91', highPrice: '79.90', offerCount: 2 })]);
    expect(extractPrice(html, URL_, EUR)).toMatchObject({ ok: false, kind: 'ambiguous_price' });
  });
});

describe('microdata', () => {
  it('a priceSpecification whose priceType is a list price is no candidate beside the offer\'s price (fixture)', () => {
    expect(extractPrice(fixture('microdata-list-price-spec.html'), 'https://buiten.example/wandelrugzak-28l', EUR)).toMatchObject({ ok: true, amount: '64.95', source: 'microdata' });
  });

  it('both prices carry itemprop="price", the regular one in <del>: the sale price (fixture)', () => {
    expect(extractPrice(fixture('microdata-del-ins-prices.html'), 'https://tinshed.example/product/enamel-camping-mug/', { defaultCurrency: 'GBP' })).toMatchObject({
      ok: true, amount: '11.20', currency: 'GBP', source: 'microdata',
    });
  });

  it('prices marked old by their names (old-price, data-price-type="oldPrice") give way to the item\'s other price', () => {
    const offer = (inner: string): string =>
      `<div itemscope itemtype="https://schema.org/Product"><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="EUR">${inner}</div></div>`;
    const read = (inner: string) => explainPrice(page([], offer(inner)), URL_, EUR).sources.find((s) => s.source === 'microdata')?.decision;
    expect(read('<span class="old-price"><span itemprop="price" content="79.90">79,90 €</span></span><span itemprop="price" content="71.91">71,91 €</span>')).toMatchObject({ kind: 'price', amount: '71.91' });
    expect(read('<span data-price-type="oldPrice" itemprop="price" content="79.90"></span><span data-price-type="finalPrice" itemprop="price" content="71.91"></span>')).toMatchObject({ kind: 'price', amount: '71.91' });
    // Alone, a price in an "old" wrapper is still the item's price (Magento 1 calls a plain price "regular-price").
    expect(read('<span class="regular-price"><span itemprop="price" content="79.90">79,90 €</span></span>')).toMatchObject({ kind: 'price', amount: '79.90' });
  });

  it('a text with the sale price and a struck or "was" child is read without the child; a saving child too', () => {
    const item = (inner: string): string =>
      `<div itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="EUR"><span itemprop="price">${inner}</span></div>`;
    expect(extractPrice(page([], item('71,91 € <s>79,90 €</s>')), URL_, EUR)).toMatchObject({ ok: true, amount: '71.91' });
    expect(extractPrice(page([], item('<span class="price-was">79,90 €</span> <span class="price-now">71,91 €</span>')), URL_, EUR)).toMatchObject({ ok: true, amount: '71.91' });
    expect(extractPrice(page([], item('71,91 € <span class="discount">Sie sparen 7,99 €</span>')), URL_, EUR)).toMatchObject({ ok: true, amount: '71.91' });
    // Two prices, neither marked: unreadable, and no price at all rather than a guess.
    expect(extractPrice(page([], item('<span>71,91 €</span> <span>79,90 €</span>')), URL_, EUR)).toMatchObject({ ok: false, kind: 'parse_error' });
  });
});

describe('product meta', () => {
  it('product:original_price and og:price:standard_amount are list prices, never read (fixture)', () => {
    const report = explainPrice(fixture('meta-original-price.html'), 'https://hearth.example/products/linen-throw', { defaultCurrency: 'AUD' });
    expect(report.result).toMatchObject({ ok: true, amount: '71.20', currency: 'AUD', availability: 'in_stock' });
    expect(report.sources.find((s) => s.source === 'meta')?.candidates.map((c) => c.amount)).toEqual(['71.20']);
  });

  it('an OpenGraph price without VAT beside a JSON-LD price with VAT: a refusal, never the OpenGraph price (fixture)', () => {
    expect(extractPrice(fixture('og-net-jsonld-gross.html'), 'https://lumiere.example/lampe-arc', EUR)).toMatchObject({ ok: false, kind: 'ambiguous_price' });
  });
});
