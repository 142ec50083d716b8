import { describe, expect, it } from 'vitest';
import { Isbn } from '../../../../src/domain/catalog/isbn.js';
import { ValidationError } from '../../../../src/domain/shared/domain-error.js';

// Check digits computed here, independently of the code under test.
function isbn13Check(first12: string): string {
  const sum = [...first12].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return String((10 - (sum % 10)) % 10);
}
function isbn10Check(first9: string): string {
  const sum = [...first9].reduce((acc, d, i) => acc + Number(d) * (10 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

/** A small deterministic generator, so the property tests below are reproducible. */
function* digitStrings(length: number, count: number, seed = 12345): Generator<string> {
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

function expectInvalid(input: string, field = 'isbn'): ValidationError {
  let caught: unknown;
  try {
    Isbn.parse(input, field);
  } catch (error) {
    caught = error;
  }
  expect(caught, input).toBeInstanceOf(ValidationError);
  const error = caught as ValidationError;
  expect(error.code).toBe('validation_failed');
  expect(error.details).toHaveLength(1);
  expect(error.details![0]!.field).toBe(field);
  return error;
}

describe('Isbn.parse: valid input', () => {
  it.each([
    ['9780306406157', '9780306406157'],
    ['978-0-306-40615-7', '9780306406157'],
    ['978 0 306 40615 7', '9780306406157'],
    ['  978-0 306-40615 7  ', '9780306406157'],
    ['978-3-16-148410-0', '9783161484100'],
    ['0306406152', '9780306406157'],
    ['0-306-40615-2', '9780306406157'],
    ['0 306 40615 2', '9780306406157'],
    ['0-8044-2957-X', '9780804429573'],
    ['080442957X', '9780804429573'],
    ['080442957x', '9780804429573'],
    ['0-9752298-0-X', '9780975229804'],
    ['9791090636071', '9791090636071'],
  ])('%s → %s', (input, isbn13) => {
    expect(Isbn.parse(input).isbn13).toBe(isbn13);
    expect(Isbn.parse(input).toString()).toBe(isbn13);
  });

  it('converts ISBN-10 to the 978 ISBN-13 with a recomputed check digit', () => {
    for (const body of digitStrings(9, 300)) {
      const isbn10 = body + isbn10Check(body);
      const expected = `978${body}${isbn13Check(`978${body}`)}`;
      expect(Isbn.parse(isbn10).isbn13, isbn10).toBe(expected);
    }
  });

  it('accepts every valid ISBN-13 with either prefix and returns it unchanged', () => {
    for (const prefix of ['978', '979']) {
      for (const body of digitStrings(9, 200, prefix === '978' ? 1 : 2)) {
        const isbn13 = prefix + body + isbn13Check(prefix + body);
        expect(Isbn.parse(isbn13).isbn13).toBe(isbn13);
      }
    }
  });

  it('gives the same ISBN-13 for the ISBN-10 and ISBN-13 spellings of one book', () => {
    expect(Isbn.parse('0-306-40615-2').isbn13).toBe(Isbn.parse('978-0-306-40615-7').isbn13);
  });
});

describe('Isbn.parse: invalid input', () => {
  it.each([
    ['0306406153', 'ISBN-10 with a wrong check digit'],
    ['0-306-40615-X', 'ISBN-10 with X where a digit belongs'],
    ['9780306406158', 'ISBN-13 with a wrong check digit'],
    ['978-0-306-40615-8', 'hyphenated ISBN-13 with a wrong check digit'],
    ['9770306406158', 'ISBN-13 with a prefix other than 978/979 (valid checksum)'],
    ['978030640615X', 'ISBN-13 ending in X'],
    ['08044X2957', 'X inside an ISBN-10'],
    ['030640615', 'nine digits'],
    ['03064061522', 'eleven digits'],
    ['97803064061577', 'fourteen digits'],
    ['', 'empty'],
    ['   ', 'blank'],
    ['isbn 0306406152', 'a prefix word'],
    ['0306406152.', 'a trailing dot'],
    ['０３０６４０６１５２', 'full-width digits'],
  ])('%s is rejected (%s)', (input) => {
    expectInvalid(input);
  });

  it('names the field it was given', () => {
    expectInvalid('123', 'rows[3].isbn');
  });

  it('explains a checksum failure in the message', () => {
    const error = expectInvalid('9780306406158');
    expect(error.message).toMatch(/check digit/);
    expect(error.details![0]!.message).toMatch(/check digit/);
  });

  it('refuses a 13-digit number outside the 978/979 prefixes even when its checksum is right', () => {
    expect(expectInvalid('9770306406158').message).toMatch(/978 or 979/);
  });

  it('detects every single-digit error in an ISBN-13', () => {
    const valid = '9780306406157';
    for (let i = 3; i < 13; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === valid[i]) continue;
        const changed = valid.slice(0, i) + d + valid.slice(i + 1);
        expect(() => Isbn.parse(changed), changed).toThrow(ValidationError);
      }
    }
  });

  it('detects every single-digit error and every adjacent transposition in an ISBN-10', () => {
    for (const body of digitStrings(9, 20, 7)) {
      const valid = body + isbn10Check(body);
      for (let i = 0; i < 9; i++) {
        for (let d = 0; d <= 9; d++) {
          if (String(d) === valid[i]) continue;
          const changed = valid.slice(0, i) + d + valid.slice(i + 1);
          expect(() => Isbn.parse(changed), changed).toThrow(ValidationError);
        }
        if (valid[i] !== valid[i + 1]) {
          const swapped = valid.slice(0, i) + valid[i + 1] + valid[i] + valid.slice(i + 2);
          expect(() => Isbn.parse(swapped), swapped).toThrow(ValidationError);
        }
      }
    }
  });
});

describe('Isbn.tryParse', () => {
  it('answers the ISBN for valid input and null instead of throwing for invalid input', () => {
    expect(Isbn.tryParse('0-306-40615-2')?.isbn13).toBe('9780306406157');
    expect(Isbn.tryParse('0-306-40615-3')).toBeNull();
    expect(Isbn.tryParse('')).toBeNull();
  });
});

describe('Isbn.isbn10', () => {
  it('is the ISBN-10 of a 978- ISBN (its own check digit, X for ten) and null for a 979- ISBN', () => {
    expect(Isbn.parse('9780306406157').isbn10).toBe('0306406152');
    expect(Isbn.parse('9780804429573').isbn10).toBe('080442957X');
    expect(Isbn.parse('0-8044-2957-X').isbn10).toBe('080442957X');
    expect(Isbn.parse('9791032305690').isbn10).toBeNull();
  });
});
