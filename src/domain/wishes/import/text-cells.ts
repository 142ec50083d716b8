import { cutText } from '../../shared/text-length.js';

/**
 * Free-text cells (titles, authors) as stored: trimmed, with runs of whitespace and control characters
 * (a newline a spreadsheet kept inside a quoted title) turned into one space. Nothing else is changed: a cell
 * that looks like a formula (`=cmd|'/C calc'!A0`, `+1`, `@SUM`) is a title like any other, stored as the text
 * it is and never evaluated — making it safe to open in a spreadsheet is the job of whoever writes a CSV.
 */
export function cleanText(cell: string | undefined): string | null {
  if (cell === undefined) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is being removed
  const text = cell.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
  return text === '' ? null : text;
}

/** Long cells are cut when quoted in a message: the report names the problem, it does not echo the file. */
export function shorten(text: string, max = 40): string {
  return text.length <= max ? text : `${cutText(text, max - 1)}…`;
}

/** Two cells joined as "Title: Subtitle" (Openreads keeps them apart, most exports do not). */
export function withSubtitle(title: string | null, subtitle: string | undefined): string | null {
  const rest = cleanText(subtitle);
  if (title === null || rest === null) return title;
  return `${title}: ${rest}`;
}
