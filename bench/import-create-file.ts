// The file the create-import benchmark sends, and the catalog it must produce: the fixture's synthetic Goodreads
// rows, every one on "to-read", two in three titles given a Goodreads series suffix ("… (Saga 12, #3)"), which the
// import strips before it creates the book.
import { matchKeyOf, normalizeForSearch, searchTextOf } from '../src/domain/shared/search-text.js';
import { goodreadsCsv, type GoodreadsRow, syntheticGoodreadsRows } from '../test/support/import-fixtures.js';

/** A book the file should create, as the rows say it: bare title, its one author, its ISBN-13 (or none). */
export interface ExpectedBook {
  title: string;
  titleSearch: string;
  /** The application's punctuation-folded title key (`matchKeyOf`), stored in book.title_key. */
  titleKey: string;
  author: string;
  isbn13: string | null;
}

export interface ExpectedAuthor {
  name: string;
  nameSearch: string;
}

export interface CreateImportFile {
  csv: Buffer;
  books: ExpectedBook[];
  authors: ExpectedAuthor[];
  composition: {
    rows: number;
    bytes: number;
    withIsbn: number;
    withoutIsbn: number;
    withSeriesSuffix: number;
    distinctAuthors: number;
    withReview: number;
  };
}

/** Series names repeat every SERIES_COUNT rows, so many books share a series, as on a real shelf. */
const SERIES_COUNT = 250;

export function buildCreateImportFile(count: number): CreateImportFile {
  const fixture = syntheticGoodreadsRows(count);
  const rows: GoodreadsRow[] = fixture.map((row, i) => ({ ...row, shelf: 'to-read', title: withSeriesSuffix(row.title, i) }));
  const books = fixture.map((row) => {
    if (!row.author) throw new Error('Every synthetic row needs an author');
    return {
      title: row.title,
      titleSearch: normalizeForSearch(row.title),
      titleKey: matchKeyOf(row.title),
      author: row.author,
      isbn13: row.isbn13 ? row.isbn13 : null,
    };
  });
  // One book per row only when no two rows share a title (rows without an ISBN are keyed by title key + author).
  if (new Set(books.map((b) => b.titleSearch)).size !== books.length) throw new Error('Synthetic titles are not unique once folded');
  if (new Set(books.map((b) => b.titleKey)).size !== books.length) throw new Error('Synthetic titles are not unique once folded past punctuation');
  const authors = [...new Set(books.map((b) => b.author))].map((name) => ({ name, nameSearch: searchTextOf([name]) }));
  const csv = Buffer.from(goodreadsCsv(rows), 'utf8');
  return {
    csv,
    books,
    authors,
    composition: {
      rows: rows.length,
      bytes: csv.length,
      withIsbn: books.filter((b) => b.isbn13 !== null).length,
      withoutIsbn: books.filter((b) => b.isbn13 === null).length,
      withSeriesSuffix: rows.filter((r, i) => r.title !== fixture[i]?.title).length,
      distinctAuthors: authors.length,
      withReview: rows.filter((r) => r.review).length,
    },
  };
}

/** Goodreads' own spelling: "Title (Series Name, #3)". Every third row keeps its bare title. */
function withSeriesSuffix(title: string, i: number): string {
  return i % 3 === 2 ? title : `${title} (Saga ${i % SERIES_COUNT}, #${1 + Math.floor(i / SERIES_COUNT)})`;
}
