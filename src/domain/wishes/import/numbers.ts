import { EARLIEST_PUBLISHED_YEAR } from '../../catalog/edition-draft.js';
import { cleanText } from './text-cells.js';

/** Years past this are typos or placeholders; the catalogue checks the real bound (two years ahead). */
const LATEST_PLAUSIBLE_YEAR = 2100;
const MOST_PAGES = 100_000;

/**
 * The year of a date or year cell, whatever its shape: "1965", "2024/01/15", "2019-03-05T01:00:00+01:00",
 * "[1979]". Null when there is none or it cannot be a printed book's (Calibre writes "0101-01-01" for none).
 */
export function yearOf(...cells: ReadonlyArray<string | undefined>): number | null {
  for (const cell of cells) {
    // The first four-digit number that can be a year: "0101-01-01 2019" and "ISBN 9780 (1997)" find their year.
    for (const match of (cleanText(cell) ?? '').matchAll(/(?<!\d)(\d{4})(?!\d)/g)) {
      const year = Number(match[1]);
      if (year >= EARLIEST_PUBLISHED_YEAR && year <= LATEST_PLAUSIBLE_YEAR) return year;
    }
  }
  return null;
}

/** The page count of "412", "256 ", "590 p." or "xii, 256 pages"; null for none, zero or nonsense. */
export function pagesOf(cell: string | number | undefined): number | null {
  const match = /(?<![\d.])(\d{1,6})(?![\d.])/.exec(cleanText(cell === undefined ? undefined : String(cell)) ?? '');
  const pages = match ? Number(match[1]) : 0;
  return pages > 0 && pages < MOST_PAGES ? pages : null;
}
