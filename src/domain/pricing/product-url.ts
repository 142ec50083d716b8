import { isbn10Of } from '../catalog/isbn10.js';

/** The ISBN placeholders a product URL template may use: a store whose template has one is asked only for ISBNs. */
export const ISBN_PLACEHOLDERS = ['{isbn13}', '{isbn}', '{isbn10}'] as const;

/** The edition's GTIN (`domain/catalog/gtin.ts`, canonical form), or its ISBN-13 when it has none (an EAN-13 too). */
export const GTIN_PLACEHOLDER = '{gtin}';

/** Every identifier placeholder; a template must have at least one. */
export const IDENTIFIER_PLACEHOLDERS = [...ISBN_PLACEHOLDERS, GTIN_PLACEHOLDER] as const;

/** Matches any identifier placeholder (global: for `replace` and `match`). */
export const IDENTIFIER_PLACEHOLDER = /\{(?:isbn(?:13|10)?|gtin)\}/g;

/** What identifies an edition in a URL: its ISBN-13, its GTIN, or both (never neither). */
export interface ProductIdentifiers {
  isbn13: string | null;
  gtin: string | null;
}

/**
 * The product URL of an edition at a store: `{isbn13}` and `{isbn}` become the ISBN-13, `{isbn10}` its ISBN-10,
 * `{gtin}` its GTIN or else its ISBN-13. null when the template needs an ISBN the edition does not have (a product
 * with only a GTIN), or an ISBN-10 (979-): the store cannot be asked for it, as one that does not sell the format.
 */
export function expandProductUrl(template: string, edition: string | ProductIdentifiers): string | null {
  const { isbn13, gtin } = typeof edition === 'string' ? { isbn13: edition, gtin: null } : edition;
  if (isbn13 === null && ISBN_PLACEHOLDERS.some((p) => template.includes(p))) return null;
  let isbn10: string | null | undefined;
  if (template.includes('{isbn10}')) {
    isbn10 = isbn10Of(isbn13 ?? '');
    if (isbn10 === null) return null;
  }
  const isbn = isbn13 ?? '';
  return template
    .replaceAll('{isbn13}', isbn)
    .replaceAll('{isbn}', isbn)
    .replaceAll('{isbn10}', isbn10 ?? '')
    .replaceAll(GTIN_PLACEHOLDER, gtin ?? isbn);
}
