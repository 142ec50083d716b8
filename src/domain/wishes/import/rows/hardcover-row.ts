import { authorOfCredit, splitNames } from '../author-names.js';
import { formatOf } from '../book-format.js';
import { languageCodeOf } from '../language-codes.js';
import { pagesOf, yearOf } from '../numbers.js';
import { rowFields, shelfKey, whenWanted, type RowReader } from '../row-reading.js';
import { cleanText } from '../text-cells.js';
import { readSeriesCell } from '../title-series.js';

/**
 * Hardcover: the wish list is the "Want to Read" status. "Author" credits everyone, with a role in parentheses
 * for the contributors who are not authors ("Michael Kramer (Narrator)"); "Series" gives positions as "(#1)".
 */
export const readHardcoverRow: RowReader = (cells, columns) => {
  const cell = (name: string): string | undefined => columns.cell(cells, name);
  return whenWanted(cell('status'), 'Status', (status) => shelfKey(status) === 'wanttoread', () =>
    rowFields({
      isbnCells: [cell('isbn 13'), cell('isbn 10')],
      title: cleanText(cell('title')),
      series: readSeriesCell(cell('series')),
      authors: splitNames(cell('author')).flatMap((credit) => authorOfCredit(credit) ?? []),
      format: formatOf(cell('binding'), cell('media')),
      languageCode: languageCodeOf(cell('language code'), cell('language')),
      publisher: cleanText(cell('publisher')),
      year: yearOf(cell('publish date'), cell('release date')),
      pages: pagesOf(cell('pages')),
    }),
  );
};
