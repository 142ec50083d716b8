import type { CsvLayout } from './import-layout.js';
import type { RowReader } from './row-reading.js';
import { readBookwyrmRow } from './rows/bookwyrm-row.js';
import { readCalibreRow } from './rows/calibre-row.js';
import { readGoodreadsRow } from './rows/goodreads-row.js';
import { readHardcoverRow } from './rows/hardcover-row.js';
import { readLibraryThingLegacyRow, readLibraryThingRow } from './rows/librarything-row.js';
import { readOpenLibraryRow } from './rows/openlibrary-row.js';
import { readOpenreadsRow } from './rows/openreads-row.js';
import { readPlainRow } from './rows/plain-row.js';
import { readStorygraphRow } from './rows/storygraph-row.js';

/** How each CSV layout reads a row: which rows are wishes, and which columns say what. */
export const ROW_READERS: Readonly<Record<CsvLayout, RowReader>> = {
  goodreads: readGoodreadsRow,
  storygraph: readStorygraphRow,
  librarything: readLibraryThingRow,
  'librarything-legacy': readLibraryThingLegacyRow,
  openlibrary: readOpenLibraryRow,
  bookwyrm: readBookwyrmRow,
  hardcover: readHardcoverRow,
  calibre: readCalibreRow,
  openreads: readOpenreadsRow,
  plain: readPlainRow,
};
