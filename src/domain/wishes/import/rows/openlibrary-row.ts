import { splitNames } from '../author-names.js';
import { yearOf } from '../numbers.js';
import { rowFields, shelfKey, whenWanted, type RowReader } from '../row-reading.js';
import { cleanText } from '../text-cells.js';

/**
 * Open Library's reading log: the wish list is the "Want to Read" bookshelf. The export names works, not
 * editions: no ISBN, so these rows are matched by title; authors are separated by " | ".
 */
export const readOpenLibraryRow: RowReader = (cells, columns) => {
  const cell = (name: string): string | undefined => columns.cell(cells, name);
  return whenWanted(cell('bookshelf'), 'Bookshelf', (shelf) => shelfKey(shelf) === 'wanttoread', () =>
    rowFields({
      isbnCells: [],
      title: cleanText(cell('title')),
      authors: splitNames(cell('authors'), '|'),
      year: yearOf(cell('first publish year')),
    }),
  );
};
