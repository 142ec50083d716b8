import { splitNames } from '../author-names.js';
import { formatOf } from '../book-format.js';
import { languageCodeOf } from '../language-codes.js';
import { pagesOf, yearOf } from '../numbers.js';
import { namesWishList, rowFields, whenWanted, type RowReader } from '../row-reading.js';
import { cleanText } from '../text-cells.js';
import { readSeriesCell } from '../title-series.js';

/**
 * Calibre's CSV catalogue has no shelf: a book is a wish when one of its tags names a wish list ("to-read",
 * "want to read", "wishlist", "tbr"). Authors are joined with " & "; "formats" lists the files the library
 * holds (epub, mp3…), which is the only hint of a format it gives.
 */
export const readCalibreRow: RowReader = (cells, columns) => {
  const cell = (name: string): string | undefined => columns.cell(cells, name);
  // A catalogue exported without its tags column has no wish in it (rather than rows too short to read).
  const tags = columns.has('tags') ? cell('tags') : '';
  return whenWanted(tags, 'tags', (tags) => namesWishList(tags), () =>
    rowFields({
      isbnCells: [cell('isbn'), identifiersOf(cell('identifiers'), 'isbn')],
      barcodeCells: [identifiersOf(cell('identifiers'), 'ean|upc|gtin')],
      title: cleanText(cell('title')),
      series: readSeriesCell(cell('series'), cell('series_index')),
      authors: splitNames(cell('authors'), /\s&\s/),
      format: formatOf(cell('formats')),
      languageCode: languageCodeOf(cell('languages')),
      publisher: cleanText(cell('publisher')),
      year: yearOf(cell('pubdate')),
      pages: pagesOf(cell('#pages') ?? cell('pages')),
    }),
  );
};

/**
 * "goodreads:39077187,isbn:9780756411800" → "9780756411800" for `isbn`: the values of the identifiers of those kinds
 * (a regex alternation of names), joined; the other identifiers are store and site numbers.
 */
function identifiersOf(cell: string | undefined, kinds: string): string | undefined {
  const values = [...(cell ?? '').matchAll(new RegExp(`\\b(?:${kinds}):([\\dXx-]+)`, 'gi'))].map((match) => match[1]);
  return values.length > 0 ? values.join(',') : undefined;
}
