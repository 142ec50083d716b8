import type { BookMetadata, BookMetadataSource, MetadataLookup, MetadataSearch, TitleQuery } from './ports/book-metadata-source.js';

type Unavailable = Extract<MetadataLookup | MetadataSearch, { kind: 'unavailable' }>;

/**
 * Fields a later source is asked to fill. A subtitle is left out: most books have none, so its absence says nothing
 * and would send every ISBN on to the next source.
 */
const FILLABLE = ['authors', 'publisher', 'publishedYear', 'pages', 'languageCode', 'format', 'coverUrl'] as const;

/**
 * Several sources as one, asked in order. The first source that knows an ISBN wins; fields it lacks are filled from
 * later sources, which are asked only for the ISBNs still unknown or incomplete. `unavailable` only when every source
 * asked was unavailable: an ISBN a reachable source did not know is simply unknown. A title search takes the first
 * source's answer that found something, whole: two sources' lists are not merged, since each is its own ranking.
 *
 * Pure orchestration over the port, so it lives beside the use cases; the adapters module builds it from configuration.
 */
export class ChainedMetadataSource implements BookMetadataSource {
  constructor(private readonly sources: readonly BookMetadataSource[]) {}

  async lookup(isbn13s: readonly string[], signal?: AbortSignal): Promise<MetadataLookup> {
    const wanted = [...new Set(isbn13s)];
    const books = new Map<string, BookMetadata>();
    let answered = false;
    const failures: Unavailable[] = [];
    for (const source of this.sources) {
      const ask = new Set(wanted.filter((isbn) => {
        const known = books.get(isbn);
        return known === undefined || !isComplete(known);
      }));
      if (ask.size === 0) break;
      const result = await source.lookup([...ask], signal);
      if (result.kind === 'unavailable') {
        failures.push(result);
        continue;
      }
      answered = true;
      for (const [isbn, found] of result.books) {
        if (!ask.has(isbn)) continue;
        const known = books.get(isbn);
        books.set(isbn, known === undefined ? found : filled(known, found));
      }
    }
    if (!answered && failures.length > 0) return unavailableOfAll(failures);
    return { kind: 'found', books };
  }

  async search(query: TitleQuery, signal?: AbortSignal): Promise<MetadataSearch> {
    let answered = false;
    const failures: Unavailable[] = [];
    for (const source of this.sources) {
      const result = await source.search(query, signal);
      if (result.kind === 'unavailable') {
        failures.push(result);
        continue;
      }
      answered = true;
      if (result.editions.length > 0) return result;
    }
    // As for lookups: nothing found by a source that answered is "nothing found", even if another was down.
    if (!answered && failures.length > 0) return unavailableOfAll(failures);
    return { kind: 'found', editions: [] };
  }
}

function isComplete(book: BookMetadata): boolean {
  return FILLABLE.every((field) => (field === 'authors' ? book.authors.length > 0 : book[field] !== null));
}

/** The earlier record with its gaps filled from the later one; the earlier source keeps the credit. */
function filled(earlier: BookMetadata, later: BookMetadata): BookMetadata {
  return {
    ...earlier,
    subtitle: earlier.subtitle ?? later.subtitle,
    authors: earlier.authors.length > 0 ? earlier.authors : later.authors,
    authorOpenLibraryIds: earlier.authors.length > 0 ? earlier.authorOpenLibraryIds : later.authorOpenLibraryIds,
    publisher: earlier.publisher ?? later.publisher,
    publishedYear: earlier.publishedYear ?? later.publishedYear,
    pages: earlier.pages ?? later.pages,
    languageCode: earlier.languageCode ?? later.languageCode,
    format: earlier.format ?? later.format,
    coverUrl: earlier.coverUrl ?? later.coverUrl,
  };
}

/** Every source's reason; a Retry-After only when each source gave one (the soonest), else the caller may try any time. */
function unavailableOfAll(failures: readonly Unavailable[]): Unavailable {
  const waits = failures.flatMap((f) => (f.retryAfterSeconds === undefined ? [] : [f.retryAfterSeconds]));
  return {
    kind: 'unavailable',
    message: failures.map((f) => f.message).join('; '),
    ...(waits.length === failures.length ? { retryAfterSeconds: Math.min(...waits) } : {}),
  };
}
