import { cleanText } from './text-cells.js';

/** Name suffixes that follow a comma without being a name of their own: "Martin Luther King, Jr.". */
const NAME_SUFFIX = /^(?:jr|sr|ii|iii|iv|phd|md)\.?$/i;

/** Roles that credit a contributor who did not write the book (Hardcover, LibraryThing, StoryGraph). */
const NON_AUTHOR_ROLE = /translat|illustrat|narrat|read by|editor|edited|cover|introduc|foreword|afterword|photograph|designer|artist|colou?r/i;

/**
 * Exports store authors "Last, First" (LibraryThing, Goodreads' "Author l-f"); the catalogue names them
 * "First Last". Only the unambiguous shape (exactly one comma, a suffix aside) is turned round.
 */
export function authorFromLastFirst(cell: string | undefined): string | null {
  const text = cleanText(cell);
  if (text === null) return null;
  const parts = text.split(',').map((part) => part.trim());
  const suffix = parts.length === 3 && NAME_SUFFIX.test(parts[2] ?? '') ? parts.pop() : undefined;
  if (parts.length !== 2) return text;
  const [last = '', first = ''] = parts;
  if (last === '' || first === '') return text;
  return suffix ? `${first} ${last}, ${suffix}` : `${first} ${last}`;
}

/**
 * A list of "First Last" names in one cell, split on `separator` (a comma for most exports). A suffix after
 * a comma stays with its name, so "Martin Luther King, Jr., Coretta Scott King" is two people.
 */
export function splitNames(cell: string | undefined, separator: string | RegExp = ','): string[] {
  const text = cleanText(cell);
  if (text === null) return [];
  const names: string[] = [];
  for (const piece of text.split(separator)) {
    const name = piece.trim();
    if (name === '') continue;
    if (NAME_SUFFIX.test(name) && names.length > 0) names[names.length - 1] += `, ${name}`;
    else names.push(name);
  }
  return names;
}

/**
 * A credit with its role in parentheses, as Hardcover writes it: "Michael Kramer (Narrator)". Answers the name
 * when the role is an author's (or there is none), null for a translator, narrator, illustrator…
 */
export function authorOfCredit(credit: string): string | null {
  const withRole = /^(.*?)\s*\(([^()]*)\)$/.exec(credit.trim());
  if (!withRole) return cleanText(credit);
  return isAuthorRole(withRole[2]) ? cleanText(withRole[1]) : null;
}

/** An empty role is an author's: most exports give a role only to the contributors who are not. */
export function isAuthorRole(role: string | undefined): boolean {
  const text = role?.trim() ?? '';
  return text === '' || !NON_AUTHOR_ROLE.test(text);
}
