import { Isbn } from '../../catalog/isbn.js';

export interface IsbnReading {
  /** Valid ISBN-13s, in the order the cells gave them (best first), without repeats. */
  isbns: string[];
  /** Cells holding something that is not an ISBN (StoryGraph UIDs, typos, Excel's 9.78014E+12): for the report. */
  rejected: string[];
}

/**
 * Reads every ISBN out of the given cells, best cell first. Understands the shapes real exports use:
 * Goodreads' `="0141185910"` (a formula that forces spreadsheets to keep the text; `=""` is an empty ISBN),
 * LibraryThing's `[0141185910, 9780141185910]` lists, and ISBN-10s whose leading zeros a spreadsheet dropped.
 */
export function readIsbns(cells: ReadonlyArray<string | undefined>): IsbnReading {
  const isbns: string[] = [];
  const rejected: string[] = [];
  for (const cell of cells) {
    if (cell === undefined) continue;
    const unwrapped = unwrapSpreadsheetText(cell);
    let cellRejected = false;
    for (const piece of unwrapped.replace(/[[\]]/g, ' ').split(/[,;|]/)) {
      const text = piece.trim();
      if (text === '') continue;
      const parsed = parseIsbnPiece(text);
      if (parsed.length === 0) cellRejected = true;
      for (const isbn of parsed) if (!isbns.includes(isbn)) isbns.push(isbn);
    }
    // LibraryThing repeats the same text in ISBN and ISBNs: one mention in the report is enough.
    if (cellRejected && !rejected.includes(unwrapped.trim())) rejected.push(unwrapped.trim());
  }
  return { isbns, rejected };
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

function tryIsbn(text: string): string | null {
  const compact = text.replace(/[\s-]/g, '');
  // Only ISBN-shaped text reaches Isbn: it reports failure by throwing, which is slow for a 10,000-row file of
  // StoryGraph UIDs. A spreadsheet that took an ISBN-10 for a number dropped its leading zeros: restored here,
  // and the check digit guards the guess.
  const candidate = /^\d{8,9}$/.test(compact) ? compact.padStart(10, '0') : compact;
  if (!/^(?:\d{9}[\dXx]|97[89]\d{10})$/.test(candidate)) return null;
  return Isbn.tryParse(candidate)?.isbn13 ?? null;
}
