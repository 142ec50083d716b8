import { ValidationError } from '../shared/domain-error.js';
import { gs1CheckDigit } from './gtin.js';

/** An ISBN, always held as the 13-digit form; accepts ISBN-10 or ISBN-13 with or without hyphens/spaces. */
export class Isbn {
  private constructor(readonly isbn13: string) {}

  static parse(input: string, field = 'isbn'): Isbn {
    const compact = input.trim().replace(/[\s-]/g, '').toUpperCase();
    if (/^\d{13}$/.test(compact)) {
      if (!compact.startsWith('978') && !compact.startsWith('979')) {
        throw invalid(field, 'an ISBN-13 starts with 978 or 979');
      }
      if (gs1CheckDigit(compact.slice(0, 12)) !== compact[12]) throw invalid(field, 'the check digit is wrong');
      return new Isbn(compact);
    }
    if (/^\d{9}[\dX]$/.test(compact)) {
      if (isbn10CheckDigit(compact.slice(0, 9)) !== compact[9]) throw invalid(field, 'the check digit is wrong');
      const body = `978${compact.slice(0, 9)}`;
      return new Isbn(body + gs1CheckDigit(body));
    }
    throw invalid(field, 'expected 10 or 13 digits (ISBN-10 may end in X)');
  }

  /** Like parse, but answers null instead of throwing (for imports that report bad rows). */
  static tryParse(input: string): Isbn | null {
    try {
      return Isbn.parse(input);
    } catch {
      return null;
    }
  }

  /** The ISBN-10 of a 978- ISBN (same nine digits, its own check digit); null for a 979- ISBN, which has none. */
  get isbn10(): string | null {
    if (!this.isbn13.startsWith('978')) return null;
    const core = this.isbn13.slice(3, 12);
    return core + isbn10CheckDigit(core);
  }

  toString(): string {
    return this.isbn13;
  }
}

function invalid(field: string, why: string): ValidationError {
  return new ValidationError(`Invalid ISBN: ${why}`, [{ field, message: `not a valid ISBN: ${why}` }]);
}


function isbn10CheckDigit(first9: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(first9[i]) * (10 - i);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}
