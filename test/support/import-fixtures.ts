/**
 * Builders of wish-import files for tests and benchmarks: Goodreads exports of any size, written the way
 * Goodreads writes them (ISBNs as `="..."`, RFC 4180 quoting), without touching the code under test.
 */

/** The current (24-column) Goodreads export header. */
export const GOODREADS_24_HEADER = [
  'Book Id', 'Title', 'Author', 'Author l-f', 'Additional Authors', 'ISBN', 'ISBN13', 'My Rating', 'Average Rating',
  'Publisher', 'Binding', 'Number of Pages', 'Year Published', 'Original Publication Year', 'Date Read', 'Date Added',
  'Bookshelves', 'Bookshelves with positions', 'Exclusive Shelf', 'My Review', 'Spoiler', 'Private Notes', 'Read Count',
  'Owned Copies',
] as const;

/** The older (31-column) Goodreads export header: the 24 columns plus purchase and condition details. */
export const GOODREADS_31_HEADER = [
  ...GOODREADS_24_HEADER.slice(0, 23),
  'Recommended For', 'Recommended By', 'Owned Copies', 'Original Purchase Date', 'Original Purchase Location', 'Condition',
  'Condition Description', 'BCID',
] as const;

export interface GoodreadsRow {
  bookId?: number;
  title: string;
  author?: string;
  /** Digits only, or '' for Goodreads' `=""`. */
  isbn?: string;
  isbn13?: string;
  /** The Exclusive Shelf: 'to-read', 'read', 'currently-reading' or a custom exclusive shelf. */
  shelf: string;
  review?: string;
}

export interface GoodreadsCsvOptions {
  columns?: 24 | 31;
  lineEnding?: '\n' | '\r\n';
  bom?: boolean;
}

/**
 * A Goodreads export as text. `rows` is either the rows to write or a count, in which case
 * `syntheticGoodreadsRows(count)` supplies them (use that function to know what to expect).
 */
export function goodreadsCsv(rows: number | readonly GoodreadsRow[], options: GoodreadsCsvOptions = {}): string {
  const header = options.columns === 31 ? GOODREADS_31_HEADER : GOODREADS_24_HEADER;
  const eol = options.lineEnding ?? '\n';
  const list = typeof rows === 'number' ? syntheticGoodreadsRows(rows) : rows;
  const lines = [header.map(csvCell).join(',')];
  list.forEach((row, index) => {
    const values: Record<string, string> = {
      'Book Id': String(row.bookId ?? 1_000_000 + index),
      Title: row.title,
      Author: row.author ?? '',
      'Author l-f': lastFirst(row.author ?? ''),
      ISBN: `="${row.isbn ?? ''}"`,
      ISBN13: `="${row.isbn13 ?? ''}"`,
      'My Rating': '0',
      'Average Rating': '3.95',
      Binding: 'Paperback',
      'Date Added': '2024/01/15',
      Bookshelves: row.shelf === 'read' ? '' : row.shelf,
      'Bookshelves with positions': row.shelf === 'read' ? '' : `${row.shelf} (#${index + 1})`,
      'Exclusive Shelf': row.shelf,
      'My Review': row.review ?? '',
      'Read Count': row.shelf === 'read' ? '1' : '0',
      'Owned Copies': '0',
    };
    lines.push(header.map((column) => csvCell(values[column] ?? '')).join(','));
  });
  return `${options.bom ? '\uFEFF' : ''}${lines.join(eol)}${eol}`;
}

/**
 * `count` deterministic rows with a bit of everything a real export has: every 4th row is on the `read` shelf,
 * every 10th has no ISBN at all (`=""`), titles carry commas and quotes, every 7th has a two-line review.
 * Row i (0-based) is on physical line 2 + i plus the extra lines of the reviews before it.
 */
export function syntheticGoodreadsRows(count: number): GoodreadsRow[] {
  return Array.from({ length: count }, (_, i) => {
    const withIsbn = i % 10 !== 0;
    const isbn13 = syntheticIsbn13(i);
    return {
      title: `Book ${i}: "A Title", with commas`,
      author: `Author ${i % 97}`,
      isbn: withIsbn ? isbn13to10(isbn13) : '',
      isbn13: withIsbn ? isbn13 : '',
      shelf: i % 4 === 3 ? 'read' : 'to-read',
      ...(i % 7 === 0 ? { review: `First line of review ${i}\nsecond line` } : {}),
    };
  });
}

/** A valid ISBN-13 (978 prefix, so it also has an ISBN-10) built from a serial number. */
export function syntheticIsbn13(serial: number): string {
  const first12 = `978${String(serial).padStart(9, '0')}`;
  const sum = [...first12].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return first12 + String((10 - (sum % 10)) % 10);
}

export function isbn13to10(isbn13: string): string {
  const first9 = isbn13.slice(3, 12);
  const sum = [...first9].reduce((acc, digit, i) => acc + Number(digit) * (10 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return first9 + (check === 10 ? 'X' : String(check));
}

/** Text as the UTF-8 bytes an upload would carry. */
export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function lastFirst(name: string): string {
  const parts = name.trim().split(/\s+/);
  const last = parts.pop() ?? '';
  return parts.length > 0 ? `${last}, ${parts.join(' ')}` : last;
}
