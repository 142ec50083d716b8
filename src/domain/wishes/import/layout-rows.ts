import type { ColumnIndex } from './layouts.js';
import type { ImportLayout } from './parse-wish-import.js';
import { authorFromLastFirst, cleanText, firstListedAuthor } from './text-cells.js';

/** What one data row says, before ISBNs and prices are validated. */
export interface RowFields {
  /** The cells that may hold ISBNs, best first. */
  isbnCells: Array<string | undefined>;
  title: string | null;
  author: string | null;
  /** Plain CSV only: the raw `max_price` and `currency` cells. */
  maxPrice: { amount: string | undefined; currency: string | undefined } | null;
}

export type RowReading =
  | { kind: 'wanted'; fields: RowFields }
  /** On a shelf that is not a wish (read, currently reading, owned…): counted, not reported. */
  | { kind: 'unwanted' }
  /** Too short to reach the column that says whether the row is wanted. */
  | { kind: 'unreadable'; message: string };

type RowReader = (cells: readonly string[], columns: ColumnIndex) => RowReading;

/** LibraryThing collections that mean "I want this book", compared without case, spaces or hyphens. */
const WISH_COLLECTIONS = new Set(['wishlist', 'toread']);

const readers: Record<ImportLayout, RowReader> = {
  goodreads: (cells, columns) =>
    whenWanted(columns.cell(cells, 'exclusive shelf'), 'Exclusive Shelf', (shelf) => sameWord(shelf, 'to-read'), () => ({
      // ISBN13 first: it is the identifier the catalogue stores; ISBN (10) usually names the same edition.
      isbnCells: [columns.cell(cells, 'isbn13'), columns.cell(cells, 'isbn')],
      title: cleanText(columns.cell(cells, 'title')),
      author: cleanText(columns.cell(cells, 'author')),
      maxPrice: null,
    })),
  storygraph: (cells, columns) =>
    whenWanted(columns.cell(cells, 'read status'), 'Read Status', (status) => sameWord(status, 'to-read'), () => ({
      isbnCells: [columns.cell(cells, 'isbn/uid')],
      title: cleanText(columns.cell(cells, 'title')),
      author: firstListedAuthor(columns.cell(cells, 'authors')),
      maxPrice: null,
    })),
  librarything: (cells, columns) =>
    whenWanted(columns.cell(cells, 'collections'), 'Collections', isWishCollection, () => ({
      // "ISBN" is the copy's own ISBN; "ISBNs" adds the work's other forms of it.
      isbnCells: [columns.cell(cells, 'isbn'), columns.cell(cells, 'isbns')],
      title: cleanText(columns.cell(cells, 'title')),
      author: authorFromLastFirst(columns.cell(cells, 'primary author')),
      maxPrice: null,
    })),
  // A plain CSV is a wish list by definition: every row is wanted.
  plain: (cells, columns) => ({
    kind: 'wanted',
    fields: {
      isbnCells: [columns.cell(cells, 'isbn')],
      title: cleanText(columns.cell(cells, 'title')),
      author: cleanText(columns.cell(cells, 'author')),
      maxPrice: { amount: columns.cell(cells, 'max_price', 'max price'), currency: columns.cell(cells, 'currency') },
    },
  }),
};

export function readRow(layout: ImportLayout, cells: readonly string[], columns: ColumnIndex): RowReading {
  return readers[layout](cells, columns);
}

function whenWanted(
  cell: string | undefined,
  columnName: string,
  isWanted: (cell: string) => boolean,
  fields: () => RowFields,
): RowReading {
  if (cell === undefined) return { kind: 'unreadable', message: `the row ends before the "${columnName}" column` };
  return isWanted(cell) ? { kind: 'wanted', fields: fields() } : { kind: 'unwanted' };
}

function sameWord(cell: string, word: string): boolean {
  return cell.trim().toLowerCase() === word;
}

function isWishCollection(cell: string): boolean {
  return cell.split(/[,;]/).some((name) => WISH_COLLECTIONS.has(name.toLowerCase().replace(/[\s_-]+/g, '')));
}
