import { ValidationError } from '../shared/domain-error.js';
import { Gtin } from './gtin.js';
import { Isbn } from './isbn.js';

/** What identifies an edition: its ISBN-13, its GTIN (canonical form, `gtin.ts`), or both; never neither. */
export interface EditionIdentifiers {
  isbn13: string | null;
  gtin: string | null;
}

/**
 * The identifiers of an edition from what a user gave. A GTIN that is a Bookland EAN (978/979) is an ISBN-13: it
 * becomes the edition's ISBN when none is given and must be that ISBN when one is, so one product never sits in the
 * catalog twice under its two names (the ISBN's uniqueness holds it).
 */
export function editionIdentifiers(isbn: string | null, gtin: string | null): EditionIdentifiers {
  if (isbn === null && gtin === null) {
    throw new ValidationError('Invalid edition', [{ field: 'isbn', message: 'required: an edition has an isbn, a gtin or both' }]);
  }
  let isbn13 = isbn === null ? null : Isbn.parse(isbn).isbn13;
  const parsed = gtin === null ? null : Gtin.parse(gtin);
  if (parsed?.isIsbn === true) {
    if (isbn13 !== null && isbn13 !== parsed.canonical) {
      throw new ValidationError('Invalid GTIN', [
        { field: 'gtin', message: `a GTIN starting 978 or 979 is an ISBN-13: it must be the edition's isbn (${isbn13})` },
      ]);
    }
    isbn13 = parsed.canonical;
  }
  return { isbn13, gtin: parsed?.canonical ?? null };
}
