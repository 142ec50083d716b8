import { splitNames } from '../author-names.js';
import { formatOf } from '../book-format.js';
import { pagesOf, yearOf } from '../numbers.js';
import { rowFields, shelfKey, whenWanted, type RowReader } from '../row-reading.js';
import { cleanText, withSubtitle } from '../text-cells.js';

/** Openreads: the wish list is the "planned" status; a book in the app's bin (deleted = true) is not a wish. */
export const readOpenreadsRow: RowReader = (cells, columns) => {
  const cell = (name: string): string | undefined => columns.cell(cells, name);
  const deleted = shelfKey(cell('deleted') ?? '') === 'true';
  return whenWanted(cell('status'), 'status', (status) => !deleted && shelfKey(status) === 'planned', () =>
    rowFields({
      isbnCells: [cell('isbn')],
      title: withSubtitle(cleanText(cell('title')), cell('subtitle')),
      authors: splitNames(cell('author')),
      format: formatOf(cell('book_format')),
      year: yearOf(cell('publication_year')),
      pages: pagesOf(cell('pages')),
    }),
  );
};
