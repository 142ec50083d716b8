import type { ImportFormat } from './import-format.js';
import type { ColumnIndex } from './layouts.js';
import type { ImportSeries } from './title-series.js';

/** What one row (or JSON entry) says, before ISBNs, title suffix and prices are validated. */
export interface RowFields {
  /** The cells that may hold ISBNs, best first. */
  isbnCells: Array<string | undefined>;
  /**
   * The cells of barcode columns (EAN, UPC, GTIN), best first: they may hold an ISBN, or the GTIN of a product
   * without one (a comic, an audio CD, a board game). Empty for a layout whose export has none.
   */
  barcodeCells: Array<string | undefined>;
  /** As written, series suffix included. */
  title: string | null;
  /** The series named in a column of the layout's own (not in the title); null when it has none. */
  series: ImportSeries | null;
  /** "First Last", primary author first; may repeat a name, the candidate drops repeats. */
  authors: string[];
  format: ImportFormat | null;
  languageCode: string | null;
  publisher: string | null;
  year: number | null;
  pages: number | null;
  /** Plain CSV only: the raw `max_price` and `currency` cells. */
  maxPrice: { amount: string | undefined; currency: string | undefined } | null;
}

export type RowReading =
  | { kind: 'wanted'; fields: RowFields }
  /** On a shelf that is not a wish (read, currently reading, owned…): counted, not reported. */
  | { kind: 'unwanted' }
  /** Too short to reach the column that says whether the row is wanted, or not a book at all. */
  | { kind: 'unreadable'; message: string };

/** Fields with everything the layout does not say left empty. */
export function rowFields(said: Partial<RowFields> & Pick<RowFields, 'isbnCells' | 'title'>): RowFields {
  return {
    barcodeCells: [],
    series: null,
    authors: [],
    format: null,
    languageCode: null,
    publisher: null,
    year: null,
    pages: null,
    maxPrice: null,
    ...said,
  };
}

/** Reads the row only when `cell` (its shelf, status or collection) says it is a wish. */
export function whenWanted(
  cell: string | undefined,
  columnName: string,
  isWanted: (cell: string) => boolean,
  fields: () => RowFields,
): RowReading {
  if (cell === undefined) return { kind: 'unreadable', message: `the row ends before the "${columnName}" column` };
  return isWanted(cell) ? { kind: 'wanted', fields: fields() } : { kind: 'unwanted' };
}

/** Shelf and status names compared without case, spaces, hyphens or underscores: "To-Read" = "to read". */
export function shelfKey(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

/** Shelves, collections and tags that mean "I want this book", as `shelfKey` writes them. */
const WISH_LIST_NAMES = new Set(['toread', 'wanttoread', 'wishlist', 'tbr']);

/** A list cell ("Your library, To read"; "fantasy|||||wishlist") naming at least one wish list. */
export function namesWishList(cell: string, separator: RegExp = /[,;|]/): boolean {
  return cell.split(separator).some((name) => WISH_LIST_NAMES.has(shelfKey(name)));
}

/** Reads one CSV row of a layout; `columns` finds its cells by header name. */
export type RowReader = (cells: readonly string[], columns: ColumnIndex) => RowReading;
