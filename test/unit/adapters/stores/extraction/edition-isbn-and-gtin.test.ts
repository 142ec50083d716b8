// Issue 26 §9: an edition with an ISBN and a different barcode (a US paperback whose cover carries a UPC). A page
// naming either identifier is this edition; a page naming a third is another edition.
import { describe, expect, it } from 'vitest';
import { extractPrice, type ExtractionConfig } from '../../../../../src/adapters/stores/extraction/index.js';
import { editionIdentifiersOf, editionMatchOf } from '../../../../../src/adapters/stores/extraction/offer-facts.js';

const ISBN = '9780306406157';
const ISBN10 = '0306406152';
// The paperback's cover UPC, as UPC-A, EAN-13 and GTIN-14.
const UPC = '036000291452';
const UPC_AS_EAN13 = '0036000291452';
const UPC_AS_GTIN14 = '00036000291452';
// Other editions: another ISBN, another UPC, another EAN-13.
const OTHER_ISBN = '9780141439518';
const OTHER_UPC = '012345678905';
const OTHER_EAN = '4006381333931';
const PAGE = 'https://paperbacks.example/p/the-paperback';
const PAPERBACK: ExtractionConfig = { defaultCurrency: 'USD', isbn13: ISBN, gtin: UPC };

function page(...jsonLd: unknown[]): string {
  const blocks = jsonLd.map((block) => `<script type="application/ld+json">${JSON.stringify(block)}</script>`).join('\n');
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>The Paperback</title>${blocks}</head><body><h1>The Paperback</h1></body></html>`;
}

function product(ids: Record<string, unknown>, price: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'The Paperback',
    ...ids,
    offers: { '@type': 'Offer', price, priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
  };
}

describe('editionIdentifiersOf', () => {
  it('keeps the GTIN beside the ISBN when it is another number, in canonical form', () => {
    expect(editionIdentifiersOf(ISBN, UPC)).toEqual({ isbn13: ISBN, otherIdentifier: UPC_AS_EAN13 });
    expect(editionIdentifiersOf(ISBN, UPC_AS_GTIN14)).toEqual({ isbn13: ISBN, otherIdentifier: UPC_AS_EAN13 });
  });

  it('has no other identifier when the GTIN is the ISBN, is missing, is invalid, or is all the edition has', () => {
    expect(editionIdentifiersOf(ISBN, `0${ISBN}`)).toEqual({ isbn13: ISBN });
    expect(editionIdentifiersOf(ISBN, undefined)).toEqual({ isbn13: ISBN });
    expect(editionIdentifiersOf(ISBN, '036000291453')).toEqual({ isbn13: ISBN });
    expect(editionIdentifiersOf(null, UPC)).toEqual({ isbn13: UPC_AS_EAN13 });
    expect(editionIdentifiersOf(undefined, undefined)).toEqual({ isbn13: null });
  });
});

describe('editionMatchOf with an ISBN and a UPC', () => {
  const { isbn13, otherIdentifier } = editionIdentifiersOf(ISBN, UPC);

  it('either identifier, however written, names the edition', () => {
    for (const written of [ISBN, ISBN10, `urn:isbn:${ISBN}`, UPC, UPC_AS_EAN13, UPC_AS_GTIN14, `upc:${UPC}`, Number(UPC)]) {
      expect(editionMatchOf([written], isbn13, otherIdentifier), String(written)).toBe(true);
    }
  });

  it('a third identifier is another edition — another ISBN, EAN-13, GTIN-14, or another UPC', () => {
    for (const written of [OTHER_ISBN, OTHER_EAN, `0${OTHER_EAN}`, OTHER_UPC]) {
      expect(editionMatchOf([written], isbn13, otherIdentifier), written).toBe(false);
    }
  });

  it('one of its own identifiers beside a third confirms it; store numbers and GTIN-8s never deny', () => {
    expect(editionMatchOf([OTHER_EAN, UPC_AS_EAN13], isbn13, otherIdentifier)).toBe(true);
    expect(editionMatchOf(['SKU-1', '96385074', '2000000000015'], isbn13, otherIdentifier)).toBeUndefined();
  });

  it('without the other identifier (as before), the UPC written as an EAN-13 was taken for another edition', () => {
    expect(editionMatchOf([UPC_AS_EAN13], isbn13)).toBe(false);
  });
});

describe('extractPrice: an edition with an ISBN and a different UPC', () => {
  it('reads a page naming only the UPC (as its EAN-13) as this edition', () => {
    const html = page(product({ gtin13: UPC_AS_EAN13 }, '17.99'));
    expect(extractPrice(html, PAGE, PAPERBACK)).toMatchObject({ ok: true, amount: '17.99' });
    // Known by its ISBN alone, the same page is another edition's.
    expect(extractPrice(html, PAGE, { defaultCurrency: 'USD', isbn13: ISBN })).toMatchObject({ ok: false, kind: 'not_found' });
  });

  it('reads a page naming only the ISBN as this edition', () => {
    expect(extractPrice(page(product({ isbn: ISBN }, '17.99')), PAGE, PAPERBACK)).toMatchObject({ ok: true, amount: '17.99' });
  });

  it('refuses a page naming a third identifier: not_found, never that edition\'s price', () => {
    expect(extractPrice(page(product({ gtin13: OTHER_EAN }, '9.99')), PAGE, PAPERBACK)).toMatchObject({ ok: false, kind: 'not_found' });
    expect(extractPrice(page(product({ gtin12: OTHER_UPC }, '9.99')), PAGE, PAPERBACK)).toMatchObject({ ok: false, kind: 'not_found' });
  });

  it('among the hardcover (its ISBN) and the paperback (its UPC), picks the paperback', () => {
    const html = page(product({ isbn: OTHER_ISBN }, '28.00'), product({ gtin12: UPC }, '17.99'));
    expect(extractPrice(html, PAGE, PAPERBACK)).toMatchObject({ ok: true, amount: '17.99' });
  });
});
