// A Google Books volumes search as BookMetadata. For a lookup (`q=isbn:…`) the search may answer volumes of other
// editions, so a volume counts only when its industryIdentifiers hold the ISBN asked (as ISBN_13, or as ISBN_10 for a
// 978 ISBN). For a title search every volume with an ISBN counts, under its ISBN-13 (or its ISBN-10's). Google's
// printType says BOOK or MAGAZINE only, not the binding: the format stays unknown.
import type { BookMetadata } from '../../application/catalog/ports/book-metadata-source.js';
import { Isbn } from '../../domain/catalog/isbn.js';
import { authorNames, cleanText, languageCodeOf, pageCountOf, publishedYearOf, webUrlOf } from './metadata-fields.js';

export const GOOGLE_BOOKS = 'google-books';

/** The edition with this ISBN among the answer's volumes; null when none has it (or has a title). */
export function googleBooksBook(isbn13: string, body: unknown): BookMetadata | null {
  const items = isRecord(body) && Array.isArray(body.items) ? body.items : [];
  const isbn10 = Isbn.tryParse(isbn13)?.isbn10 ?? null;
  for (const item of items) {
    const info = isRecord(item) && isRecord(item.volumeInfo) ? item.volumeInfo : null;
    if (info === null || info.printType === 'MAGAZINE' || !identifies(info.industryIdentifiers, isbn13, isbn10)) continue;
    const book = volumeBook(isbn13, info);
    if (book) return book;
  }
  return null;
}

/** Every volume of a title search that has an ISBN, in Google's order, each ISBN once; null for an answer that is not
 * an object. Google answers volumes, not works: several may be editions of one book. */
export function googleBooksSearchEditions(body: unknown): BookMetadata[] | null {
  if (!isRecord(body)) return null;
  const editions: BookMetadata[] = [];
  for (const item of Array.isArray(body.items) ? body.items : []) {
    const info = isRecord(item) && isRecord(item.volumeInfo) ? item.volumeInfo : null;
    if (info === null || info.printType === 'MAGAZINE') continue;
    const isbn13 = isbn13Of(info.industryIdentifiers);
    const book = isbn13 === null || editions.some((e) => e.isbn13 === isbn13) ? null : volumeBook(isbn13, info);
    if (book) editions.push(book);
  }
  return editions;
}

function volumeBook(isbn13: string, info: Record<string, unknown>): BookMetadata | null {
  const title = cleanText(info.title);
  if (title === null) return null;
  const images = isRecord(info.imageLinks) ? info.imageLinks : {};
  return {
    isbn13,
    title,
    subtitle: cleanText(info.subtitle),
    authors: authorNames(Array.isArray(info.authors) ? info.authors : []),
    publisher: cleanText(info.publisher),
    publishedYear: publishedYearOf(info.publishedDate),
    pages: pageCountOf(info.pageCount),
    languageCode: languageCodeOf(info.language),
    format: null,
    coverUrl: secureGoogleImage(webUrlOf(images.thumbnail) ?? webUrlOf(images.smallThumbnail)),
    source: GOOGLE_BOOKS,
  };
}

/** The volume's valid ISBN_13, else its valid ISBN_10 as an ISBN-13; null when it has neither (OTHER ids only). */
function isbn13Of(identifiers: unknown): string | null {
  const entries = Array.isArray(identifiers) ? identifiers.filter(isRecord) : [];
  const parsed = (type: string) =>
    entries.flatMap((e) => (e.type === type && typeof e.identifier === 'string' ? [Isbn.tryParse(e.identifier)?.isbn13 ?? null] : [])).find((i) => i !== null);
  return parsed('ISBN_13') ?? parsed('ISBN_10') ?? null;
}

function identifies(identifiers: unknown, isbn13: string, isbn10: string | null): boolean {
  if (!Array.isArray(identifiers)) return false;
  return identifiers.some((entry) => {
    if (!isRecord(entry) || typeof entry.identifier !== 'string') return false;
    const value = entry.identifier.replace(/[\s-]/g, '').toUpperCase();
    return (entry.type === 'ISBN_13' && value === isbn13) || (entry.type === 'ISBN_10' && value === isbn10);
  });
}

/** Google answers its cover links as http://books.google.…; the same image is served over https (no mixed content). */
function secureGoogleImage(url: string | null): string | null {
  if (url === null) return null;
  const parsed = new URL(url);
  if (parsed.protocol === 'http:' && /(^|\.)books\.google\.[a-z.]+$/.test(parsed.hostname)) parsed.protocol = 'https:';
  return parsed.toString();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
