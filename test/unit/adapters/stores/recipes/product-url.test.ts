import { describe, expect, it } from 'vitest';
import { expandProductUrl, isbn10Of } from '../../../../../src/adapters/stores/recipes/store-recipes.js';

describe('isbn10Of', () => {
  it('keeps the nine digits after 978 and computes the ISBN-10 check digit', () => {
    expect(isbn10Of('9780306406157')).toBe('0306406152');
    expect(isbn10Of('9780141439518')).toBe('0141439513');
  });

  it('writes a check value of ten as X', () => {
    expect(isbn10Of('9780804429573')).toBe('080442957X');
  });

  it('has none for a 979- ISBN or anything that is not an ISBN-13', () => {
    expect(isbn10Of('9791032305690')).toBeNull();
    expect(isbn10Of('978030640615')).toBeNull();
    expect(isbn10Of('hello')).toBeNull();
  });
});

describe('expandProductUrl', () => {
  it('puts the ISBN-13 in place of {isbn13} and {isbn}, everywhere they appear', () => {
    expect(expandProductUrl('https://shop.example/{isbn13}?ean={isbn}', '9780306406157')).toBe(
      'https://shop.example/9780306406157?ean=9780306406157',
    );
  });

  it('puts the ISBN-10 in place of {isbn10}', () => {
    expect(expandProductUrl('https://www.amazon.de/dp/{isbn10}', '9780306406157')).toBe('https://www.amazon.de/dp/0306406152');
  });

  it('gives no URL when the template needs an ISBN-10 and the edition is a 979- one', () => {
    expect(expandProductUrl('https://www.amazon.fr/dp/{isbn10}', '9791032305690')).toBeNull();
  });

  it('needs no ISBN-10 when the template has no {isbn10}, so 979- editions keep their URL', () => {
    expect(expandProductUrl('https://shop.example/{isbn13}', '9791032305690')).toBe('https://shop.example/9791032305690');
  });
  it('puts the GTIN in place of {gtin}, and an edition without one gives its ISBN-13 (an EAN-13 too)', () => {
    expect(expandProductUrl('https://games.example/ean/{gtin}', { isbn13: null, gtin: '0012345678905' })).toBe(
      'https://games.example/ean/0012345678905',
    );
    expect(expandProductUrl('https://games.example/ean/{gtin}', '9780306406157')).toBe('https://games.example/ean/9780306406157');
    expect(expandProductUrl('https://shop.example/{isbn13}/{gtin}', { isbn13: '9780306406157', gtin: '0012345678905' })).toBe(
      'https://shop.example/9780306406157/0012345678905',
    );
  });

  it('gives no URL when the template needs an ISBN and the edition has only a GTIN: the store is skipped for it', () => {
    for (const template of ['https://shop.example/{isbn13}', 'https://shop.example/?q={isbn}', 'https://www.amazon.de/dp/{isbn10}']) {
      expect(expandProductUrl(template, { isbn13: null, gtin: '4006381333931' })).toBeNull();
    }
  });
});
