import { describe, expect, it } from 'vitest';
import { extractPrice, type ExtractionConfig } from '../../../../../src/adapters/stores/extraction/index.js';
import { editionIdentifierOf, editionMatchOf } from '../../../../../src/adapters/stores/extraction/offer-facts.js';
import { isSearchUrl, namesIsbn } from '../../../../../src/adapters/stores/extraction/search-results.js';

// A board game's UPC-A, the same number as EAN-13 and GTIN-14; another game's EAN-13.
const UPC = '012345678905';
const AS_EAN13 = '0012345678905';
const AS_GTIN14 = '00012345678905';
const OTHER_EAN = '4006381333931';
const PAGE = 'https://games.example/p/castle-builder';
const USD: ExtractionConfig = { defaultCurrency: 'USD' };

function page(...jsonLd: unknown[]): string {
  const blocks = jsonLd.map((block) => `<script type="application/ld+json">${JSON.stringify(block)}</script>`).join('\n');
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Castle Builder</title>${blocks}</head><body><h1>Castle Builder</h1></body></html>`;
}

function product(ids: Record<string, unknown>, price: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Castle Builder',
    ...ids,
    offers: { '@type': 'Offer', price, priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
  };
}

describe('editionMatchOf: page identifiers compared as GTIN-14s', () => {
  it('a UPC, its EAN-13 and its GTIN-14 name the same edition, whatever the edition was given as', () => {
    for (const edition of [UPC, AS_EAN13, AS_GTIN14]) {
      const identifier = editionIdentifierOf(undefined, edition);
      expect(identifier).toBe(AS_EAN13);
      for (const written of [UPC, AS_EAN13, AS_GTIN14, `urn:upc:${UPC}`, '0 12345 67890 5', Number(UPC)]) {
        expect(editionMatchOf([written], identifier)).toBe(true);
      }
    }
  });

  it('an ISBN edition matches its EAN-13, its GTIN-14 and its ISBN-10, as before', () => {
    const identifier = editionIdentifierOf('9780306406157', undefined);
    for (const written of ['9780306406157', '09780306406157', '0-306-40615-2', 'urn:isbn:978-0-306-40615-7']) {
      expect(editionMatchOf([written], identifier)).toBe(true);
    }
    expect(editionMatchOf(['9780141439518'], identifier)).toBe(false);
  });

  it('another EAN-13 or GTIN-14 is another edition; so is another UPC for a UPC product', () => {
    expect(editionMatchOf([OTHER_EAN], AS_EAN13)).toBe(false);
    expect(editionMatchOf([`0${OTHER_EAN}`], AS_EAN13)).toBe(false);
    expect(editionMatchOf(['036000291452'], AS_EAN13)).toBe(false);
    expect(editionMatchOf(['9780306406157'], AS_EAN13)).toBe(false);
  });

  it('store numbers that pass a check digit by chance never say "another edition"', () => {
    // An 8-digit SKU, a 12-digit one on a book's page, an in-store EAN (prefix 2): confirm only, never deny.
    expect(editionMatchOf(['96385074'], AS_EAN13)).toBeUndefined();
    expect(editionMatchOf(['036000291452'], '9780306406157')).toBeUndefined();
    expect(editionMatchOf(['2000000000015'], AS_EAN13)).toBeUndefined();
    expect(editionMatchOf(['96385074'], editionIdentifierOf(undefined, '96385074'))).toBe(true);
  });

  it('the first identifier that names the edition wins over others beside it; no identifier either side says nothing', () => {
    expect(editionMatchOf([OTHER_EAN, 'SKU-1', UPC], AS_EAN13)).toBe(true);
    expect(editionMatchOf(['SKU-1', 'castle-builder'], AS_EAN13)).toBeUndefined();
    expect(editionMatchOf([UPC], null)).toBeUndefined();
  });

  it('an edition with an ISBN is matched by it; a bad GTIN is no identifier', () => {
    expect(editionIdentifierOf('978-0-306-40615-7', UPC)).toBe('9780306406157');
    expect(editionIdentifierOf(undefined, '012345678901')).toBeNull();
    expect(editionIdentifierOf(undefined, undefined)).toBeNull();
  });
});

describe('extractPrice: a product identified by its GTIN', () => {
  it('a JSON-LD product with gtin12 or gtin14 is the edition with the equivalent GTIN', () => {
    const config = { ...USD, gtin: AS_EAN13 };
    expect(extractPrice(page(product({ gtin12: UPC }, '34.99')), PAGE, config)).toMatchObject({ ok: true, amount: '34.99' });
    expect(extractPrice(page(product({ gtin14: AS_GTIN14 }, '34.99')), PAGE, { ...USD, gtin: UPC })).toMatchObject({ ok: true, amount: '34.99' });
    expect(extractPrice(page(product({ gtin: `${AS_GTIN14}` }, '34.99')), PAGE, { ...USD, gtin: ' 0-12345-67890-5 ' })).toMatchObject({
      ok: true,
      amount: '34.99',
    });
  });

  it('a page whose product has another GTIN is about another edition: not_found, never its price', () => {
    expect(extractPrice(page(product({ gtin13: OTHER_EAN }, '19.99')), PAGE, { ...USD, gtin: UPC })).toMatchObject({ ok: false, kind: 'not_found' });
    expect(extractPrice(page(product({ gtin14: `0${OTHER_EAN}` }, '19.99')), PAGE, { ...USD, gtin: UPC })).toMatchObject({
      ok: false,
      kind: 'not_found',
    });
  });

  it('among several products, the one with the edition\'s GTIN', () => {
    const html = page(product({ gtin12: UPC }, '34.99'), product({ gtin13: OTHER_EAN }, '19.99'));
    expect(extractPrice(html, PAGE, { ...USD, gtin: AS_GTIN14 })).toMatchObject({ ok: true, amount: '34.99' });
    expect(extractPrice(html, PAGE, { ...USD, gtin: OTHER_EAN })).toMatchObject({ ok: true, amount: '19.99' });
  });

  it('a book page is still matched by the ISBN as a gtin13, with or without a gtin configured', () => {
    const book = product({ gtin13: '9780306406157' }, '12.00');
    expect(extractPrice(page(book), PAGE, { ...USD, isbn13: '9780306406157' })).toMatchObject({ ok: true, amount: '12.00' });
    expect(extractPrice(page(book), PAGE, { ...USD, isbn13: '9780306406157', gtin: UPC })).toMatchObject({ ok: true, amount: '12.00' });
  });
});

describe('search results: the GTIN named in links and addresses', () => {
  it('names a UPC product by its canonical digits, its UPC or its GTIN-14, as whole numbers', () => {
    expect(namesIsbn(`/p/castle-builder-${UPC}`, AS_EAN13)).toBe(true);
    expect(namesIsbn(`/p/${AS_GTIN14}`, AS_EAN13)).toBe(true);
    expect(namesIsbn('/p/0-12345-67890-5', AS_EAN13)).toBe(true);
    expect(namesIsbn(`/p/9${UPC}1`, AS_EAN13)).toBe(false);
    expect(namesIsbn(`/p/${OTHER_EAN}`, AS_EAN13)).toBe(false);
  });

  it('a GTIN in the query string is a search, as an ISBN is', () => {
    expect(isSearchUrl(`https://games.example/find?code=${UPC}`, { isbn13: AS_EAN13 })).toBe(true);
    expect(isSearchUrl('https://games.example/find?code=castle', { isbn13: AS_EAN13 })).toBe(false);
  });

  it('a search page\'s one result naming the GTIN is followed', () => {
    const html = `<!DOCTYPE html><html><head><title>Search</title></head><body><ul>
      <li class="result"><a href="/p/castle-builder-${UPC}">Castle Builder</a> <span>$34.99</span></li>
      <li class="result"><a href="/p/other-game-${OTHER_EAN}">Other Game</a> <span>$19.99</span></li>
    </ul></body></html>`;
    const result = extractPrice(html, `https://games.example/search?q=${UPC}`, { ...USD, gtin: UPC });
    expect(result).toMatchObject({ ok: false, follow: `https://games.example/p/castle-builder-${UPC}` });
    expect(result.ok ? '' : result.message).toContain(`GTIN ${AS_EAN13}`);
  });
});
