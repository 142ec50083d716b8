import { authorFromLastFirst, isAuthorRole } from './author-names.js';
import { formatOf } from './book-format.js';
import { decodeHtmlEntities } from './html-entities.js';
import { topLevelKeys } from './json-keys.js';
import { languageCodeOf } from './language-codes.js';
import { pagesOf, yearOf } from './numbers.js';
import { readPublication } from './publication.js';
import { namesWishList, rowFields, type RowReading } from './row-reading.js';
import { cleanText } from './text-cells.js';
import { readSeriesCell } from './title-series.js';

/** One entry of a JSON export, numbered by its position in the file (1-based): JSON has no useful lines. */
export interface JsonEntryReading {
  line: number;
  reading: RowReading;
}

/**
 * LibraryThing's JSON export: an object keyed by book id whose values describe one book each (title,
 * primaryauthor, authors [{lf, fl, role}], isbn {"0": ISBN-10, "2": ISBN-13}, originalisbn, ean, upc, collections,
 * publication, date, format [{code, text}], language, language_codeA, pages, series…). An array of such
 * entries is read too. Answers null when the value is not shaped like that export.
 */
export function readLibraryThingJson(text: string, value: unknown): JsonEntryReading[] | null {
  const entries = entriesOf(text, value);
  if (entries === null) return null;
  return entries.map((entry, index) => ({ line: index + 1, reading: readEntry(entry) }));
}

function entriesOf(text: string, value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value.every(looksLikeBook) ? value : null;
  if (!isRecord(value)) return null;
  const entries = [...new Set(topLevelKeys(text))].map((key) => value[key]);
  return entries.every(looksLikeBook) ? entries : null;
}

function looksLikeBook(entry: unknown): boolean {
  return isRecord(entry) && ('title' in entry || 'books_id' in entry || 'primaryauthor' in entry);
}

function readEntry(entry: unknown): RowReading {
  if (!isRecord(entry)) return { kind: 'unreadable', message: 'the entry is not a book' };
  if (!('collections' in entry)) return { kind: 'unreadable', message: 'the entry has no "collections"' };
  if (!namesWishList(texts(entry.collections).join('|'))) return { kind: 'unwanted' };
  const publication = readPublication(text(entry.publication));
  const isbn = isRecord(entry.isbn) ? entry.isbn : {};
  return {
    kind: 'wanted',
    fields: rowFields({
      // "2" is the ISBN-13 and "0" the ISBN-10 of the copy; "originalisbn" is the ISBN as it was entered.
      isbnCells: [text(isbn['2']), text(isbn['0']), ...texts(entry.isbn), text(entry.originalisbn)],
      // Barcodes of items without an ISBN (comics, music, films, games); a Bookland EAN there is the ISBN again.
      barcodeCells: [...texts(entry.ean), ...texts(entry.upc)],
      title: cleanText(decodeHtmlEntities(text(entry.title) ?? '')),
      series: readSeriesCell(texts(entry.series)[0]),
      authors: authorsOf(entry),
      format: formatOf(...texts(entry.format), publication.details ?? undefined),
      languageCode: languageCodeOf(...texts(entry.language_codeA), ...texts(entry.language)),
      publisher: publication.publisher,
      year: publication.year ?? yearOf(text(entry.date)),
      pages: pagesOf(text(entry.pages)) ?? publication.pages,
    }),
  };
}

/** The primary author first, then every credit whose role is an author's; "fl" is "First Last" already. */
function authorsOf(entry: Record<string, unknown>): string[] {
  const names = [authorFromLastFirst(text(entry.primaryauthor))];
  if (Array.isArray(entry.authors)) {
    for (const credit of entry.authors) {
      if (!isRecord(credit) || !isAuthorRole(text(credit.role))) continue;
      names.push(cleanText(text(credit.fl)) ?? authorFromLastFirst(text(credit.lf)));
    }
  }
  return names.flatMap((name) => {
    const clean = name === null ? null : cleanText(decodeHtmlEntities(name));
    return clean === null ? [] : [clean];
  });
}

/** A string or number as text; anything else (objects, arrays, null) as nothing. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Every text in a value that may be one text, a list of them, a map of them, or a list of {text} objects. */
function texts(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(texts);
  if (isRecord(value)) return 'text' in value ? texts(value.text) : Object.values(value).flatMap(texts);
  const single = text(value);
  return single === undefined ? [] : [single];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
