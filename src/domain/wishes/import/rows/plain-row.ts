import { PLAIN_COLUMNS } from '../plain-columns.js';
import { rowFields, type RowReader } from '../row-reading.js';
import { cleanText } from '../text-cells.js';

/**
 * A plain CSV is a wish list by definition: every row is wanted (a shelf or rating column of a generic export is not
 * read), and its author is kept as written. Columns are found by their common names (`PLAIN_COLUMNS`).
 */
export const readPlainRow: RowReader = (cells, columns) => {
  const cell = (names: readonly string[]): string | undefined => columns.compactCell(cells, names);
  const author = cleanText(cell(PLAIN_COLUMNS.author));
  return {
    kind: 'wanted',
    fields: rowFields({
      isbnCells: PLAIN_COLUMNS.isbn.map(cell),
      barcodeCells: PLAIN_COLUMNS.barcode.map(cell),
      title: cleanText(cell(PLAIN_COLUMNS.title)),
      authors: author === null ? [] : [author],
      maxPrice: { amount: cell(PLAIN_COLUMNS.maxPrice), currency: cell(PLAIN_COLUMNS.currency) },
    }),
  };
};
