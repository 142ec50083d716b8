// Open Library's Search API answer (search.json with the `editions` sub-query) as BookMetadata. Each doc is a work;
// `editions.docs[0]` is the edition the service ranks best for the query (its search index's edition record: the
// title, ISBN-10s and ISBN-13s together, MARC language codes, publishers, the free-text date, the binding and a cover
// id, each but the title as a list). One entry per work, in the service's order; a work whose best edition has no ISBN
// gives none rather than another edition's.
import type { BookMetadata } from '../../application/catalog/ports/book-metadata-source.js';
import { Isbn } from '../../domain/catalog/isbn.js';
import { languageCodeOfMarc } from '../../domain/reference/marc-languages.js';
import { authorNames, cleanText, formatOf, publishedYearOf } from './metadata-fields.js';
import { OPEN_LIBRARY } from './open-library-mapping.js';

/** The work fields and, for its best edition, the edition fields the mapping reads. */
export const OPEN_LIBRARY_SEARCH_FIELDS = [
  'key',
  'title',
  'author_name',
  'editions',
  ...['key', 'title', 'subtitle', 'isbn', 'language', 'publisher', 'publish_date', 'format', 'cover_i'].map((f) => `editions.${f}`),
].join(',');

/**
 * Covers are served by covers.openlibrary.org for openlibrary.org; another base URL (the demonstration server) serves
 * them itself, under the same paths.
 */
export function openLibraryCoversBase(baseUrl: string): string {
  const url = new URL(baseUrl);
  return url.hostname === 'openlibrary.org' || url.hostname.endsWith('.openlibrary.org') ? 'https://covers.openlibrary.org' : baseUrl.replace(/\/+$/, '');
}

/** The best edition of each work, best work first; null for an answer that is not a search answer (no `docs`). */
export function openLibrarySearchEditions(body: unknown, coversBase: string): BookMetadata[] | null {
  if (!isRecord(body) || !Array.isArray(body.docs)) return null;
  const editions: BookMetadata[] = [];
  for (const work of body.docs) {
    const book = isRecord(work) ? bestEditionOf(work, coversBase) : null;
    // Two works may list one edition (a duplicate record): the first, better ranked, keeps it.
    if (book && !editions.some((e) => e.isbn13 === book.isbn13)) editions.push(book);
  }
  return editions;
}

function bestEditionOf(work: Record<string, unknown>, coversBase: string): BookMetadata | null {
  const found = isRecord(work.editions) && Array.isArray(work.editions.docs) ? work.editions.docs[0] : undefined;
  if (!isRecord(found)) return null;
  const isbn13 = isbn13Among(listOf(found.isbn));
  const editionTitle = cleanText(found.title);
  const title = editionTitle ?? cleanText(work.title);
  if (isbn13 === null || title === null) return null;
  const coverId = found.cover_i;
  return {
    isbn13,
    title,
    subtitle: editionTitle === null ? null : cleanText(found.subtitle),
    authors: authorNames(listOf(work.author_name)),
    publisher: listOf(found.publisher).map(cleanText).find((p) => p !== null) ?? null,
    publishedYear: publishedYearOf(listOf(found.publish_date)[0]),
    // The edition record in the search index has no page count (only the work's median).
    pages: null,
    languageCode: languageCodeOfMarc(listOf(found.language)[0]),
    format: formatOf(listOf(found.format)[0]),
    coverUrl: typeof coverId === 'number' && Number.isInteger(coverId) && coverId > 0 ? `${coversBase}/b/id/${coverId}-L.jpg` : null,
    source: OPEN_LIBRARY,
  };
}

/** The edition's first valid ISBN-13, else its first valid ISBN-10 as an ISBN-13 (the index lists both forms). */
function isbn13Among(values: readonly unknown[]): string | null {
  const parsed = values.flatMap((value) => {
    if (typeof value !== 'string') return [];
    const isbn = Isbn.tryParse(value);
    return isbn ? [{ isbn, thirteen: value.replace(/[\s-]/g, '').length === 13 }] : [];
  });
  return (parsed.find((p) => p.thirteen) ?? parsed[0])?.isbn.isbn13 ?? null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  // Single-valued in older index records; read alike.
  return value === undefined || value === null ? [] : [value];
}
