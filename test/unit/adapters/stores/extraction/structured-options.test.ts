// Issue 26 §3: options and deals in structured data. The page's price is the shown option's when the page says which
// (its URL), else a refusal. Fixtures: test/fixtures/store-pages/structured/.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractPrice, type ExtractionConfig } from '../../../../../src/adapters/stores/extraction/index.js';

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/store-pages/structured/${name}`, import.meta.url), 'utf8');
const CAD: ExtractionConfig = { defaultCurrency: 'CAD' };
const GBP: ExtractionConfig = { defaultCurrency: 'GBP' };

describe('Offers per variant, each with the variant\'s URL (Shopify)', () => {
  const html = fixture('shopify-variant-offers.html');
  const product = 'https://northfield.example/products/cedar-moss-eau-de-parfum';

  it('the page fetched at a variant\'s URL: that variant\'s price (the old reader refused)', () => {
    expect(extractPrice(html, `${product}?variant=40112233440002`, CAD)).toEqual({ ok: true, amount: '56.00', currency: 'CAD', availability: 'in_stock', source: 'json-ld' });
    expect(extractPrice(html, `${product}?variant=40112233440003`, CAD)).toMatchObject({ ok: true, amount: '92.00', availability: 'out_of_stock' });
  });

  it('tracking parameters beside the variant do not hide it', () => {
    expect(extractPrice(html, `${product}?utm_source=mail&variant=40112233440001`, CAD)).toMatchObject({ ok: true, amount: '38.00' });
  });

  it('the bare product URL, or a variant the page does not list: a refusal', () => {
    expect(extractPrice(html, product, CAD)).toMatchObject({ ok: false, kind: 'ambiguous_price' });
    expect(extractPrice(html, `${product}?variant=1`, CAD)).toMatchObject({ ok: false, kind: 'ambiguous_price' });
  });
});

describe('A ProductGroup whose variants name their URLs', () => {
  const html = fixture('productgroup-sizes.html');
  const group = 'https://pantry.example/oats/organic-rolled-oats';

  it('the size the page URL names (with tracking parameters): its price (the old reader refused)', () => {
    expect(extractPrice(html, `${group}?size=1kg&utm_source=newsletter`, GBP)).toMatchObject({ ok: true, amount: '5.99', currency: 'GBP' });
    expect(extractPrice(html, `${group}?size=2500g`, GBP)).toMatchObject({ ok: true, amount: '12.49' });
  });

  it('the group\'s own URL: a refusal', () => {
    expect(extractPrice(html, group, GBP)).toMatchObject({ ok: false, kind: 'ambiguous_price' });
  });
});

describe('Options the page does not choose among', () => {
  it('bundles told apart by name, sku or itemOffered: a refusal (fixture)', () => {
    expect(extractPrice(fixture('jsonld-bundle-offers.html'), 'https://hive.example/products/beeswax-wraps', { defaultCurrency: 'USD' })).toMatchObject({
      ok: false, kind: 'ambiguous_price',
    });
  });

  it('offers that all carry the page\'s URL say nothing about an option', () => {
    const url = 'https://shop.example/p/mug';
    const offers = [
      { '@type': 'Offer', price: '10.00', priceCurrency: 'USD', url },
      { '@type': 'Offer', price: '14.00', priceCurrency: 'USD', url },
    ];
    const html = `<script type="application/ld+json">${JSON.stringify({ '@type': 'Product', name: 'Mug', offers })}</script>`;
    expect(extractPrice(html, url, { defaultCurrency: 'USD' })).toMatchObject({ ok: false, kind: 'ambiguous_price' });
  });

  it('an offer with the page\'s URL beside one without a URL: the URLs do not tell them apart', () => {
    const url = 'https://shop.example/p/mug?variant=2';
    const offers = [
      { '@type': 'Offer', price: '14.00', priceCurrency: 'USD', url },
      { '@type': 'Offer', price: '10.00', priceCurrency: 'USD' },
    ];
    const html = `<script type="application/ld+json">${JSON.stringify({ '@type': 'Product', name: 'Mug', offers })}</script>`;
    expect(extractPrice(html, url, { defaultCurrency: 'USD' })).toMatchObject({ ok: false, kind: 'ambiguous_price' });
  });

  it('microdata offers with their own URLs: the one that is the page', () => {
    const offer = (variant: string, price: string): string =>
      `<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><link itemprop="url" href="/products/mug?variant=${variant}"><meta itemprop="price" content="${price}"><meta itemprop="priceCurrency" content="USD"></div>`;
    const html = `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Mug</h1>${offer('1', '10.00')}${offer('2', '14.00')}</div>`;
    expect(extractPrice(html, 'https://shop.example/products/mug?variant=2', { defaultCurrency: 'USD' })).toMatchObject({ ok: true, amount: '14.00', source: 'microdata' });
    expect(extractPrice(html, 'https://shop.example/products/mug', { defaultCurrency: 'USD' })).toMatchObject({ ok: false, kind: 'ambiguous_price' });
  });
});
