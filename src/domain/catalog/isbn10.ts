import { Isbn } from './isbn.js';

/**
 * The ISBN-10 of a 978- ISBN-13; null for a 979- ISBN, which has none, or for text that is no ISBN-13. Amazon's book
 * pages are addressed by ISBN-10, so a store template that needs one cannot reach 979- editions.
 */
export function isbn10Of(isbn13: string): string | null {
  const digits = isbn13.replace(/[-\s]/g, '');
  return /^\d{13}$/.test(digits) ? (Isbn.tryParse(digits)?.isbn10 ?? null) : null;
}
