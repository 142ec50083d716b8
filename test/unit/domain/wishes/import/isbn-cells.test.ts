import { describe, expect, it } from 'vitest';
import { readIsbns, unwrapSpreadsheetText } from '../../../../../src/domain/wishes/import/isbn-cells.js';

describe('readIsbns', () => {
  it('normalises ISBN-10 and hyphenated ISBN-13 to ISBN-13, keeping cell order and dropping repeats', () => {
    expect(readIsbns(['978-0-441-17271-9', '0441172717', '0553283685'])).toEqual({
      isbns: ['9780441172719', '9780553283686'],
      rejected: [],
    });
  });

  it('unwraps Goodreads ="..." cells; ="" and missing cells are no ISBN', () => {
    expect(readIsbns(['="9780141185910"', '=""', undefined, ''])).toEqual({ isbns: ['9780141185910'], rejected: [] });
  });

  it('splits LibraryThing lists, bracketed or not, and space-separated lists', () => {
    expect(readIsbns(['[0141185910, 9780141185910]', '0765326353 9780765376671']).isbns).toEqual([
      '9780141185910',
      '9780765326355',
      '9780765376671',
    ]);
  });

  it('keeps an ISBN-10 ending in X', () => {
    expect(readIsbns(['125075660X']).isbns).toEqual(['9781250756602']);
  });

  it('reports each distinct cell that holds something other than an ISBN', () => {
    expect(readIsbns(['9.78014E+12', 'c0ffee12-uid', '9.78014E+12', '9780441172718'])).toEqual({
      isbns: [],
      rejected: ['9.78014E+12', 'c0ffee12-uid', '9780441172718'],
    });
  });

  it('does not evaluate or unwrap other formulas', () => {
    expect(readIsbns(['=9780441172719', '=CONCAT("978","0441172719")'])).toEqual({
      isbns: [],
      rejected: ['=9780441172719', '=CONCAT("978","0441172719")'],
    });
  });
});

describe('unwrapSpreadsheetText', () => {
  it('unwraps only the ="..." shape', () => {
    expect(unwrapSpreadsheetText('="0141185910"')).toBe('0141185910');
    expect(unwrapSpreadsheetText(' ="" ')).toBe('');
    expect(unwrapSpreadsheetText('=cmd|\' /C calc\'!A0')).toBe('=cmd|\' /C calc\'!A0');
    expect(unwrapSpreadsheetText('0141185910')).toBe('0141185910');
  });
});
