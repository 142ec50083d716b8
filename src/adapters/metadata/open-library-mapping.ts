// Open Library's Books API answers (jscmd=data and jscmd=details) as BookMetadata. Both are keyed by the bibkey asked
// ("ISBN:978…"), whatever ISBN form the record holds. `data` is the documented, cleaned shape (authors of the work,
// publisher names, cover URLs); `details` is the raw edition record, read only for what `data` leaves out: its
// language and its binding (`physical_format`).
import type { BookMetadata } from '../../application/catalog/ports/book-metadata-source.js';
import { openLibraryAuthorIdOf } from '../../domain/catalog/open-library-author-id.js';
import { languageCodeOfMarc } from '../../domain/reference/marc-languages.js';
import { authorNames, cleanText, formatOf, pageCountOf, publishedYearOf, webUrlOf } from './metadata-fields.js';

export const OPEN_LIBRARY = 'open-library';

export function bibkeyOf(isbn13: string): string {
  return `ISBN:${isbn13}`;
}

/** The entries of an answer by bibkey; an answer that is not an object has none. */
export function entriesByBibkey(body: unknown): Map<string, Record<string, unknown>> {
  const entries = new Map<string, Record<string, unknown>>();
  if (!isRecord(body)) return entries;
  for (const [key, value] of Object.entries(body)) if (isRecord(value)) entries.set(key.toUpperCase(), value);
  return entries;
}

/** One edition from its `data` entry and, when read, its `details` entry; null when the record has no title. */
export function openLibraryBook(isbn13: string, data: Record<string, unknown>, details?: Record<string, unknown>): BookMetadata | null {
  const title = cleanText(data.title);
  if (title === null) return null;
  const edition = isRecord(details?.details) ? details.details : {};
  const dataAuthors = namedAuthors(listOf(data.authors));
  // `data` takes the authors of the work; an edition's own list (with names in `details`) is the fallback.
  const authors = dataAuthors.names.length > 0 ? dataAuthors : namedAuthors(listOf(edition.authors));
  const cover = isRecord(data.cover) ? data.cover : {};
  return {
    isbn13,
    title,
    subtitle: cleanText(data.subtitle) ?? cleanText(edition.subtitle),
    authors: authors.names,
    authorOpenLibraryIds: authors.ids,
    publisher: firstText(listOf(data.publishers).map((p) => (isRecord(p) ? p.name : null))) ?? firstText(listOf(edition.publishers)),
    publishedYear: publishedYearOf(data.publish_date) ?? publishedYearOf(edition.publish_date),
    pages: pageCountOf(data.number_of_pages) ?? pageCountOf(edition.number_of_pages),
    languageCode: languageCodeOfMarc(listOf(edition.languages).map((l) => (isRecord(l) ? l.key : null))[0]),
    format: formatOf(edition.physical_format),
    coverUrl: webUrlOf(cover.large) ?? webUrlOf(cover.medium) ?? webUrlOf(cover.small),
    source: OPEN_LIBRARY,
  };
}

/**
 * Authors as "First Last", each once, with their Open Library ids (`url` ".../authors/OL23919A/J._K._Rowling" in `data`,
 * `key` "/authors/OL23919A" in `details`), index for index: what pre-loaded authors are matched by.
 */
function namedAuthors(entries: readonly unknown[]): { names: string[]; ids: Array<string | null> } {
  const names: string[] = [];
  const ids: Array<string | null> = [];
  for (const entry of entries) {
    if (!isRecord(entry)) continue;
    const [name] = authorNames([entry.name]);
    if (name === undefined || names.includes(name)) continue;
    names.push(name);
    ids.push(openLibraryAuthorIdOf(entry.key) ?? openLibraryAuthorIdOf(entry.url));
  }
  return { names, ids };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function firstText(values: readonly unknown[]): string | null {
  for (const value of values) {
    const text = cleanText(value);
    if (text !== null) return text;
  }
  return null;
}
