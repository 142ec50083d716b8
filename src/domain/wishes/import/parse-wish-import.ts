import { detectDelimiter, parseCsv } from './csv.js';
import { decodeImportText } from './decode-text.js';
import { readIsbns } from './isbn-cells.js';
import { readRow } from './layout-rows.js';
import { detectLayout, unrecognisedFile } from './layouts.js';
import { readMaxPrice } from './max-price-cells.js';
import { shorten } from './text-cells.js';

/**
 * Wish import, the pure half: bytes in, the rows worth matching out, with a line number on everything so the
 * response can say which line did what. Matching against the catalogue and creating wishes happen elsewhere.
 *
 * Rules:
 * - the header (first non-blank line) decides the layout; none recognised → ValidationError on `file`;
 * - only wanted rows go further (Goodreads "to-read" shelf, StoryGraph "to-read" status, LibraryThing
 *   "Wishlist"/"To read" collection, every plain row); the others are counted in `skipped`;
 * - a wanted row is a candidate when it has a valid ISBN or a title (an invalid ISBN beside a title still
 *   leaves the title to match by); with neither it is `invalid` ("no ISBN and no title");
 * - a plain row with a bad `max_price`/`currency` is `invalid`, never half-imported without its ceiling;
 * - rows whose cells are all blank (spreadsheets leave `,,,,` lines) are ignored, not reported.
 */

export type ImportLayout = 'plain' | 'goodreads' | 'storygraph' | 'librarything';

export interface ImportCandidate {
  line: number;
  isbns: string[];
  title: string | null;
  author: string | null;
  maxPrice: { amount: string; currency: string } | null;
}

export interface ImportInvalid {
  line: number;
  message: string;
}

export interface ParsedWishImport {
  layout: ImportLayout;
  candidates: ImportCandidate[];
  invalid: ImportInvalid[];
  skipped: number;
}

export function parseWishImport(bytes: Uint8Array): ParsedWishImport {
  const text = decodeImportText(bytes);
  const { delimiter, hintLine } = detectDelimiter(text);
  const records = parseCsv(text, delimiter);
  if (hintLine) records.shift();
  const [header, ...rows] = records;
  if (!header) throw unrecognisedFile('the file is empty');
  const { layout, columns } = detectLayout(header.cells);

  const result: ParsedWishImport = { layout, candidates: [], invalid: [], skipped: 0 };
  for (const { line, cells } of rows) {
    if (cells.every((cell) => cell.trim() === '')) continue;
    const reading = readRow(layout, cells, columns);
    if (reading.kind === 'unwanted') {
      result.skipped += 1;
      continue;
    }
    if (reading.kind === 'unreadable') {
      result.invalid.push({ line, message: reading.message });
      continue;
    }
    const { fields } = reading;
    const { isbns, rejected } = readIsbns(fields.isbnCells);
    if (isbns.length === 0 && fields.title === null) {
      const quoted = rejected.map((cell) => `"${shorten(cell)}"`).join(', ');
      const why = rejected.length === 0 ? '' : rejected.length === 1 ? ` (${quoted} is not an ISBN)` : ` (${quoted} are not ISBNs)`;
      result.invalid.push({ line, message: `no ISBN and no title${why}` });
      continue;
    }
    const price = fields.maxPrice ? readMaxPrice(fields.maxPrice.amount, fields.maxPrice.currency) : null;
    if (price && !price.ok) {
      result.invalid.push({ line, message: price.message });
      continue;
    }
    result.candidates.push({ line, isbns, title: fields.title, author: fields.author, maxPrice: price?.maxPrice ?? null });
  }
  return result;
}
