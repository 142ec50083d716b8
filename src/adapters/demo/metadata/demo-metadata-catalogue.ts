// What the demonstration metadata server knows: for every ISBN-13, the invented book the demonstration stores sell
// under it (same title, author, publisher, year and pages), completed with a subtitle, a language and a format. Each
// service sees it as the real one would: not every ISBN, not every field, and in its own spellings (Open Library's
// free-text dates and occasional "Last, First" names, Google's ISBN-10-only identifiers), all derived from a hash of
// the ISBN, so answers repeat across restarts.
import { DEFAULT_DEMO_SEED } from '../stores/demo-store-server.js';
import { bookFor } from '../stores/deterministic-catalogue.js';
import { SeededHash } from '../stores/seeded-hash.js';
import type { DemoMetadataSource } from './demo-metadata-types.js';
import type { EditionFormat } from '../../../domain/catalog/edition.js';

export interface DemoMetadataBook {
  isbn13: string;
  title: string;
  subtitle: string | null;
  authors: string[];
  publisher: string;
  year: number;
  /** 1–12 and 1–28, for the sources that give a full date. */
  month: number;
  day: number;
  pages: number;
  languageCode: string;
  format: EditionFormat;
}

/** How one service sees a book: which fields it lacks and how it spells the rest. */
export interface DemoSourceView {
  book: DemoMetadataBook;
  /** Open Library: no number_of_pages / Google: pageCount 0. */
  withoutPages: boolean;
  withoutCover: boolean;
  /** Open Library: no physical_format / Google: no publisher. */
  withoutSecondaryField: boolean;
  /** 0–3: which date spelling the service uses. */
  dateStyle: number;
  /** Open Library: the first author as "Last, First"; Google: only the ISBN_10 identifier (978 ISBNs). */
  altSpelling: boolean;
}

const SUBTITLES = ['A Novel', 'Stories', 'A Memoir', 'Poems', 'A Mystery', 'Essays on Memory'];
const SECOND_AUTHORS = ['Wren Alcott', 'Theo Ballantyne', 'Yusuf Demir', 'Clara Montague'];

/** The registration group's main language, for the common groups; English otherwise. */
const GROUP_LANGUAGES: ReadonlyArray<readonly [string, string]> = [
  ['97884', 'es'], ['97888', 'it'], ['97890', 'nl'], ['97891', 'sv'], ['9782', 'fr'], ['9783', 'de'], ['9784', 'ja'],
];

export function demoMetadataBookFor(isbn13: string): DemoMetadataBook {
  const base = bookFor(isbn13, DEFAULT_DEMO_SEED);
  const h = new SeededHash(['metadata', isbn13]);
  const subtitle = h.below(3) === 0 ? h.pick(SUBTITLES) : null;
  const coAuthor = h.below(5) === 0 ? h.pick(SECOND_AUTHORS) : null;
  return {
    isbn13,
    title: base.title,
    subtitle,
    authors: coAuthor ? [base.author, coAuthor] : [base.author],
    publisher: base.publisher,
    year: base.year,
    month: 1 + h.below(12),
    day: 1 + h.below(28),
    pages: base.pages,
    languageCode: GROUP_LANGUAGES.find(([prefix]) => isbn13.startsWith(prefix))?.[1] ?? 'en',
    format: formatOf(h.below(10)),
  };
}

/** Half paperbacks, three in ten hardcovers, one ebook, one audiobook. */
function formatOf(roll: number): DemoMetadataBook['format'] {
  return roll < 5 ? 'paperback' : roll < 8 ? 'hardcover' : roll < 9 ? 'ebook' : 'audiobook';
}

/** The book as `source` knows it, or null for the one ISBN in ten (a different tenth per source) it does not know. */
export function demoSourceView(source: DemoMetadataSource, isbn13: string): DemoSourceView | null {
  if (!/^\d{13}$/.test(isbn13)) return null;
  const h = new SeededHash(['coverage', source, isbn13]);
  if (h.below(10) === 0) return null;
  return {
    book: demoMetadataBookFor(isbn13),
    withoutPages: h.below(5) === 0,
    withoutCover: h.below(5) === 0,
    withoutSecondaryField: h.below(4) === 0,
    dateStyle: h.below(4),
    altSpelling: h.below(4) === 0,
  };
}
