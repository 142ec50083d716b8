// What both adapters send for a title search. The title goes as given; of the authors only the first one's last name
// goes: records spell the rest differently ("Iain M. Banks", "Iain Banks", "J.R.R." or "J. R. R."), and both services
// require every word sent to match. A looser author term finds more; the caller decides which answer is the book.
import type { TitleQuery } from '../../application/catalog/ports/book-metadata-source.js';
import { cleanText } from './metadata-fields.js';

export interface TitleSearchTerms {
  title: string;
  /** The first author's last name; null when the book has no author. */
  author: string | null;
}

const NAME_SUFFIX = /^(jr|sr|ii|iii|iv)\.?$/i;

/** The terms of a query; null when its title is blank (nothing worth a request). */
export function titleSearchTermsOf(query: TitleQuery): TitleSearchTerms | null {
  const title = cleanText(query.title);
  if (title === null) return null;
  const first = query.authors.map(cleanText).find((name): name is string => name !== null);
  return { title, author: first === undefined ? null : lastNameOf(first) };
}

/** "Iain M. Banks" → "Banks"; "Martin Luther King Jr." → "King"; "Banks, Iain M." (the other order) → "Banks". */
export function lastNameOf(name: string): string | null {
  const ordered = name.includes(',') ? (name.split(',')[0] ?? '') : name;
  const words = ordered.split(/\s+/).map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.]+$/gu, '')).filter((w) => w !== '');
  while (words.length > 1 && NAME_SUFFIX.test(words[words.length - 1] ?? '')) words.pop();
  const last = words[words.length - 1]?.replace(/\.$/, '');
  return last ? last : null;
}
