import { describe, expect, it } from 'vitest';
import { fromPlatformPrice } from '../../../../../../src/adapters/stores/extraction/platforms/platform-price.js';
import { edited, extracted, platformFixture, platformPrices } from './platform-test-support.js';

const html = platformFixture('shopify.html');
const PAGE = 'https://lantern-street.example/products/kindred';

describe('Shopify product JSON', () => {
  it('the variant the product form posts, in the active currency; not its compare-at price nor the recommendations', () => {
    expect(platformPrices(html, 'CAD', PAGE)).toEqual({ prices: ['14.99 CAD in_stock'], problems: [] });
  });

  it('the variant the URL names, and a sold-out variant', () => {
    expect(platformPrices(html, 'CAD', `${PAGE}?variant=41002`).prices).toEqual(['27.00 CAD in_stock']);
    expect(platformPrices(html, 'CAD', `${PAGE}?variant=41003`).prices).toEqual(['9.99 CAD out_of_stock']);
  });

  it('no variant named anywhere: every variant, for the chooser to call ambiguous', () => {
    const unnamed = edited(html, '<input type="hidden" name="id" value="41001" class="product-variant-id">', '');
    expect(platformPrices(unnamed, 'CAD', PAGE).prices).toEqual(['14.99 CAD in_stock', '27.00 CAD in_stock', '9.99 CAD out_of_stock']);
  });

  it('a quick-add form of another product does not choose a variant', () => {
    const unnamed = edited(html, '<input type="hidden" name="id" value="41001" class="product-variant-id">', '');
    expect(platformPrices(unnamed, 'CAD', PAGE).prices).not.toContain('18.00 CAD in_stock');
  });

  it('the variant whose barcode is the edition\'s ISBN', () => {
    const barcoded = edited(html, '"id":41002,"title":"Hardcover"', '"id":41002,"barcode":"9780807083680","title":"Hardcover"');
    const outcome = fromPlatformPrice(barcoded, { pageUrl: PAGE, defaultCurrency: 'CAD', isbn13: '9780807083680' });
    expect(outcome.candidates.map((c) => [c.amount, c.editionMatch])).toEqual([['27.00', true]]);
  });

  it('prices in cents of a currency without minor units', () => {
    const yen = edited(edited(html, '"active":"CAD"', '"active":"JPY"'), '"price":1499,"compare_at_price":1999', '"price":111000,"compare_at_price":199900');
    expect(platformPrices(yen, 'JPY', PAGE).prices).toEqual(['1110 JPY in_stock']);
  });

  it('through the whole extraction', () => {
    expect(extracted(html, 'CAD', PAGE)).toMatchObject({ ok: true, amount: '14.99', currency: 'CAD', availability: 'in_stock' });
  });
});
