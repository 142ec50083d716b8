import { ISO_639_1_LANGUAGES } from '../reference/iso-639-1-languages.js';
import { ValidationError } from '../shared/domain-error.js';
import { editionIdentifiers } from './edition-identifiers.js';
import type { EditionFormat } from './edition-format.js';
import { languageOfIsbn } from './isbn-language.js';

/**
 * Who tells what an edition is. It decides whether a missing year is refused or dropped, and whether the edition
 * waits for enrichment (a lookup of its ISBN by the metadata sources).
 */
export type EditionOrigin =
  /** Typed by a user: format and language are theirs; a year out of range is refused. Nothing waits. */
  | 'user'
  /** A row of a reading-list export: no source has been asked about it yet. */
  | 'export'
  /** A source's answer to a lookup of the ISBN: as much as the sources know, so nothing waits. */
  | 'lookup'
  /** A source's answer to a search by title: the lookup of its ISBN may still complete it. */
  | 'search';

/**
 * What a creation may have to guess when its source does not say (a default, not the source's word): `format`,
 * `language` (told by the ISBN's registration group, or English), `title` (an export row with only the ISBN: its
 * book is titled by the ISBN, `untitledBookTitle`, and has no authors yet). The enrichment replaces guesses only.
 */
export type GuessableEditionField = 'format' | 'language' | 'title';

/** An edition whose source does not say its binding: the commonest one. */
export const DEFAULT_EDITION_FORMAT: EditionFormat = 'paperback';
/** An edition whose language neither its source nor its ISBN's registration group tells. */
export const DEFAULT_EDITION_LANGUAGE = 'en';
export const EARLIEST_PUBLISHED_YEAR = 1450;

/** The title of a book an import creates from a bare ISBN, until a metadata source names it. */
export function untitledBookTitle(isbn13: string): string {
  return `ISBN ${isbn13}`;
}

/**
 * The title of a book an import creates from a bare barcode (a product without an ISBN): no metadata source is asked
 * about a GTIN, so it stays until its owner renames it.
 */
export function untitledProductTitle(gtin: string): string {
  return `GTIN ${gtin}`;
}

/** A publication year an edition may carry (from 1450 to two years ahead of `now`), else null. */
export function plausiblePublishedYear(year: number | null, now: Date): number | null {
  return year !== null && Number.isInteger(year) && year >= EARLIEST_PUBLISHED_YEAR && year <= latestPublishedYear(now) ? year : null;
}

function latestPublishedYear(now: Date): number {
  return now.getUTCFullYear() + 2;
}

/**
 * What a path knows about an edition it creates. `Language`: an ISO 639-1 code (from an export or a source), or the
 * catalog's language id a user picked.
 */
export interface EditionFacts<Language = string> {
  /** ISBN-10 or ISBN-13, any spelling. */
  isbn: string;
  format: EditionFormat | null;
  language: Language | null;
  editionTitle?: string | null;
  publisher: string | null;
  publishedYear: number | null;
  coverUrl?: string | null;
  /** An export row with only the ISBN: its book's title is a placeholder until a source names it. */
  untitled?: boolean;
}

/**
 * A user's edition: format and language are always given; it is identified by an ISBN, a GTIN (`gtin.ts`: a product
 * without an ISBN, such as a comic's UPC) or both.
 */
export type TypedEditionFacts = Omit<EditionFacts<number>, 'isbn'> & {
  isbn: string | null;
  gtin?: string | null;
  format: EditionFormat;
  language: number;
};

/**
 * An export row's edition: its ISBN, the GTIN of a product without one (a comic's UPC, a game's EAN), or both (a US
 * paperback's ISBN and its cover's UPC).
 */
export type ExportEditionFacts = Omit<EditionFacts, 'isbn'> & { isbn: string | null; gtin: string | null };

