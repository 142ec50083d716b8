import { splitNames } from '../author-names.js';
import { pagesOf } from '../numbers.js';
import { rowFields, shelfKey, whenWanted, type RowReader } from '../row-reading.js';
import { cleanText } from '../text-cells.js';

/** BookWyrm's CSV export: the wish list is the shelf whose identifier is "to-read"; authors are comma-separated. */
export const readBookwyrmRow: RowReader = (cells, columns) => {
  const cell = (name: string): string | undefined => columns.cell(cells, name);
  return whenWanted(cell('shelf'), 'shelf', (shelf) => shelfKey(shelf) === 'toread', () =>
    rowFields({
      isbnCells: [cell('isbn_13'), cell('isbn_10')],
      title: cleanText(cell('title')),
      authors: splitNames(cell('author_text')),
      pages: pagesOf(cell('pages')),
    }),
  );
};
