import { ValidationError } from '../../shared/domain-error.js';
import type { CsvLayout } from './import-layout.js';
import { PLAIN_IDENTIFIER_NAMES } from './plain-columns.js';

/**
 * Which export a file is, told from its header alone (the user never has to say). Each layout lists the
 * columns it cannot do without (any one name of a group will do); the most specific layouts are tried first,
 * because most exports also have an `ISBN` column and would otherwise pass for a plain CSV. Last comes the plain
 * CSV: any header naming an ISBN, ISBN-13, EAN, UPC, GTIN or barcode column (`PLAIN_COLUMNS`), whoever wrote it.
 */
const REQUIRED_COLUMNS: ReadonlyArray<readonly [CsvLayout, readonly (readonly string[])[]]> = [
  ['goodreads', [['book id'], ['title'], ['author'], ['isbn'], ['isbn13'], ['exclusive shelf']]],
  ['storygraph', [['title'], ['authors'], ['isbn/uid'], ['read status']]],
  ['hardcover', [['title'], ['author'], ['status'], ['hardcover book id']]],
  ['openlibrary', [['work id'], ['bookshelf']]],
  ['bookwyrm', [['title'], ['author_text'], ['remote_id'], ['shelf']]],
  ['openreads', [['title'], ['author'], ['status'], ['olid']]],
  ['calibre', [['title'], ['authors'], ['author_sort', 'title_sort', 'uuid', 'series_index', 'identifiers']]],
  ['librarything', [['title'], ['primary author'], ['collections'], ['isbn', 'isbns']]],
  ['librarything-legacy', [['title'], ['author (first, last)', 'author (last, first)'], ['isbn', 'isbns']]],
];

export interface DetectedLayout {
  layout: CsvLayout;
  columns: ColumnIndex;
}

/** Header names → positions, looked up by normalised name, so `ISBN`, ` isbn ` and `Isbn` are one column. */
export class ColumnIndex {
  private readonly positions = new Map<string, number>();
  /** The same, by `compactHeaderName`: for files whose columns are known only by their common names. */
  private readonly compactPositions = new Map<string, number>();

  constructor(header: readonly string[]) {
    header.forEach((name, position) => {
      const key = normaliseHeaderName(name);
      // The first of two same-named columns wins, as a reader scanning left to right would expect.
      if (key !== '' && !this.positions.has(key)) this.positions.set(key, position);
      const compact = compactHeaderName(name);
      if (compact !== '' && !this.compactPositions.has(compact)) this.compactPositions.set(compact, position);
    });
  }

  /** Whether the header has a column of one of these compacted names. */
  hasCompact(names: readonly string[]): boolean {
    return names.some((name) => this.compactPositions.has(name));
  }

  /** Like `cell`, by compacted names (`compactHeaderName`). */
  compactCell(cells: readonly string[], names: readonly string[]): string | undefined {
    for (const name of names) {
      const position = this.compactPositions.get(name);
      if (position !== undefined) return cells[position];
    }
    return undefined;
  }

  has(...names: string[]): boolean {
    return names.some((name) => this.positions.has(name));
  }

  /**
   * The cell under the first of `names` the header has; undefined when the header lacks them all or the row is
   * too short to reach the column (rows with a wrong cell count are read as far as they go).
   */
  cell(cells: readonly string[], ...names: string[]): string | undefined {
    for (const name of names) {
      const position = this.positions.get(name);
      if (position !== undefined) return cells[position];
    }
    return undefined;
  }
}

/**
 * Lower case, trimmed, inner whitespace collapsed, free of BOMs that survived a double encoding, and of the
 * single quotes LibraryThing's older export puts around every name ('TITLE').
 */
export function normaliseHeaderName(name: string): string {
  const bare = name
    .replace(/^(?:\uFEFF|\u00EF\u00BB\u00BF)+/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return bare.replace(/^'(.*)'$/, '$1').trim().toLowerCase();
}

/** `normaliseHeaderName` with everything but letters and digits dropped: `ISBN-13`, `isbn_13`, `ISBN 13` → `isbn13`. */
export function compactHeaderName(name: string): string {
  return normaliseHeaderName(name).replace(/[^\p{L}\p{N}]/gu, '');
}

export function detectLayout(header: readonly string[]): DetectedLayout {
  const columns = new ColumnIndex(header);
  for (const [layout, required] of REQUIRED_COLUMNS) {
    if (required.every((alternatives) => columns.has(...alternatives))) return { layout, columns };
  }
  if (columns.hasCompact(PLAIN_IDENTIFIER_NAMES)) return { layout: 'plain', columns };
  throw unrecognisedFile('the first line is not a header this import understands');
}

export function unrecognisedFile(why: string): ValidationError {
  return new ValidationError(`The file has no recognisable header: ${why}`, [
    {
      field: 'file',
      message:
        'expected a CSV whose header has an "isbn", "isbn13", "ean", "upc" or "gtin" column (optional "title", "author", "max_price", ' +
        '"currency"), ' +
        'or an unmodified export of Goodreads, StoryGraph, LibraryThing (CSV, tab-separated or JSON), ' +
        'Open Library, BookWyrm, Hardcover, Calibre or Openreads',
    },
  ]);
}
