// Open Library's Books API as the demonstration server answers it: `jscmd=data` (the cleaned record), `jscmd=details`
// (the raw edition with author names) and the default view API, keyed by the bibkeys as asked. The shapes follow the
// API's documentation and the answers of openlibrary.org; the books are the demonstration catalogue's.
import { Isbn } from '../../../domain/catalog/isbn.js';
import { marcCodeOf } from '../../../domain/reference/marc-languages.js';
import type { DemoSourceView } from './demo-metadata-catalogue.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const PHYSICAL_FORMATS = { paperback: 'Paperback', hardcover: 'Hardcover', ebook: 'ebook', audiobook: 'Audio CD' } as const;

/** The ISBN-13 a bibkey names ("ISBN:9780…", "isbn:0…", "9780…"), or null for other keys and bad ISBNs. */
export function isbnOfBibkey(bibkey: string): string | null {
  const match = /^(?:isbn:?)?([\dXx-]{10,17})$/i.exec(bibkey.trim());
  return match?.[1] ? (Isbn.tryParse(match[1])?.isbn13 ?? null) : null;
}

export function openLibraryEntry(jscmd: string, bibkey: string, view: DemoSourceView, baseUrl: string): Record<string, unknown> {
  switch (jscmd) {
    case 'data':
      return dataEntry(view, baseUrl);
    case 'details':
      return { ...viewEntry(bibkey, view, baseUrl), details: detailsRecord(view) };
    default:
      return viewEntry(bibkey, view, baseUrl);
  }
}

function dataEntry(view: DemoSourceView, baseUrl: string): Record<string, unknown> {
  const { book } = view;
  const key = editionKey(book.isbn13);
  const isbn10 = Isbn.parse(book.isbn13).isbn10;
  return withoutEmpty({
    url: `${baseUrl}${key}/${slug(book.title)}`,
    key,
    title: book.title,
    subtitle: book.subtitle,
    authors: book.authors.map((name, i) => ({
      url: `${baseUrl}${authorKey(name)}/${slug(name)}`,
      name: i === 0 && view.altSpelling ? lastFirst(name) : name,
    })),
    number_of_pages: view.withoutPages ? null : book.pages,
    identifiers: withoutEmpty({ isbn_10: isbn10 ? [isbn10] : [], isbn_13: [book.isbn13], openlibrary: [key.split('/').pop()] }),
    publishers: [{ name: book.publisher }],
    publish_date: publishDate(view),
    cover: view.withoutCover ? null : coverUrls(book.isbn13, baseUrl),
  });
}

function detailsRecord(view: DemoSourceView): Record<string, unknown> {
  const { book } = view;
  const isbn10 = Isbn.parse(book.isbn13).isbn10;
  const marc = marcCodeOf(book.languageCode);
  return withoutEmpty({
    type: { key: '/type/edition' },
    key: editionKey(book.isbn13),
    title: book.title,
    subtitle: book.subtitle,
    authors: book.authors.map((name) => ({ key: authorKey(name), name })),
    publishers: [book.publisher],
    publish_date: publishDate(view),
    number_of_pages: view.withoutPages ? null : book.pages,
    isbn_10: isbn10 ? [isbn10] : [],
    isbn_13: [book.isbn13],
    languages: marc ? [{ key: `/languages/${marc}` }] : [],
    physical_format: view.withoutSecondaryField ? null : PHYSICAL_FORMATS[book.format],
    works: [{ key: workKey(book.isbn13) }],
  });
}

function viewEntry(bibkey: string, view: DemoSourceView, baseUrl: string): Record<string, unknown> {
  const url = `${baseUrl}${editionKey(view.book.isbn13)}/${slug(view.book.title)}`;
  return withoutEmpty({
    bib_key: bibkey,
    info_url: url,
    preview: 'noview',
    preview_url: url,
    thumbnail_url: view.withoutCover ? null : coverUrls(view.book.isbn13, baseUrl).small,
  });
}

/** The spellings Open Library's records use, one per book: "2019", "October 1, 2019", "Oct 01, 2019", "c2019". */
export function publishDate({ book, dateStyle }: DemoSourceView): string {
  const month = MONTHS[book.month - 1] ?? 'January';
  switch (dateStyle) {
    case 1:
      return `${month} ${book.day}, ${book.year}`;
    case 2:
      return `${month.slice(0, 3)} ${String(book.day).padStart(2, '0')}, ${book.year}`;
    case 3:
      return `c${book.year}`;
    default:
      return String(book.year);
  }
}

function coverUrls(isbn13: string, baseUrl: string): { small: string; medium: string; large: string } {
  return { small: `${baseUrl}/covers/${isbn13}-S.svg`, medium: `${baseUrl}/covers/${isbn13}-M.svg`, large: `${baseUrl}/covers/${isbn13}-L.svg` };
}

export function editionKey(isbn13: string): string {
  return `/books/OL${(Number(isbn13.slice(3, 12)) % 40_000_000) + 1}M`;
}

/** Each demonstration book is its own work, with this one edition. */
export function workKey(isbn13: string): string {
  return editionKey(isbn13).replace('/books/', '/works/').replace(/M$/, 'W');
}

export function authorKey(name: string): string {
  let n = 7;
  for (const char of name) n = (n * 31 + char.charCodeAt(0)) % 9_000_000;
  return `/authors/OL${n + 1}A`;
}

function lastFirst(name: string): string {
  const parts = name.split(' ');
  return parts.length < 2 ? name : `${parts.slice(-1).join('')}, ${parts.slice(0, -1).join(' ')}`;
}

function slug(text: string): string {
  return text.replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_|_$/g, '');
}

/** Open Library leaves out empty values (null, "", [], {}). */
export function withoutEmpty(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).filter(([, v]) => v !== null && v !== '' && !(Array.isArray(v) && v.length === 0) && !(typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0)),
  );
}
