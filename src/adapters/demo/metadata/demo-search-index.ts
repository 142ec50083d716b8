// What the demonstration server's title searches can find. Its books are derived from ISBNs, so a title cannot lead
// back to an ISBN in general: searches look through one block, the 10,000 ISBNs 978-0-00-000000-? to
// 978-0-00-009999-? (the block the tests take their ISBNs from), each service among the books it knows. Matching is
// by words, as the services' own search is: case, accents and punctuation aside, every word asked must be in the title
// (with its subtitle), every author word in one author's name, every free word in either.
import { isbn13From } from '../stores/deterministic-catalogue.js';
import { demoMetadataBookFor, demoSourceView, type DemoSourceView } from './demo-metadata-catalogue.js';
import type { DemoMetadataSource } from './demo-metadata-types.js';

const SEARCHABLE_COUNT = 10_000;

export interface DemoSearchTerms {
  title: string[];
  author: string[];
  /** Words that may be in the title or an author's name (Google's free terms, Open Library's `q`). */
  any: string[];
}

interface Entry {
  isbn13: string;
  /** The title's words joined by one space, to rank exact titles first. */
  titleKey: string;
  titleWords: Set<string>;
  authorWords: Array<Set<string>>;
}

let entries: Entry[] | null = null;

/** The ISBN-13s searches look through, in order. */
export function demoSearchableIsbns(): string[] {
  return index().map((e) => e.isbn13);
}

/** The words of a text, lower-cased and without accents or punctuation. */
export function searchWords(text: string): string[] {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');
}

/**
 * The books `source` knows that match, an exact title before a partial one, then in ISBN order; none when no word is
 * asked. `known` leaves out the books a test made unknown.
 */
export function demoSearch(source: DemoMetadataSource, terms: DemoSearchTerms, known: (isbn13: string) => boolean): DemoSourceView[] {
  if (terms.title.length + terms.author.length + terms.any.length === 0) return [];
  const asked = terms.title.join(' ');
  const matches = index().filter((entry) => matchesTerms(entry, terms) && known(entry.isbn13));
  const ranked = [...matches.filter((e) => e.titleKey === asked), ...matches.filter((e) => e.titleKey !== asked)];
  return ranked.flatMap((entry) => demoSourceView(source, entry.isbn13) ?? []);
}

function matchesTerms(entry: Entry, terms: DemoSearchTerms): boolean {
  return (
    terms.title.every((w) => entry.titleWords.has(w)) &&
    (terms.author.length === 0 || entry.authorWords.some((name) => terms.author.every((w) => name.has(w)))) &&
    terms.any.every((w) => entry.titleWords.has(w) || entry.authorWords.some((name) => name.has(w)))
  );
}

function index(): Entry[] {
  entries ??= Array.from({ length: SEARCHABLE_COUNT }, (_, n) => {
    const isbn13 = isbn13From(`97800000${String(n).padStart(4, '0')}`);
    const book = demoMetadataBookFor(isbn13);
    return {
      isbn13,
      titleKey: searchWords(book.title).join(' '),
      titleWords: new Set(searchWords(`${book.title} ${book.subtitle ?? ''}`)),
      authorWords: book.authors.map((name) => new Set(searchWords(name))),
    };
  });
  return entries;
}