/** An edition ready to be stored: every field resolved, so a writer only writes it. */
export interface EditionDraft<Language = string> {
  isbn13: string;
  format: EditionFormat;
  language: Language;
  editionTitle: string | null;
  publisher: string | null;
  publishedYear: number | null;
  coverUrl: string | null;
  guessedFields: GuessableEditionField[];
  /** Null while it waits for enrichment; else its creation, when it had nothing to wait for. */
  enrichedAt: Date | null;
}

/** A user's edition ready to be stored: it may have a GTIN instead of an ISBN. */
export type TypedEditionDraft = Omit<EditionDraft<number>, 'isbn13'> & { isbn13: string | null; gtin: string | null };

/**
 * An edition a catalog creation stores: a source's (`EditionDraft`), or an export row's, which may have a GTIN (the
 * key only when it has one).
 */
export type CatalogEditionDraft = Omit<EditionDraft, 'isbn13'> & { isbn13: string | null; gtin?: string };

const LANGUAGE_CODES = new Set(ISO_639_1_LANGUAGES.map(([code]) => code));

/**
 * The one statement of what a created edition is, whichever path creates it: a format or language the source does
 * not say is the commonest format and the ISBN's registration group's language (English when the group is unknown),
 * and counts as guessed; a year outside 1450..now+2 is refused from a user and dropped from anyone else; an edition
 * from an export or a title search waits for enrichment while it has a guess or lacks a publisher, year or cover.
 */
export function draftEdition(origin: 'user', facts: TypedEditionFacts, now: Date): TypedEditionDraft;
export function draftEdition(origin: Exclude<EditionOrigin, 'user'>, facts: EditionFacts, now: Date): EditionDraft;
export function draftEdition(origin: 'export', facts: ExportEditionFacts, now: Date): CatalogEditionDraft;
export function draftEdition(
  origin: EditionOrigin,
  facts: EditionFacts<string | number> | TypedEditionFacts | ExportEditionFacts,
  now: Date,
): Omit<EditionDraft<string | number>, 'isbn13'> & { isbn13: string | null; gtin?: string | null } {
  const publishedYear = plausiblePublishedYear(facts.publishedYear, now);
  if (origin === 'user' && facts.publishedYear !== null && publishedYear === null) {
    throw new ValidationError('Invalid edition', [
      { field: 'published_year', message: `must be from ${EARLIEST_PUBLISHED_YEAR} to ${latestPublishedYear(now)}` },
    ]);
  }
  const { isbn13, gtin } = editionIdentifiers(facts.isbn, ('gtin' in facts ? facts.gtin : null) ?? null);
  const guessedFields: GuessableEditionField[] = [];
  const format = facts.format ?? DEFAULT_EDITION_FORMAT;
  if (facts.format === null) guessedFields.push('format');
  // A code the catalog does not list is no better than none: the ISBN's group tells instead.
  const given = typeof facts.language === 'string' && !LANGUAGE_CODES.has(facts.language) ? null : facts.language;
  const language = given ?? (isbn13 === null ? null : languageOfIsbn(isbn13)) ?? DEFAULT_EDITION_LANGUAGE;
  if (given === null) guessedFields.push('language');
  if (facts.untitled === true) guessedFields.push('title');

  const publisher = facts.publisher?.trim() || null;
  const coverUrl = facts.coverUrl ?? null;
  // The metadata sources are asked by ISBN: an edition known by its GTIN alone has nothing to wait for.
  const sourcesNotAsked = (origin === 'export' || origin === 'search') && isbn13 !== null;
  const waits = sourcesNotAsked && (guessedFields.length > 0 || publisher === null || publishedYear === null || coverUrl === null);
  return {
    isbn13,
    ...(origin === 'user' || gtin !== null ? { gtin } : {}),
    format,
    language,
    editionTitle: facts.editionTitle?.trim() || null,
    publisher,
    publishedYear,
    coverUrl,
    guessedFields,
    enrichedAt: waits ? null : now,
  };
}
