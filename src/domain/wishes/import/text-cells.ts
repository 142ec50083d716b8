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

/** StoryGraph lists every author in one cell ("Ann Leckie, Someone Else"); the first is the one a match needs. */
export function firstListedAuthor(cell: string | undefined): string | null {
  const text = cleanText(cell);
  if (text === null) return null;
  return cleanText(text.split(',')[0]) ?? text;
}

/**
 * LibraryThing writes the primary author "Last, First"; the catalogue names authors "First Last". Only the
 * unambiguous shape (exactly one comma) is turned round; anything else is kept as written.
 */
export function authorFromLastFirst(cell: string | undefined): string | null {
  const text = cleanText(cell);
  if (text === null) return null;
  const parts = text.split(',');
  if (parts.length !== 2) return text;
  const last = parts[0]?.trim() ?? '';
  const first = parts[1]?.trim() ?? '';
  return last !== '' && first !== '' ? `${first} ${last}` : text;
}

/** Long cells are cut when quoted in a message: the report names the problem, it does not echo the file. */
export function shorten(text: string, max = 40): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
