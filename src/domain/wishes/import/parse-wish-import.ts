import { toCandidate } from './candidate.js';
import { decodeImportText } from './decode-text.js';
import type { ImportCandidate } from './import-candidate.js';
import type { ImportFormat } from './import-format.js';
import type { ImportLayout } from './import-layout.js';
import { readImportText } from './import-readings.js';
import { readIsbns } from './isbn-cells.js';
import { readMaxPrice } from './max-price-cells.js';
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
 * - a wanted row is a candidate when it has a valid ISBN or a title (an invalid ISBN beside a title still
 *   leaves the title to match by); with neither it is `invalid` ("no ISBN and no title");
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

export function parseWishImport(bytes: Uint8Array): ParsedWishImport {
  const { layout, readings } = readImportText(decodeImportText(bytes));
  const result: ParsedWishImport = { layout, candidates: [], invalid: [], skipped: 0 };
  for (const { line, reading } of readings) {
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
    result.candidates.push(toCandidate(line, fields, isbns, price?.maxPrice ?? null));
  }
  return result;
}
