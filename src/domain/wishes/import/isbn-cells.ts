import { Gtin } from '../../catalog/gtin.js';
import { Isbn } from '../../catalog/isbn.js';

export interface IsbnReading {
  /** Valid ISBN-13s, in the order the cells gave them (best first), without repeats. */
  isbns: string[];
  /** Cells holding something that is not an ISBN (StoryGraph UIDs, typos, Excel's 9.78014E+12): for the report. */
  rejected: string[];
}

export interface IdentifierReading extends IsbnReading {
  /**
   * GTINs of a product without an ISBN (a comic's UPC, an audio CD's or a board game's EAN), canonical form
   * (`Gtin.canonical`), best first, without repeats; read from barcode columns only. A 978/979 EAN is an ISBN and
   * sits in `isbns` instead.
   */
  gtins: string[];
  /** Whether a rejected cell is a barcode column's: the report then says "not an ISBN or GTIN". */
  barcodeRejected: boolean;
}

/**
 * Reads every ISBN out of the given cells, best cell first. Understands the shapes real exports use:
 * Goodreads' `="0141185910"` (a formula that forces spreadsheets to keep the text; `=""` is an empty ISBN),
 * LibraryThing's `[0141185910, 9780141185910]` lists, and ISBN-10s whose leading zeros a spreadsheet dropped.
 */
export function readIsbns(cells: ReadonlyArray<string | undefined>): IsbnReading {
  const { isbns, rejected } = readIdentifiers(cells, []);
  return { isbns, rejected };
}

/**
 * `readIsbns` over the ISBN cells, then the barcode cells (EAN, UPC, GTIN columns), whose pieces may also be a GTIN
 * with a valid GS1 check digit. A cell one column rejects and another reads (a Libib `ean_isbn13` holding a UPC is
 * both an ISBN and a barcode column) is not reported.
 */
export function readIdentifiers(
  isbnCells: ReadonlyArray<string | undefined>,
  barcodeCells: ReadonlyArray<string | undefined>,
): IdentifierReading {
  const reading: IdentifierReading = { isbns: [], gtins: [], rejected: [], barcodeRejected: false };
  const read = new Set<string>();
  const rejectedBy = new Map<string, boolean>();
  const cells = [...isbnCells.map((cell) => ({ cell, barcode: false })), ...barcodeCells.map((cell) => ({ cell, barcode: true }))];
  for (const { cell, barcode } of cells) {
    if (cell === undefined) continue;
    const unwrapped = unwrapSpreadsheetText(cell);
    let cellRejected = false;
    for (const piece of unwrapped.replace(/[[\]]/g, ' ').split(/[,;|]/)) {
      const text = piece.trim();
      if (text === '') continue;
      const parsed = barcode ? parseBarcodePiece(text) : { isbns: parseIsbnPiece(text), gtins: [] };
      if (parsed.isbns.length + parsed.gtins.length === 0) cellRejected = true;
      for (const isbn of parsed.isbns) if (!reading.isbns.includes(isbn)) reading.isbns.push(isbn);
      for (const gtin of parsed.gtins) if (!reading.gtins.includes(gtin)) reading.gtins.push(gtin);
    }
    const key = unwrapped.trim();
    if (!cellRejected) read.add(key);
    // LibraryThing repeats the same text in ISBN and ISBNs: one mention in the report is enough.
    else if (!rejectedBy.has(key) || barcode) rejectedBy.set(key, barcode);
  }
  for (const [text, barcode] of rejectedBy) {
    if (read.has(text)) continue;
    reading.rejected.push(text);
    if (barcode) reading.barcodeRejected = true;
  }
  return reading;
}

/**
 * `="..."` is the only formula this import looks inside, because it is how Goodreads writes text; the content
 * is returned as-is (never evaluated). Any other cell, formula-like or not, is returned unchanged.
 */
export function unwrapSpreadsheetText(cell: string): string {
  const wrapped = /^\s*="(.*)"\s*$/s.exec(cell);
  return wrapped ? (wrapped[1] ?? '') : cell;
}

function parseIsbnPiece(text: string): string[] {
  const whole = tryIsbn(text);
  if (whole) return [whole];
  // "0141185910 9780141185910": a list separated by spaces only (Isbn already accepts "978 0 14 118591 0").
  if (/\s/.test(text)) return text.split(/\s+/).flatMap((part) => tryIsbn(part) ?? []);
  return [];
}

/** A piece of a barcode column: a GTIN first (a GTIN-8 is no ISBN-10 short of its zeros there), else an ISBN. */
function parseBarcodePiece(text: string): { isbns: string[]; gtins: string[] } {
  const whole = tryBarcode(text);
  if (whole !== null) return whole;
  const parts = /\s/.test(text) ? text.split(/\s+/).map(tryBarcode) : [];
  return {
    isbns: parts.flatMap((part) => part?.isbns ?? []),
    gtins: parts.flatMap((part) => part?.gtins ?? []),
  };
}

function tryBarcode(text: string): { isbns: string[]; gtins: string[] } | null {
  const compact = text.replace(/[\s-]/g, '');
  // Only GTIN-shaped text reaches Gtin, which reports failure by throwing (slow over a large file).
  const gtin = /^(?:\d{8}|\d{12,14})$/.test(compact) ? Gtin.tryParse(compact) : null;
  if (gtin !== null && !gtin.isIsbn) return { isbns: [], gtins: [gtin.canonical] };
  // A Bookland EAN (978/979, also as a GTIN-14) is the book's ISBN-13.
  const isbn = tryIsbn(gtin?.canonical ?? text);
  return isbn === null ? null : { isbns: [isbn], gtins: [] };
}

function tryIsbn(text: string): string | null {
  const compact = text.replace(/[\s-]/g, '');
  // Only ISBN-shaped text reaches Isbn: it reports failure by throwing, which is slow for a 10,000-row file of
  // StoryGraph UIDs. A spreadsheet that took an ISBN-10 for a number dropped its leading zeros: restored here,
  // and the check digit guards the guess.
  const candidate = /^\d{8,9}$/.test(compact) ? compact.padStart(10, '0') : compact;
  if (!/^(?:\d{9}[\dXx]|97[89]\d{10})$/.test(candidate)) return null;
  return Isbn.tryParse(candidate)?.isbn13 ?? null;
}
