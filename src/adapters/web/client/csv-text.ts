// Pure: rows as CSV text (RFC 4180), for downloads built in the browser. No DOM here, so it is unit-tested under Node.

export type CsvCell = string | number | null;

/**
 * A header line and the rows, CRLF-separated. A cell is quoted when it holds a comma, a quote, a line break or
 * surrounding spaces, its quotes doubled. A text cell that a spreadsheet would run as a formula (=, +, -, @, a tab or
 * a carriage return first) gets a leading apostrophe: the rows come from an uploaded file, and opening the download
 * must not run what someone wrote into a title.
 */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
