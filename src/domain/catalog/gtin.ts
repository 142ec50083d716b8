import { ValidationError } from '../shared/domain-error.js';

/**
 * A GS1 trade item number (GTIN): the barcode of a product without an ISBN — a comic's UPC, an audio CD's or a board
 * game's EAN. Accepts GTIN-8, UPC-A (12 digits), EAN-13 and GTIN-14, with optional spaces or hyphens, and validates
 * the check digit.
 *
 * Every length is the same number right-justified in 14 digits (`gtin14`), so a UPC `012345678905`, the EAN-13
 * `0012345678905` and the GTIN-14 `00012345678905` are one product. The canonical form, stored and shown, is the
 * EAN-13 (GTIN-13) whenever the GTIN-14's indicator digit is 0 (a UPC gains a leading 0, a GTIN-8 five), else the
 * GTIN-14 as given. An EAN-13 starting 978 or 979 is an ISBN-13 (`isIsbn`).
 */
export class Gtin {
  private constructor(readonly gtin14: string) {}

  static parse(input: string, field = 'gtin'): Gtin {
    const compact = input.trim().replace(/[\s-]/g, '');
    if (!/^(?:\d{8}|\d{12,14})$/.test(compact)) throw invalid(field, 'expected 8, 12, 13 or 14 digits');
    const gtin14 = compact.padStart(14, '0');
    if (/^0+$/.test(gtin14.slice(0, 13))) throw invalid(field, 'it is all zeros');
    if (gs1CheckDigit(gtin14.slice(0, 13)) !== gtin14[13]) throw invalid(field, 'the check digit is wrong');
    return new Gtin(gtin14);
  }

  /** Like parse, but answers null for anything that is no GTIN (a page's identifier may be a SKU). */
  static tryParse(input: string): Gtin | null {
    try {
      return Gtin.parse(input);
    } catch {
      return null;
    }
  }

  /** 13 digits when the indicator digit is 0, else the 14. */
  get canonical(): string {
    return this.gtin14.startsWith('0') ? this.gtin14.slice(1) : this.gtin14;
  }

  /** A Bookland EAN (978/979): the number is an ISBN-13, whose check digit is the same GS1 one. */
  get isIsbn(): boolean {
    return /^0(?:978|979)/.test(this.gtin14);
  }

  /**
   * The shorter barcodes the same number is printed as: the UPC-A (12 digits) of an EAN-13 starting 0, the GTIN-8
   * of one starting 00000; pages and URLs often carry those instead of the canonical form.
   */
  get shortForms(): string[] {
    const forms: string[] = [];
    if (this.gtin14.startsWith('00')) forms.push(this.gtin14.slice(2));
    if (this.gtin14.startsWith('000000')) forms.push(this.gtin14.slice(6));
    return forms;
  }

  equals(other: Gtin): boolean {
    return this.gtin14 === other.gtin14;
  }

  toString(): string {
    return this.canonical;
  }
}

function invalid(field: string, why: string): ValidationError {
  return new ValidationError(`Invalid GTIN: ${why}`, [{ field, message: `not a valid GTIN (EAN-13, UPC-A, GTIN-14 or GTIN-8): ${why}` }]);
}

/**
 * GS1's check digit of a number's digits before it (any GTIN length; an ISBN-13 is an EAN-13): weights 3 and 1
 * alternating from the rightmost digit, which weighs 3.
 */
export function gs1CheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return String((10 - (sum % 10)) % 10);
}
