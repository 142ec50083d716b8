import { toCandidate } from './candidate.js';
import { decodeImportText } from './decode-text.js';
import type { ImportCandidate } from './import-candidate.js';
import type { ImportFormat } from './import-format.js';
import type { ImportLayout } from './import-layout.js';
import { readImportText } from './import-readings.js';
import { readIdentifiers } from './isbn-cells.js';
import { readMaxPrice } from './max-price-cells.js';
import type { RowReading } from './row-reading.js';
import { shorten } from './text-cells.js';
import type { ImportSeries } from './title-series.js';

// The types callers outside the import need, from the module they call.
export type { ImportCandidate, ImportFormat, ImportLayout, ImportSeries };

/**
 * Wish import, the pure half: bytes in, the rows worth matching out, each with everything its export says
 * about the book and a line number, so the response can say which line did what. Matching against the
 * catalogue, creating books and wishes happen elsewhere.
 *
 * Rules:
 * - the header (first non-blank line) decides the layout — or, for a JSON file, its structure; none
 *   recognised → ValidationError on `file`;
 * - only wanted rows go further (each layout's own shelf, status, collection or tag column says which: see
 *   docs/import-formats.md; every plain row is wanted); the others are counted in `skipped`;
 * - a wanted row is a candidate when it has a valid ISBN, a valid GTIN in a barcode column (EAN, UPC, GTIN: a
 *   product without an ISBN) or a title (an invalid ISBN or GTIN beside a title still leaves the title to match by);
 *   with none it is `invalid` ("no ISBN and no title", naming the cells that are no ISBN or GTIN);
 * - a plain row with a bad `max_price`/`currency` is `invalid`, never half-imported without its ceiling;
 * - rows whose cells are all blank (spreadsheets leave `,,,,` lines) are ignored, not reported;
 * - `line` is the physical line a CSV row starts on; for a JSON file it is the entry's position (1-based).
 */

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

/** Some consecutive rows of a file, read: what `ParsedWishImport` says of the whole file, for these rows. */
export type ParsedWishImportChunk = Omit<ParsedWishImport, 'layout'>;

/** A file whose layout is known, read a chunk of rows at a time. */
export interface WishImportRows {
  layout: ImportLayout;
  /** Non-blank rows after the header (JSON: entries), wanted or not. */
  rowCount: number;
  /** The rows in file order, at most `size` rows (wanted or not) to a chunk; only the chunk in hand is held. */
  chunks(size: number): Generator<ParsedWishImportChunk>;
}

/** The whole file at once (tests, and anything that reads a small file). */
export function parseWishImport(bytes: Uint8Array): ParsedWishImport {
  const rows = openWishImport(bytes);
  const result: ParsedWishImport = { layout: rows.layout, candidates: [], invalid: [], skipped: 0 };
  for (const chunk of rows.chunks(Number.MAX_SAFE_INTEGER)) {
    result.candidates.push(...chunk.candidates);
    result.invalid.push(...chunk.invalid);
    result.skipped += chunk.skipped;
  }
  return result;
}

/** Tells the layout and counts the rows (a refused header throws here); the rows are read when chunks are asked for. */
export function openWishImport(bytes: Uint8Array): WishImportRows {
  const { layout, rowCount, readings } = readImportText(decodeImportText(bytes));
  return {
    layout,
    rowCount,
    *chunks(size: number) {
      let chunk: ParsedWishImportChunk = { candidates: [], invalid: [], skipped: 0 };
      let rows = 0;
      for (const { line, reading } of readings()) {
        readRow(line, reading, chunk);
        rows += 1;
        if (rows === size) {
          yield chunk;
          chunk = { candidates: [], invalid: [], skipped: 0 };
          rows = 0;
        }
      }
      if (rows > 0) yield chunk;
    },
  };
}

function readRow(line: number, reading: RowReading, result: ParsedWishImportChunk): void {
  if (reading.kind === 'unwanted') {
    result.skipped += 1;
    return;
  }
  if (reading.kind === 'unreadable') {
    result.invalid.push({ line, message: reading.message });
    return;
  }
  const { fields } = reading;
  const { isbns, gtins, rejected, barcodeRejected } = readIdentifiers(fields.isbnCells, fields.barcodeCells);
  if (isbns.length === 0 && gtins.length === 0 && fields.title === null) {
    const quoted = rejected.map((cell) => `"${shorten(cell)}"`).join(', ');
    const what = rejected.length === 1 ? (barcodeRejected ? 'is not an ISBN or GTIN' : 'is not an ISBN') : barcodeRejected ? 'are not ISBNs or GTINs' : 'are not ISBNs';
    const why = rejected.length === 0 ? '' : ` (${quoted} ${what})`;
    result.invalid.push({ line, message: `no ISBN and no title${why}` });
    return;
  }
  const price = fields.maxPrice ? readMaxPrice(fields.maxPrice.amount, fields.maxPrice.currency) : null;
  if (price && !price.ok) {
    result.invalid.push({ line, message: price.message });
    return;
  }
  result.candidates.push(toCandidate(line, fields, isbns, gtins[0] ?? null, price?.maxPrice ?? null));
}
