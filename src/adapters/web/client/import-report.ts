// Pure: an import report's rows that were not imported, as table rows and as CSV. No DOM here, so it is unit-tested
// under Node.
import { type CsvCell, toCsv } from './csv-text.js';

export interface UnmatchedRow {
  line: number;
  reason: string;
  title: string | null;
  isbn: string | null;
}

export interface InvalidRow {
  line: number;
  message: string;
}

/** `POST /api/wishes/import`'s answer (docs/api.md, "Wish import"); fields added later are ignored. */
export interface ImportReport {
  created: number;
  already_wished: number;
  unmatched_count: number;
  invalid_count: number;
  unmatched: UnmatchedRow[];
  invalid: InvalidRow[];
  created_books: number;
  created_authors: number;
  created_editions: number;
}

const REASONS: Record<string, string> = {
  isbn_not_found: 'no book with this ISBN in the catalog',
  title_not_found: 'no book with this title and author in the catalog',
  ambiguous_title: 'several books have this title: add its ISBN or author',
};

/** Why a row was not matched, in words (an unknown code is shown as it is). */
export const reasonText = (reason: string): string => REASONS[reason] ?? reason;

export const CSV_HEADER = ['line', 'problem', 'reason', 'title', 'isbn', 'message'] as const;

/** Every listed row that was not imported, by line: unmatched and invalid together, as the download holds them. */
export function notImportedCsv(report: Pick<ImportReport, 'unmatched' | 'invalid'>): string {
  const rows: Array<{ line: number; cells: CsvCell[] }> = [
    ...report.unmatched.map((u) => ({ line: u.line, cells: [u.line, 'not matched', u.reason, u.title, u.isbn, reasonText(u.reason)] })),
    ...report.invalid.map((i) => ({ line: i.line, cells: [i.line, 'invalid', null, null, null, i.message] })),
  ];
  rows.sort((a, b) => a.line - b.line);
  return toCsv(CSV_HEADER, rows.map((r) => r.cells));
}

/** The download's name: the uploaded file's, without its extension, and what it holds. */
export function notImportedFileName(uploaded: string): string {
  const base = uploaded.replace(/\.[^.]*$/, '').replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'import';
  return `${base}-not-imported.csv`;
}

/** One screen of a long table: rows [start, end) of `total`, 1-based words for "Rows 51–100 of 240". */
export function pageOf<T>(rows: readonly T[], page: number, perPage: number): { rows: T[]; first: number; last: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / perPage));
  const current = Math.min(Math.max(0, page), pages - 1);
  const slice = rows.slice(current * perPage, (current + 1) * perPage);
  return { rows: slice, first: slice.length ? current * perPage + 1 : 0, last: current * perPage + slice.length, pages };
}

/** "12.3 MB", "850 kB", "512 bytes": sizes as a reader says them (decimal units). */
export function sizeText(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(0)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
