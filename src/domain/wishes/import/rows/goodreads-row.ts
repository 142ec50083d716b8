import { authorFromLastFirst, splitNames } from '../author-names.js';
import { formatOf } from '../book-format.js';
import { pagesOf, yearOf } from '../numbers.js';
import { rowFields, shelfKey, whenWanted, type RowReader } from '../row-reading.js';
import { cleanText } from '../text-cells.js';

/** Goodreads, both the 24-column export and the older 31-column one: the wish list is the "to-read" shelf. */
export const readGoodreadsRow: RowReader = (cells, columns) => {
  const cell = (name: string): string | undefined => columns.cell(cells, name);
  return whenWanted(cell('exclusive shelf'), 'Exclusive Shelf', (shelf) => shelfKey(shelf) === 'toread', () => {
    const primary = cleanText(cell('author')) ?? authorFromLastFirst(cell('author l-f'));
    return rowFields({
      // ISBN13 first: it is the identifier the catalogue stores; ISBN (10) usually names the same edition.
      isbnCells: [cell('isbn13'), cell('isbn')],
      title: cleanText(cell('title')),
      authors: [...(primary === null ? [] : [primary]), ...splitNames(cell('additional authors'))],
      format: formatOf(cell('binding')),
      publisher: cleanText(cell('publisher')),
      // "Year Published" is this edition's. "Original Publication Year" is the work's first: never an edition's year
      // (a 1954 year on an ISBN edition would also stop the enrichment from finding the real one).
      year: yearOf(cell('year published')),
      pages: pagesOf(cell('number of pages')),
    });
  });
};
