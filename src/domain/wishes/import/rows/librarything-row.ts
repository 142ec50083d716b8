import { authorFromLastFirst, isAuthorRole } from '../author-names.js';
import { formatOf } from '../book-format.js';
import { decodeHtmlEntities } from '../html-entities.js';
import { languageCodeOf } from '../language-codes.js';
import { pagesOf, yearOf } from '../numbers.js';
import { readPublication } from '../publication.js';
import { namesWishList, rowFields, whenWanted, type RowReader } from '../row-reading.js';
import { cleanText } from '../text-cells.js';

/**
 * LibraryThing's CSV and tab-separated exports (same columns): a book is a wish when one of its collections is
 * "Wishlist" or "To read". Names are "Last, First"; secondary authors and their roles are lists split by "|",
 * and only those credited as authors (or without a role) count. "Publication" carries the edition's
 * publisher and year; "Date" is the work's first publication.
 */
export const readLibraryThingRow: RowReader = (cells, columns) => {
  const cell = (name: string): string | undefined => columns.cell(cells, name);
  return whenWanted(cell('collections'), 'Collections', (collections) => namesWishList(collections), () => {
    const publication = readPublication(cell('publication'));
    const roles = (cell('secondary author roles') ?? '').split('|');
    const secondary = (cell('secondary author') ?? '')
      .split('|')
      .filter((_, i) => isAuthorRole(roles[i]))
      .map((name) => authorFromLastFirst(name));
    return rowFields({
      // "ISBN" is the copy's own ISBN; "ISBNs" adds the work's other forms of it.
      isbnCells: [cell('isbn'), cell('isbns')],
      // A comic's, a film's or a game's own barcode, when the export has those columns ("Barcode" is the library's
      // copy number, never read).
      barcodeCells: [cell('ean'), cell('upc')],
      title: cleanText(cell('title')),
      authors: [authorFromLastFirst(cell('primary author')), ...secondary].filter((name): name is string => name !== null),
      format: formatOf(cell('media'), publication.details ?? undefined),
      languageCode: languageCodeOf(cell('languages')),
      publisher: publication.publisher,
      year: publication.year ?? yearOf(cell('date')),
      pages: pagesOf(cell('page count')) ?? publication.pages,
    });
  });
};

/**
 * LibraryThing's older CSV export, whose header names are quoted and capitalised ('TITLE', 'AUTHOR (first,
 * last)', 'ISBNs'…) and whose values are HTML-escaped. Wishes are told by 'COLLECTIONS' or, in files written
 * before collections existed, by 'TAGS'.
 */
export const readLibraryThingLegacyRow: RowReader = (cells, columns) => {
  const cell = (...names: string[]): string | undefined => columns.cell(cells, ...names);
  const text = (...names: string[]): string | null => cleanText(decodeHtmlEntities(cell(...names) ?? ''));
  const listColumn = columns.has('collections') ? 'collections' : 'tags';
  const list = columns.has(listColumn) ? cell(listColumn) : '';
  return whenWanted(list, listColumn.toUpperCase(), (names) => namesWishList(decodeHtmlEntities(names)), () => {
    const publication = readPublication(text('publication info', 'publication') ?? undefined);
    const author = text('author (first, last)') ?? authorFromLastFirst(text('author (last, first)') ?? undefined);
    return rowFields({
      isbnCells: [cell('isbn'), cell('isbns')],
      barcodeCells: [cell('ean'), cell('upc')],
      title: text('title'),
      authors: author === null ? [] : [author],
      format: formatOf(cell('media'), publication.details ?? undefined),
      languageCode: languageCodeOf(cell('languages', 'language', 'language 1')),
      publisher: publication.publisher,
      year: publication.year ?? yearOf(cell('date')),
      pages: pagesOf(cell('pages', 'page count')) ?? publication.pages,
    });
  });
};
