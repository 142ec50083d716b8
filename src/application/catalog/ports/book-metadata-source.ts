import type { ServiceIdentifier } from 'inversify';
import type { EditionFormat } from '../../../domain/catalog/edition.js';

/** What a bibliographic source says about one edition, mapped to Shelfwatch's terms. */
export interface BookMetadata {
  isbn13: string;
  title: string;
  subtitle: string | null;
  /** "First Last", in the source's order. */
  authors: string[];
  /** Open Library ids of `authors`, index for index, when the source knows them (Open Library does). */
  authorOpenLibraryIds?: (string | null)[];
  publisher: string | null;
  publishedYear: number | null;
  pages: number | null;
  /** ISO 639-1. */
  languageCode: string | null;
  format: EditionFormat | null;
  coverUrl: string | null;
  /** The source that knew the edition: 'open-library', 'google-books', … */
  source: string;
}

export type MetadataLookup =
  /** By ISBN-13; ISBNs the source does not know are absent. */
  | { kind: 'found'; books: Map<string, BookMetadata> }
  /**
   * The source could not be reached, or answered 5xx/429 (after its retries). A source answers this for the whole
   * lookup when any of its requests failed: a partial map would pass the unasked ISBNs off as unknown.
   */
  | { kind: 'unavailable'; message: string; retryAfterSeconds?: number };

/** A book known by its title (and authors, "First Last"), whose edition is wanted. */
export interface TitleQuery {
  title: string;
  authors: readonly string[];
}

export type MetadataSearch =
  /**
   * Editions the source's own search gave for the query, best first, each with an ISBN-13. Open Library gives one per
   * work (its best edition), Google Books every volume, so several entries may be one book's editions or several
   * books: the caller decides. Empty when none.
   */
  | { kind: 'found'; editions: BookMetadata[] }
  | { kind: 'unavailable'; message: string; retryAfterSeconds?: number };

/**
 * Looks editions up by ISBN, or searches them by title; never throws for trouble at the source, it answers
 * `unavailable`. `signal`: the caller stops (a background run at shutdown); the call then rejects with the signal's
 * reason at once, whatever it was waiting for.
 */
export interface BookMetadataSource {
  /** Several ISBN-13s at once (batched by the adapter as its API allows). */
  lookup(isbn13s: readonly string[], signal?: AbortSignal): Promise<MetadataLookup>;
  /** One request: the source's search by title and first author; deciding which result is the book is the caller's. */
  search(query: TitleQuery, signal?: AbortSignal): Promise<MetadataSearch>;
}
export const BookMetadataSource = Symbol.for('BookMetadataSource') as ServiceIdentifier<BookMetadataSource>;
