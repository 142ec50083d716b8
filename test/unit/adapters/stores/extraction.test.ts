import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractPrice, type ExtractionConfig } from '../../../../src/adapters/stores/extraction/index.js';
import { BROKEN_JSON_LD_BLOCKS, REPAIRABLE_JSON_LD_BLOCKS } from '../../../support/json-ld-repair-cases.js';

const fixture = (name: string): string => readFileSync(new URL(`../../../fixtures/store-pages/${name}`, import.meta.url), 'utf8');
const PAGE = 'https://store.example/isbn/9783596294312';
const EUR: ExtractionConfig = { defaultCurrency: 'EUR' };

/** A page with the given JSON-LD blocks and body. */
function page(jsonLd: unknown[] | string[], body = ''): string {
  const blocks = jsonLd.map((block) => `<script type="application/ld+json">${typeof block === 'string' ? block : JSON.stringify(block)}</script>`);
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Book</title>${blocks.join('\n')}</head><body>${body}</body></html>`;
}

describe('extractPrice: fixtures', () => {
  it('JSON-LD Book with an Offer (price as a number), next to other JSON-LD blocks', () => {
    expect(extractPrice(fixture('jsonld-book-offer.html'), PAGE, EUR)).toEqual({
      ok: true,
      amount: '18.09',
      currency: 'EUR',
      availability: 'in_stock',
      source: 'json-ld',
    });
  });

  it('Product with an AggregateOffer whose lowPrice and highPrice differ: competing prices', () => {
    const html = fixture('jsonld-product-aggregate-offer.html');
    const result = extractPrice(html, PAGE, { defaultCurrency: 'GBP' });
    expect(result).toMatchObject({ ok: false, kind: 'ambiguous_price' });
    expect(result.ok ? '' : result.message).toContain('12.99 GBP, 19.50 GBP');
    expect(extractPrice(html, PAGE, { defaultCurrency: 'GBP', offerChoice: 'lowest' })).toEqual({
      ok: true,
      amount: '12.99',
      currency: 'GBP',
      availability: 'in_stock',
      source: 'json-ld',
    });
    expect(extractPrice(html, PAGE, { defaultCurrency: 'GBP', offerChoice: 'first' })).toMatchObject({ ok: true, amount: '12.99' });
  });

  describe('ProductGroup with variants (hardcover, paperback, ebook)', () => {
    const html = fixture('jsonld-product-group-variants.html');
    const USD: ExtractionConfig = { defaultCurrency: 'USD' };

    it('three different prices and nothing to choose: ambiguous', () => {
      expect(extractPrice(html, 'https://northwind.example/books/left-hand-of-darkness', USD)).toMatchObject({
        ok: false,
        kind: 'ambiguous_price',
      });
    });

    it('the variant whose URL is the page', () => {
      expect(extractPrice(html, 'https://northwind.example/books/left-hand-of-darkness?format=paperback', USD)).toEqual({
        ok: true,
        amount: '18.00',
        currency: 'USD',
        availability: 'preorder', // BackOrder
        source: 'json-ld',
      });
    });

    it('the variant with the configured ISBN (written with hyphens on the page)', () => {
      expect(extractPrice(html, PAGE, { ...USD, isbn13: '9780441007318' })).toEqual({
        ok: true,
        amount: '28.00',
        currency: 'USD',
        availability: 'in_stock',
        source: 'json-ld',
      });
      // gtin13 counts as well; OnlineOnly is in stock
      expect(extractPrice(html, PAGE, { ...USD, isbn13: '9781101665398' })).toMatchObject({ ok: true, amount: '9.99', availability: 'in_stock' });
    });

    it('offerChoice decides: lowest, first', () => {
      expect(extractPrice(html, PAGE, { ...USD, offerChoice: 'lowest' })).toMatchObject({ ok: true, amount: '9.99' });
      expect(extractPrice(html, PAGE, { ...USD, offerChoice: 'first' })).toMatchObject({ ok: true, amount: '28.00' });
    });
  });

  it('JSON-LD with trailing commas, a comment, a raw line break and a string price with a decimal comma', () => {
    expect(extractPrice(fixture('jsonld-trailing-commas.html'), PAGE, EUR)).toEqual({
      ok: true,
      amount: '18.09',
      currency: 'EUR',
      availability: 'in_stock',
      source: 'json-ld',
    });
  });

  it('microdata with content attributes (meta priceCurrency, price content, link availability)', () => {
    expect(extractPrice(fixture('microdata-offer.html'), PAGE, EUR)).toEqual({
      ok: true,
      amount: '22.00',
      currency: 'EUR',
      availability: 'preorder',
      source: 'microdata',
    });
  });

  it('microdata as text (priceCurrency CHF, apostrophe thousands, availability words)', () => {
    expect(extractPrice(fixture('microdata-text.html'), PAGE, EUR)).toEqual({
      ok: true,
      amount: '1234.50',
      currency: 'CHF',
      availability: 'out_of_stock',
      source: 'microdata',
    });
  });

  it('OpenGraph product meta', () => {
    expect(extractPrice(fixture('opengraph-meta.html'), PAGE, { defaultCurrency: 'USD' })).toEqual({
      ok: true,
      amount: '12.99',
      currency: 'USD',
      availability: 'in_stock',
      source: 'meta',
    });
  });

  describe('a page with neither structured data nor meta', () => {
    const html = fixture('selectors-only.html');

    it('is read through the store\'s selectors', () => {
      const config: ExtractionConfig = { defaultCurrency: 'EUR', selectors: { price: '.buybox .price-now', availability: '.buybox .stock-state' } };
      expect(extractPrice(html, PAGE, config)).toEqual({ ok: true, amount: '15.00', currency: 'EUR', availability: 'in_stock', source: 'selectors' });
    });

    it('without selectors, the visible price block of the main item (the old reader answered no_price)', () => {
      expect(extractPrice(html, PAGE, { defaultCurrency: 'EUR' })).toMatchObject({ ok: true, amount: '15.00', currency: 'EUR', source: 'visible' });
    });

    it('a selector matching the current and the struck-through price: ambiguous unless offerChoice', () => {
      const selectors = { price: '.buybox del, .buybox .price-now' };
      expect(extractPrice(html, PAGE, { defaultCurrency: 'EUR', selectors })).toMatchObject({ ok: false, kind: 'ambiguous_price' });
      expect(extractPrice(html, PAGE, { defaultCurrency: 'EUR', selectors, offerChoice: 'lowest' })).toMatchObject({ ok: true, amount: '15.00' });
    });

    it('a selector whose element text is not a price: parse_error', () => {
      expect(extractPrice(html, PAGE, { defaultCurrency: 'EUR', selectors: { price: 'h1.title' } })).toMatchObject({ ok: false, kind: 'parse_error' });
    });

    it('an invalid selector: parse_error', () => {
      expect(extractPrice(html, PAGE, { defaultCurrency: 'EUR', selectors: { price: '.buybox[[' } })).toMatchObject({ ok: false, kind: 'parse_error' });
    });

    it('a selector matching nothing: no_price', () => {
      expect(extractPrice(html, PAGE, { defaultCurrency: 'EUR', selectors: { price: '.no-such-thing' } })).toMatchObject({ ok: false, kind: 'no_price' });
    });
  });

  it('decimal comma with € after (narrow no-break space), French availability words', () => {
    expect(extractPrice(fixture('decimal-comma-euro-after.html'), PAGE, { defaultCurrency: 'GBP' })).toEqual({
      ok: true,
      amount: '18.09',
      currency: 'EUR',
      availability: 'out_of_stock',
      source: 'microdata',
    });
  });

  it('thousands separators in a JSON-LD string price', () => {
    expect(extractPrice(fixture('thousands-separators.html'), PAGE, { defaultCurrency: 'USD' })).toEqual({
      ok: true,
      amount: '1249.00',
      currency: 'USD',
      availability: 'in_stock', // LimitedAvailability
      source: 'json-ld',
    });
  });

  it('new, used, damaged and refurbished offers in an AggregateOffer: the new one', () => {
    expect(extractPrice(fixture('new-and-used-offers.html'), PAGE, EUR)).toEqual({
      ok: true,
      amount: '13.00',
      currency: 'EUR',
      availability: 'in_stock',
      source: 'json-ld',
    });
  });

  it('an out-of-stock page still reports its price', () => {
    expect(extractPrice(fixture('out-of-stock.html'), PAGE, EUR)).toEqual({
      ok: true,
      amount: '14.95',
      currency: 'EUR',
      availability: 'out_of_stock',
      source: 'json-ld',
    });
  });

  it('two different new prices: ambiguous without offerChoice; lowest and first when configured', () => {
    const html = fixture('two-new-prices.html');
    const result = extractPrice(html, PAGE, { defaultCurrency: 'GBP' });
    expect(result).toMatchObject({ ok: false, kind: 'ambiguous_price' });
    expect(result.ok ? '' : result.message).toMatch(/2 different prices.*25\.00 GBP, 10\.99 GBP/);
    expect(extractPrice(html, PAGE, { defaultCurrency: 'GBP', offerChoice: 'lowest' })).toEqual({
      ok: true,
      amount: '10.99',
      currency: 'GBP',
      availability: 'preorder',
      source: 'json-ld',
    });
    expect(extractPrice(html, PAGE, { defaultCurrency: 'GBP', offerChoice: 'first' })).toEqual({
      ok: true,
      amount: '25.00',
      currency: 'GBP',
      availability: 'in_stock',
      source: 'json-ld',
    });
  });

  it('no price anywhere: no_price', () => {
    expect(extractPrice(fixture('no-price.html'), PAGE, EUR)).toMatchObject({ ok: false, kind: 'no_price' });
  });

  it('a JSON-LD block beyond repair and nothing else: parse_error', () => {
    const result = extractPrice(fixture('broken-json-ld.html'), PAGE, EUR);
    expect(result).toMatchObject({ ok: false, kind: 'parse_error' });
    expect(result.ok ? '' : result.message).toContain('JSON-LD block 1');
  });

  it('priceSpecification through an @id reference: the price paid, not the list price', () => {
    expect(extractPrice(fixture('price-specification.html'), PAGE, EUR)).toEqual({
      ok: true,
      amount: '19.99',
      currency: 'EUR',
      availability: 'in_stock',
      source: 'json-ld',
    });
  });
});

describe('extractPrice: JSON-LD quirks', () => {
  const book = (offers: unknown, extra: Record<string, unknown> = {}) => ({ '@context': 'https://schema.org', '@type': 'Book', name: 'B', ...extra, offers });

  it('reads prices as numbers or strings, with currency symbols for codes', () => {
    expect(extractPrice(page([book({ '@type': 'Offer', price: '18.09', priceCurrency: '€' })]), PAGE, { defaultCurrency: 'GBP' })).toMatchObject({
      ok: true,
      amount: '18.09',
      currency: 'EUR',
    });
    expect(extractPrice(page([book({ '@type': 'Offer', price: 1500, priceCurrency: 'JPY' })]), PAGE, EUR)).toMatchObject({ ok: true, amount: '1500', currency: 'JPY' });
    expect(extractPrice(page([book({ '@type': 'Offer', price: '€ 18,09' })]), PAGE, { defaultCurrency: 'GBP' })).toMatchObject({
      ok: true,
      amount: '18.09',
      currency: 'EUR',
    });
  });

  it('assumes the store\'s currency when the page gives none', () => {
    expect(extractPrice(page([book({ '@type': 'Offer', price: '18.09' })]), PAGE, EUR)).toMatchObject({ ok: true, amount: '18.09', currency: 'EUR', availability: 'unknown' });
  });

  it('identical prices from several places are one price', () => {
    const html = page(
      [
        book([
          { '@type': 'Offer', price: '18.09', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
          { '@type': 'Offer', price: 18.09, priceCurrency: 'EUR' },
        ]),
        book({ '@type': 'AggregateOffer', lowPrice: '18.09', highPrice: '18.090', priceCurrency: 'EUR', offerCount: 2 }),
      ],
      '<span itemprop="price" content="18.090"></span>',
    );
    expect(extractPrice(html, PAGE, EUR)).toEqual({ ok: true, amount: '18.09', currency: 'EUR', availability: 'in_stock', source: 'json-ld' });
  });

  it('an AggregateOffer with only lowPrice, or lowPrice equal to highPrice, is one price', () => {
    expect(extractPrice(page([book({ '@type': 'AggregateOffer', lowPrice: 9.5, priceCurrency: 'EUR' })]), PAGE, EUR)).toMatchObject({ ok: true, amount: '9.50' });
    expect(extractPrice(page([book({ '@type': 'AggregateOffer', lowPrice: '9.50', highPrice: '9.50' })]), PAGE, EUR)).toMatchObject({ ok: true, amount: '9.50' });
  });

  it('only used offers: the used price (there is no new offer to prefer)', () => {
    const offers = [{ '@type': 'Offer', price: '4.50', priceCurrency: 'EUR', itemCondition: 'https://schema.org/UsedCondition' }];
    expect(extractPrice(page([book(offers)]), PAGE, EUR)).toMatchObject({ ok: true, amount: '4.50' });
  });

  it('an offer without condition counts as new next to used ones; the product\'s condition is inherited', () => {
    const offers = [
      { '@type': 'Offer', price: '12.00', priceCurrency: 'EUR' },
      { '@type': 'Offer', price: '5.00', priceCurrency: 'EUR', itemCondition: 'UsedCondition' },
    ];
    expect(extractPrice(page([book(offers)]), PAGE, EUR)).toMatchObject({ ok: true, amount: '12.00' });
    const usedProduct = book({ '@type': 'Offer', price: '5.00' }, { itemCondition: 'https://schema.org/UsedCondition' });
    const newProduct = book({ '@type': 'Offer', price: '12.00' });
    const group = { '@context': 'https://schema.org', '@type': 'ProductGroup', hasVariant: [usedProduct, newProduct] };
    expect(extractPrice(page([group]), PAGE, EUR)).toMatchObject({ ok: true, amount: '12.00' });
  });

  it('@graph, arrays of blocks, a WebPage mainEntity, schema: prefixed types and values', () => {
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebPage', mainEntity: { '@type': 'schema:Book', offers: { '@type': 'schema:Offer', price: '7.99', availability: 'schema:InStock' } } },
        { '@type': 'Organization', name: 'Shop' },
      ],
    };
    expect(extractPrice(page([[graph]]), PAGE, EUR)).toMatchObject({ ok: true, amount: '7.99', availability: 'in_stock' });
  });

  it('a Book with workExample editions: the edition with the configured ISBN', () => {
    const work = {
      '@context': 'https://schema.org',
      '@type': 'Book',
      name: 'Der Zauberberg',
      workExample: [
        { '@type': 'Book', isbn: '9783596294312', bookFormat: 'Paperback', offers: { '@type': 'Offer', price: '18.09', priceCurrency: 'EUR' } },
        { '@type': 'Book', isbn: '9783100483232', bookFormat: 'Hardcover', offers: { '@type': 'Offer', price: '32.00', priceCurrency: 'EUR' } },
      ],
    };
    expect(extractPrice(page([work]), PAGE, EUR)).toMatchObject({ ok: false, kind: 'ambiguous_price' });
    expect(extractPrice(page([work]), PAGE, { ...EUR, isbn13: '978-3-596-29431-2' })).toMatchObject({ ok: true, amount: '18.09' });
  });

  it('an ISBN that names another edition drops that product\'s offers next to unidentified ones', () => {
    const main = book({ '@type': 'Offer', price: '18.09' });
    const other = book({ '@type': 'Offer', price: '32.00' }, { isbn: '9783100483232' });
    expect(extractPrice(page([main, other]), PAGE, { ...EUR, isbn13: '9783596294312' })).toMatchObject({ ok: true, amount: '18.09' });
  });

  it('does not read related products', () => {
    const html = page([
      book({ '@type': 'Offer', price: '18.09' }, { isRelatedTo: [book({ '@type': 'Offer', price: '9.99' })], isSimilarTo: book({ '@type': 'Offer', price: '7.00' }) }),
      { '@context': 'https://schema.org', '@type': 'ItemList', itemListElement: [{ '@type': 'ListItem', position: 1, item: book({ '@type': 'Offer', price: '5.00' }) }] },
    ]);
    expect(extractPrice(html, PAGE, EUR)).toMatchObject({ ok: true, amount: '18.09' });
  });

  it('priceSpecification: a SalePrice wins over a StrikethroughPrice; a CompoundPriceSpecification is read', () => {
    const specs = [
      { '@type': 'UnitPriceSpecification', priceType: 'https://schema.org/StrikethroughPrice', price: '25.00', priceCurrency: 'EUR' },
      { '@type': 'UnitPriceSpecification', priceType: 'https://schema.org/SalePrice', price: '19.00', priceCurrency: 'EUR' },
    ];
    expect(extractPrice(page([book({ '@type': 'Offer', priceSpecification: specs })]), PAGE, EUR)).toMatchObject({ ok: true, amount: '19.00' });
    const compound = { '@type': 'CompoundPriceSpecification', priceComponent: [{ '@type': 'UnitPriceSpecification', price: 11.5, priceCurrency: 'EUR' }] };
    expect(extractPrice(page([book({ '@type': 'Offer', priceSpecification: compound })]), PAGE, EUR)).toMatchObject({ ok: true, amount: '11.50' });
    // only a list price: it is the price
    expect(extractPrice(page([book({ '@type': 'Offer', priceSpecification: specs[0] })]), PAGE, EUR)).toMatchObject({ ok: true, amount: '25.00' });
  });

  it('an offer\'s own price wins over its priceSpecification', () => {
    const offer = { '@type': 'Offer', price: '19.00', priceCurrency: 'EUR', priceSpecification: { '@type': 'PriceSpecification', price: '25.00', priceCurrency: 'EUR' } };
    expect(extractPrice(page([book(offer)]), PAGE, EUR)).toMatchObject({ ok: true, amount: '19.00' });
  });

  it('repairs block comments, single quotes, CDATA and HTML comment wrappers, and HTML-escaped quotes', () => {
    const variants = REPAIRABLE_JSON_LD_BLOCKS;
    for (const block of variants) {
      expect(extractPrice(page([block]), PAGE, EUR), block).toMatchObject({ ok: true, amount: '18.09', currency: 'EUR', source: 'json-ld' });
    }
  });

  it('skips a broken block and reads the next source', () => {
    const html = page([BROKEN_JSON_LD_BLOCKS.missingComma], '<span itemprop="price">16,50 €</span>');
    expect(extractPrice(html, PAGE, EUR)).toMatchObject({ ok: true, amount: '16.50', source: 'microdata' });
  });

  it('skips a broken block and reads the other blocks', () => {
    const html = page([BROKEN_JSON_LD_BLOCKS.truncated, JSON.stringify(book({ '@type': 'Offer', price: '9.00' }))]);
    expect(extractPrice(html, PAGE, EUR)).toMatchObject({ ok: true, amount: '9.00', source: 'json-ld' });
  });

  it('an unreadable price and nothing else is a parse_error', () => {
    const result = extractPrice(page([book({ '@type': 'Offer', price: 'auf Anfrage', priceCurrency: 'EUR' })]), PAGE, EUR);
    expect(result).toMatchObject({ ok: false, kind: 'parse_error' });
    expect(result.ok ? '' : result.message).toContain('auf Anfrage');
    expect(extractPrice(page([book({ '@type': 'Offer', price: '9.00', priceCurrency: 'Zorkmid' })]), PAGE, EUR)).toMatchObject({ ok: false, kind: 'parse_error' });
  });

  it('a zero price is a placeholder: the next source decides, or there is no price', () => {
    const zero = book({ '@type': 'Offer', price: '0.00', priceCurrency: 'EUR', availability: 'https://schema.org/OutOfStock' });
    expect(extractPrice(page([zero], '<meta itemprop="price" content="14.00">'), PAGE, EUR)).toMatchObject({ ok: true, amount: '14.00', source: 'microdata' });
    const result = extractPrice(page([zero]), PAGE, EUR);
    expect(result).toMatchObject({ ok: false, kind: 'no_price' });
    expect(result.ok ? '' : result.message).toContain('zero');
  });

  it('ignores JSON-LD inside HTML comments and reads ld+json with other attribute spellings', () => {
    const stale = `<!-- <script type="application/ld+json">${JSON.stringify(book({ '@type': 'Offer', price: '99.00' }))}</script> -->`;
    const live = `<SCRIPT data-x=1 type='application/ld+json' >${JSON.stringify(book({ '@type': 'Offer', price: '18.09' }))}</SCRIPT>`;
    expect(extractPrice(`<html><head>${stale}${live}</head><body></body></html>`, PAGE, EUR)).toMatchObject({ ok: true, amount: '18.09' });
  });

  it('takes a missing availability from the store\'s availability selector, else from product meta', () => {
    const html = page([book({ '@type': 'Offer', price: '18.09' })], '<p class="stock">Nicht lieferbar</p>');
    expect(extractPrice(html, PAGE, { ...EUR, selectors: { availability: '.stock' } })).toMatchObject({ ok: true, availability: 'out_of_stock', source: 'json-ld' });
    const withMeta = html.replace('<title>', '<meta property="product:availability" content="preorder"><title>');
    expect(extractPrice(withMeta, PAGE, EUR)).toMatchObject({ ok: true, availability: 'preorder', source: 'json-ld' });
  });

  it('the store\'s currency wins among prices in several currencies; otherwise they are ambiguous', () => {
    const offers = [
      { '@type': 'Offer', price: '18.09', priceCurrency: 'EUR' },
      { '@type': 'Offer', price: '15.50', priceCurrency: 'GBP' },
    ];
    expect(extractPrice(page([book(offers)]), PAGE, { defaultCurrency: 'GBP' })).toMatchObject({ ok: true, amount: '15.50', currency: 'GBP' });
    expect(extractPrice(page([book(offers)]), PAGE, { defaultCurrency: 'USD', offerChoice: 'lowest' })).toMatchObject({ ok: false, kind: 'ambiguous_price' });
    expect(extractPrice(page([book(offers)]), PAGE, { defaultCurrency: 'USD', offerChoice: 'first' })).toMatchObject({ ok: true, amount: '18.09', currency: 'EUR' });
  });

  it('among identical prices, availability is the most purchasable known one', () => {
    const offers = [
      { '@type': 'Offer', price: '18.09', availability: 'https://schema.org/OutOfStock' },
      { '@type': 'Offer', price: '18.09', availability: 'https://schema.org/InStock' },
      { '@type': 'Offer', price: '18.09' },
    ];
    expect(extractPrice(page([book(offers)]), PAGE, EUR)).toMatchObject({ ok: true, availability: 'in_stock' });
  });

  it('rejects a defaultCurrency that is not ISO 4217 (a configuration error)', () => {
    expect(() => extractPrice(page([]), PAGE, { defaultCurrency: 'EURO' })).toThrow(RangeError);
  });
});

describe('extractPrice: microdata, meta and selectors quirks', () => {
  it('microdata: priceCurrency and availability inherited from the enclosing item; lowPrice/highPrice compete', () => {
    const html = page(
      [],
      `<div itemscope itemtype="https://schema.org/Book"><meta itemprop="priceCurrency" content="GBP">
         <div itemprop="offers" itemscope itemtype="https://schema.org/AggregateOffer">
           <span itemprop="lowPrice">£8.99</span> – <span itemprop="highPrice">£12.50</span>
         </div></div>`,
    );
    expect(extractPrice(html, PAGE, EUR)).toMatchObject({ ok: false, kind: 'ambiguous_price' });
    expect(extractPrice(html, PAGE, { ...EUR, offerChoice: 'lowest' })).toMatchObject({ ok: true, amount: '8.99', currency: 'GBP', source: 'microdata' });
  });

  it('microdata: a used offer next to a new one', () => {
    const html = page(
      [],
      `<div itemscope itemtype="https://schema.org/Book">
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">18,09 €</span><link itemprop="itemCondition" href="https://schema.org/NewCondition"><link itemprop="availability" href="https://schema.org/InStock"></div>
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">6,00 €</span><link itemprop="itemCondition" href="https://schema.org/UsedCondition"></div>
      </div>`,
    );
    expect(extractPrice(html, PAGE, EUR)).toEqual({ ok: true, amount: '18.09', currency: 'EUR', availability: 'in_stock', source: 'microdata' });
  });

  it('microdata: ignores itemprop text inside scripts', () => {
    const html = page([], '<script>var t = \'<span itemprop="price">1,00</span>\';</script><span itemprop="price" content="18.09"></span>');
    expect(extractPrice(html, PAGE, EUR)).toMatchObject({ ok: true, amount: '18.09' });
  });

  it('meta: og:price:amount; a sale price replaces the regular one; availability oos', () => {
    const head = (tags: string) => `<html><head>${tags}</head><body></body></html>`;
    expect(extractPrice(head('<meta property="og:price:amount" content="24,90"><meta property="og:price:currency" content="EUR">'), PAGE, { defaultCurrency: 'USD' })).toEqual({
      ok: true,
      amount: '24.90',
      currency: 'EUR',
      availability: 'unknown',
      source: 'meta',
    });
    const sale =
      '<meta property="product:price:amount" content="30.00"><meta property="product:price:currency" content="USD">' +
      '<meta property="product:sale_price:amount" content="22.50"><meta property="product:sale_price:currency" content="USD">' +
      '<meta property="product:availability" content="oos">';
    expect(extractPrice(head(sale), PAGE, { defaultCurrency: 'USD' })).toEqual({ ok: true, amount: '22.50', currency: 'USD', availability: 'out_of_stock', source: 'meta' });
  });

  it('meta: one price in several currencies is read in the store\'s currency', () => {
    const tags =
      '<meta property="product:price:amount" content="18.09"><meta property="product:price:currency" content="EUR">' +
      '<meta property="product:price:amount" content="19.99"><meta property="product:price:currency" content="USD">';
    expect(extractPrice(`<html><head>${tags}</head></html>`, PAGE, { defaultCurrency: 'USD' })).toMatchObject({ ok: true, amount: '19.99', currency: 'USD' });
    expect(extractPrice(`<html><head>${tags}</head></html>`, PAGE, { defaultCurrency: 'EUR' })).toMatchObject({ ok: true, amount: '18.09', currency: 'EUR' });
  });

  it('selectors: a currency selector and a content attribute', () => {
    const html = page([], '<div class="p"><span class="cur">SEK</span><span class="amount" content="129.00">129:-</span></div>');
    expect(extractPrice(html, PAGE, { defaultCurrency: 'EUR', selectors: { price: '.p .amount', currency: '.p .cur' } })).toMatchObject({
      ok: true,
      amount: '129.00',
      currency: 'SEK',
      source: 'selectors',
    });
  });

  it('selectors: "kr" with the store\'s krona', () => {
    const html = page([], '<span class="price">149,00 kr</span>');
    expect(extractPrice(html, PAGE, { defaultCurrency: 'NOK', selectors: { price: '.price' } })).toMatchObject({ ok: true, amount: '149.00', currency: 'NOK' });
    expect(extractPrice(html, PAGE, { defaultCurrency: 'EUR', selectors: { price: '.price' } })).toMatchObject({ ok: false, kind: 'parse_error' });
  });

  it('structured data and selectors that disagree: ambiguous (the old reader took JSON-LD without asking the selectors)', () => {
    const html = page([{ '@type': 'Book', offers: { '@type': 'Offer', price: '18.09' } }], '<span class="price">99,00 €</span>');
    expect(extractPrice(html, PAGE, { defaultCurrency: 'EUR', selectors: { price: '.price' } })).toMatchObject({ ok: false, kind: 'ambiguous_price' });
    expect(extractPrice(html, PAGE, { defaultCurrency: 'EUR', selectors: { price: '.price' }, trustSource: 'json-ld' })).toMatchObject({
      ok: true,
      amount: '18.09',
      source: 'json-ld',
    });
  });
});

describe('extractPrice: large pages', () => {
  // About 3 MB of product tiles, like a page with a long recommendation list.
  const filler = (() => {
    const parts: string[] = [];
    let size = 0;
    for (let i = 0; size < 3_000_000; i++) {
      const tile = `<div class="tile" data-i="${i}"><a href="/isbn/${9780000000000 + i}">Book ${i}</a> <span class="price">${(i % 50) + 5},99 €</span><p>Ein Roman über Zeit, Erinnerung und die Kunst des Lesens.</p></div>\n`;
      parts.push(tile);
      size += tile.length;
    }
    return parts.join('');
  })();

  it('is about 3 MB', () => {
    expect(filler.length).toBeGreaterThan(3_000_000);
  });

  it('JSON-LD at the end of a 3 MB page, without building a DOM', () => {
    const html = `<html><head><title>x</title></head><body>${filler}<script type="application/ld+json">{"@type":"Book","offers":{"@type":"Offer","price":"18.09","priceCurrency":"EUR","availability":"https://schema.org/InStock"}}</script></body></html>`;
    const started = performance.now();
    expect(extractPrice(html, PAGE, EUR)).toEqual({ ok: true, amount: '18.09', currency: 'EUR', availability: 'in_stock', source: 'json-ld' });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('microdata at the end of a 3 MB page', () => {
    const html = `<html><head><title>x</title></head><body>${filler}<div itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="EUR"><span itemprop="price" content="18.09">18,09 €</span><link itemprop="availability" href="https://schema.org/OutOfStock"></div></body></html>`;
    const started = performance.now();
    expect(extractPrice(html, PAGE, EUR)).toEqual({ ok: true, amount: '18.09', currency: 'EUR', availability: 'out_of_stock', source: 'microdata' });
    expect(performance.now() - started).toBeLessThan(20_000);
  }, 60_000);

  it('selectors on a 3 MB page; a selector matching hundreds of prices is ambiguous, and is capped', () => {
    const html = `<html><body>${filler}</body></html>`;
    expect(extractPrice(html, PAGE, { defaultCurrency: 'EUR', selectors: { price: '.tile:last-child .price' } })).toMatchObject({ ok: true, source: 'selectors' });
    expect(extractPrice(html, PAGE, { defaultCurrency: 'EUR', selectors: { price: '.price' } })).toMatchObject({ ok: false, kind: 'ambiguous_price' });
  }, 60_000);

  it('a huge inline script, many JSON-LD blocks and an unterminated comment stay bounded', () => {
    const blob = `<script>window.__STATE__ = ${JSON.stringify({ items: Array.from({ length: 20_000 }, (_, i) => ({ id: i, price: i })) })};</script>`;
    const blocks = Array.from({ length: 300 }, () => '<script type="application/ld+json">{"@type": "BreadcrumbList"}</script>').join('');
    const html = `<html><head>${blob}${blocks}<script type="application/ld+json">{"@type":"Book","offers":{"price":"9.99"}}</script></head><body><!-- never closed ${filler}`;
    const started = performance.now();
    const result = extractPrice(html, PAGE, EUR);
    // The book's block comes after the cap on blocks: it is not read, and the skipped blocks are reported.
    expect(result).toMatchObject({ ok: false, kind: 'parse_error' });
    expect(result.ok ? '' : result.message).toContain('skipped');
    expect(performance.now() - started).toBeLessThan(5_000);
  }, 60_000);
});
