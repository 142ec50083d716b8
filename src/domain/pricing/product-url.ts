import { isbn10Of } from '../catalog/isbn10.js';

/** The ISBN placeholders a product URL template may use; at least one must appear. */
export const ISBN_PLACEHOLDERS = ['{isbn13}', '{isbn}', '{isbn10}'] as const;

/**
 * The product URL of an edition at a store: `{isbn13}` and `{isbn}` become the ISBN-13, `{isbn10}` its ISBN-10.
 * null when the template needs an ISBN-10 the edition does not have (979-): the store cannot be asked for it.
 */
export function expandProductUrl(template: string, isbn13: string): string | null {
  let isbn10: string | null | undefined;
  if (template.includes('{isbn10}')) {
    isbn10 = isbn10Of(isbn13);
    if (isbn10 === null) return null;
  }
  return template.replaceAll('{isbn13}', isbn13).replaceAll('{isbn}', isbn13).replaceAll('{isbn10}', isbn10 ?? '');
}
