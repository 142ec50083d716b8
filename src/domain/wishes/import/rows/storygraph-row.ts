import { splitNames } from '../author-names.js';
import { formatOf } from '../book-format.js';
import { rowFields, shelfKey, whenWanted, type RowReader } from '../row-reading.js';
import { cleanText } from '../text-cells.js';

/**
 * StoryGraph: the wish list is the "to-read" status. "Authors" lists every author in one cell; translators and
 * narrators are in "Contributors", which is not read. "ISBN/UID" holds StoryGraph's own id when it has no ISBN.
 */
export const readStorygraphRow: RowReader = (cells, columns) => {
  const cell = (name: string): string | undefined => columns.cell(cells, name);
  return whenWanted(cell('read status'), 'Read Status', (status) => shelfKey(status) === 'toread', () =>
    rowFields({
      isbnCells: [cell('isbn/uid')],
      title: cleanText(cell('title')),
      authors: splitNames(cell('authors')),
      format: formatOf(cell('format')),
    }),
  );
};
