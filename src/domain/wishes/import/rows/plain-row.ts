import { rowFields, type RowReader } from '../row-reading.js';
import { cleanText } from '../text-cells.js';

/** A plain CSV is a wish list by definition: every row is wanted, and its author is kept as written. */
export const readPlainRow: RowReader = (cells, columns) => {
  const author = cleanText(columns.cell(cells, 'author'));
  return {
    kind: 'wanted',
    fields: rowFields({
      isbnCells: [columns.cell(cells, 'isbn')],
      title: cleanText(columns.cell(cells, 'title')),
      authors: author === null ? [] : [author],
      maxPrice: { amount: columns.cell(cells, 'max_price', 'max price'), currency: columns.cell(cells, 'currency') },
    }),
  };
};
