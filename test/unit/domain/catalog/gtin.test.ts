import { describe, expect, it } from 'vitest';
import { editionIdentifiers } from '../../../../src/domain/catalog/edition-identifiers.js';
import { Gtin } from '../../../../src/domain/catalog/gtin.js';
import { ValidationError } from '../../../../src/domain/shared/domain-error.js';
import { gs1Check } from '../../../support/fresh-gtins.js';

function* digitStrings(length: number, count: number, seed = 2026): Generator<string> {
  let state = seed;
  for (let n = 0; n < count; n++) {
    let s = '';
    for (let i = 0; i < length; i++) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      s += String(state % 10);
    }
    yield s;
  }
}

function problemOf(parse: () => unknown): ValidationError {
  let caught: unknown;
  try {
    parse();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ValidationError);
  return caught as ValidationError;
}

describe('Gtin: check digits', () => {
  it('accepts known barcodes of every length', () => {
    expect(Gtin.parse('4006381333931').canonical).toBe('4006381333931'); // EAN-13
    expect(Gtin.parse('012345678905').canonical).toBe('0012345678905'); // UPC-A
    expect(Gtin.parse('96385074').canonical).toBe('0000096385074'); // GTIN-8
    expect(Gtin.parse('10012345678902').canonical).toBe('10012345678902'); // GTIN-14, indicator 1
  });

  it('accepts every body with its own check digit and refuses the nine others, at each length', () => {
    for (const length of [7, 11, 12, 13]) {
      for (const body of digitStrings(length, 40, length)) {
        if (/^0+$/.test(body)) continue;
        const check = gs1Check(body);
        expect(Gtin.parse(body + check).gtin14).toBe((body + check).padStart(14, '0'));
        for (const wrong of '0123456789'.replace(check, '')) expect(Gtin.tryParse(body + wrong)).toBeNull();
      }
    }
  });

  it('takes spaces and hyphens as the barcode prints them', () => {
    expect(Gtin.parse(' 0 12345 67890 5 ').canonical).toBe('0012345678905');
    expect(Gtin.parse('400-6381-33393-1').canonical).toBe('4006381333931');
  });
});

describe('Gtin: one product, several lengths', () => {
  it('a UPC-A, its EAN-13 and its GTIN-14 are equal and share the canonical EAN-13', () => {
    const upc = Gtin.parse('012345678905');
    const ean = Gtin.parse('0012345678905');
    const gtin14 = Gtin.parse('00012345678905');
    expect(upc.equals(ean) && ean.equals(gtin14)).toBe(true);
    expect(new Set([upc.canonical, ean.canonical, gtin14.canonical])).toEqual(new Set(['0012345678905']));
    expect(upc.gtin14).toBe('00012345678905');
    expect(upc.toString()).toBe('0012345678905');
  });

  it('a GTIN-14 with another indicator digit is another product (a case of it), kept as 14 digits', () => {
    const pack = Gtin.parse('10012345678902');
    expect(pack.equals(Gtin.parse('012345678905'))).toBe(false);
    expect(pack.canonical).toBe('10012345678902');
  });

  it('names the shorter barcodes a number is printed as', () => {
    expect(Gtin.parse('012345678905').shortForms).toEqual(['012345678905']);
    expect(Gtin.parse('96385074').shortForms).toEqual(['000096385074', '96385074']);
    expect(Gtin.parse('4006381333931').shortForms).toEqual([]);
  });

  it('knows a Bookland EAN (978/979) as an ISBN-13', () => {
    expect(Gtin.parse('9780306406157').isIsbn).toBe(true);
    expect(Gtin.parse('09780306406157').isIsbn).toBe(true);
    expect(Gtin.parse('4006381333931').isIsbn).toBe(false);
  });
});

describe('Gtin: bad input', () => {
  it('refuses other lengths, letters, a wrong check digit and all zeros, naming the field', () => {
    for (const input of ['', '1234567', '0306406152', '12345678901', '123456789012345', '40063813339X1', 'abcdefghijklm', '00000000000000']) {
      expect(Gtin.tryParse(input)).toBeNull();
    }
    const problem = problemOf(() => Gtin.parse('4006381333932'));
    expect(problem.details).toEqual([{ field: 'gtin', message: expect.stringContaining('check digit') }]);
    expect(problemOf(() => Gtin.parse('12', 'rows[0].ean')).details?.[0]?.field).toBe('rows[0].ean');
  });
});

describe('editionIdentifiers', () => {
  it('an ISBN alone, a GTIN alone, or both', () => {
    expect(editionIdentifiers('0-306-40615-2', null)).toEqual({ isbn13: '9780306406157', gtin: null });
    expect(editionIdentifiers(null, '012345678905')).toEqual({ isbn13: null, gtin: '0012345678905' });
    expect(editionIdentifiers('9780306406157', '012345678905')).toEqual({ isbn13: '9780306406157', gtin: '0012345678905' });
  });

  it('a GTIN that is a Bookland EAN is the ISBN: it becomes the ISBN, or must be the one given', () => {
    expect(editionIdentifiers(null, '978-0-306-40615-7')).toEqual({ isbn13: '9780306406157', gtin: '9780306406157' });
    expect(editionIdentifiers('0306406152', '9780306406157')).toEqual({ isbn13: '9780306406157', gtin: '9780306406157' });
    expect(problemOf(() => editionIdentifiers('9780306406157', '9780141439518')).details?.[0]?.field).toBe('gtin');
  });

  it('refuses neither, and each bad identifier under its own field', () => {
    expect(problemOf(() => editionIdentifiers(null, null)).details?.[0]?.field).toBe('isbn');
    expect(problemOf(() => editionIdentifiers('9780306406158', null)).details?.[0]?.field).toBe('isbn');
    expect(problemOf(() => editionIdentifiers(null, '012345678901')).details?.[0]?.field).toBe('gtin');
  });
});
