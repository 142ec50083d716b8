import { inject, injectable } from 'inversify';
import { type GuessableEditionField, plausiblePublishedYear, untitledBookTitle } from '../../domain/catalog/edition.js';
import { languageOfIsbn } from '../../domain/catalog/isbn-language.js';
import { Money } from '../../domain/shared/money.js';
import { matchKeyOf } from '../../domain/shared/search-text.js';
import { type ImportCandidate, parseWishImport } from '../../domain/wishes/import/parse-wish-import.js';
import type { NewWish } from '../../domain/wishes/wish.js';
import { EnrichmentQueue } from '../catalog/ports/enrichment-queue.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { ImportBookMatcher, type TitleMatchCandidate } from './ports/import-book-matcher.js';
import { CatalogRowsRefused, type CreatedImportedBooks, ImportCatalogWriter, type NewImportedBook } from './ports/import-catalog-writer.js';
import { WishRepository } from './ports/wish-repository.js';

export type UnmatchedReason = 'isbn_not_found' | 'title_not_found' | 'ambiguous_title';

/**
 * At most this many rows are listed in each of `unmatched` and `invalid` (the first by line); the counts are always
 * whole. Any real reading list fits; a 5 MiB file of nothing but bad rows would otherwise echo back tens of MB.
 */
export const IMPORT_REPORT_MAX_LISTED = 10_000;

export interface ImportReport {
  created: number;
  alreadyWished: number;
  unmatched: Array<{ line: number; reason: UnmatchedReason; title: string | null; isbn: string | null }>;
  invalid: Array<{ line: number; message: string }>;
  /** All unmatched rows, listed or not. */
  unmatchedCount: number;
  /** All invalid rows, listed or not. */
  invalidCount: number;
  createdBooks: number;
  createdAuthors: number;
  createdEditions: number;
}

export interface ImportOptions {
  /** A row that matches nothing creates its book, authors and (with an ISBN) edition, then the wish. */
  createMissing?: boolean;
}

/** A book to create, and the rows that name it. */
interface BookToCreate {
  book: NewImportedBook;
  candidates: ImportCandidate[];
}

/** The database refused what the row would create; the message does not repeat the database's own words. */
const ROW_REFUSED = "the catalog could not store this row's book";

/** An edition created from a row that does not say its format: the commonest one. */
const DEFAULT_FORMAT = 'paperback';
/** An edition whose language neither the row nor its ISBN's registration group tells. */
const DEFAULT_LANGUAGE = 'en';

/**
 * Imports a wish list file: ISBN match first, else exact (folded) title plus author; with `createMissing`, a row that
 * matches nothing creates what it needs from the export's own columns. Set-based: a fixed number of queries whatever
 * the file's size, one insert that skips books already wished, so re-importing creates nothing. Imports that create
 * are serialised (they match and create under one lock), so two of them never create the same ISBN or author twice.
 * A row whose data the database refuses is reported invalid and leaves nothing behind; the other rows are imported.
 */
@injectable()
export class ImportWishes {
  constructor(
    @inject(WishRepository) private readonly wishes: WishRepository,
    @inject(ImportBookMatcher) private readonly matcher: ImportBookMatcher,
    @inject(ImportCatalogWriter) private readonly writer: ImportCatalogWriter,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(EnrichmentQueue) private readonly enrichment: EnrichmentQueue,
  ) {}

  async execute(userId: number, file: Uint8Array, options: ImportOptions = {}): Promise<ImportReport> {
    const parsed = parseWishImport(file);
    const report: ImportReport = {
      created: 0,
      alreadyWished: 0,
      unmatched: [],
      invalid: [...parsed.invalid],
      unmatchedCount: 0,
      invalidCount: 0,
      createdBooks: 0,
      createdAuthors: 0,
      createdEditions: 0,
    };
    const imported = await this.uow.transaction(async () => {
      if (options.createMissing === true) await this.writer.lockCreation();
      const byIsbn = await this.matcher.booksByIsbn([...new Set(parsed.candidates.flatMap((c) => c.isbns))]);
      // Each row's title keys, worked out once: they are both asked for and matched against.
      const formsOf = new Map<ImportCandidate, string[]>();
      for (const c of parsed.candidates) if (c.title && !c.isbns.some((isbn) => byIsbn.has(isbn))) formsOf.set(c, titleForms(c));
      const byTitle = await this.matcher.booksByTitle([...new Set([...formsOf.values()].flat())]);

      const matched: Array<{ candidate: ImportCandidate; bookId: number }> = [];
      const toCreate = new Map<string, BookToCreate>();
      for (const candidate of parsed.candidates) {
        const isbnMatch = candidate.isbns.map((isbn) => byIsbn.get(isbn)).find((id) => id !== undefined);
        const outcome = isbnMatch !== undefined ? { bookId: isbnMatch } : matchByTitle(candidate, formsOf.get(candidate) ?? [], byTitle);
        if ('bookId' in outcome) {
          matched.push({ candidate, bookId: outcome.bookId });
        } else if (options.createMissing === true && outcome.reason !== 'ambiguous_title') {
          // Rows naming the same edition, or the same title and author without an ISBN, are one book.
          const key = creationKey(candidate);
          const entry = toCreate.get(key) ?? { book: newBookOf(candidate, toCreate.size), candidates: [] };
          entry.candidates.push(candidate);
          toCreate.set(key, entry);
        } else {
          report.unmatched.push({ line: candidate.line, reason: outcome.reason, title: candidate.fileTitle, isbn: candidate.isbns[0] ?? null });
        }
      }

      const created: CreatedImportedBooks = { bookIds: new Map(), createdBooks: 0, createdAuthors: 0, createdEditions: 0 };
      await this.createSplitting([...toCreate.values()], created, report);
      report.createdBooks = created.createdBooks;
      report.createdAuthors = created.createdAuthors;
      report.createdEditions = created.createdEditions;
      for (const { book, candidates } of toCreate.values()) {
        const bookId = created.bookIds.get(book.key);
        if (bookId !== undefined) for (const candidate of candidates) matched.push({ candidate, bookId });
      }
      report.invalid.sort((a, b) => a.line - b.line);
      report.unmatchedCount = report.unmatched.length;
      report.invalidCount = report.invalid.length;
      report.unmatched.length = Math.min(report.unmatched.length, IMPORT_REPORT_MAX_LISTED);
      report.invalid.length = Math.min(report.invalid.length, IMPORT_REPORT_MAX_LISTED);

      const toAdd = new Map<number, NewWish>();
      for (const { candidate, bookId } of matched) {
        if (toAdd.has(bookId)) continue;
        const maxPrice = candidate.maxPrice ? Money.parse(candidate.maxPrice.amount, candidate.maxPrice.currency) : null;
        toAdd.set(bookId, { bookId, isMonitored: true, maxPrice });
      }
      const added = await this.wishes.addMany(userId, [...toAdd.values()]);
      report.created = added.size;
      report.alreadyWished = matched.length - added.size;
      return report;
    });
    // After the commit, so the job sees the new books; the metadata sources are asked there, not on this request.
    if (imported.createdBooks > 0) await this.enrichment.enqueue();
    return imported;
  }

  /**
   * Creates the books in one call; when the database refuses some row's data, the rows are tried in halves, and
   * halves of those, so each refused row is reported invalid and every other one is still created. A row is all or
   * nothing (each call is), the file is not.
   */
  private async createSplitting(entries: readonly BookToCreate[], into: CreatedImportedBooks, report: ImportReport): Promise<void> {
    if (entries.length === 0) return;
    try {
      const created = await this.writer.create(entries.map((entry) => entry.book));
      for (const [key, bookId] of created.bookIds) into.bookIds.set(key, bookId);
      into.createdBooks += created.createdBooks;
      into.createdAuthors += created.createdAuthors;
      into.createdEditions += created.createdEditions;
    } catch (error) {
      if (!(error instanceof CatalogRowsRefused)) throw error;
      if (entries.length === 1) {
        for (const candidate of entries[0]!.candidates) report.invalid.push({ line: candidate.line, message: ROW_REFUSED });
        return;
      }
      const half = Math.ceil(entries.length / 2);
      await this.createSplitting(entries.slice(0, half), into, report);
      await this.createSplitting(entries.slice(half), into, report);
    }
  }
}

/**
 * The title keys a row's book may carry in the catalog: without its series suffix (as imports create books),
 * and as the file wrote it ("Ninth House (Alex Stern, #1)", as a book typed by hand or an older import may be).
 */
function titleForms(candidate: ImportCandidate): string[] {
  const forms = [candidate.title, candidate.fileTitle].filter((title): title is string => Boolean(title)).map(matchKeyOf);
  return [...new Set(forms)];
}

function creationKey(candidate: ImportCandidate): string {
  const isbn = candidate.isbns[0];
  if (isbn !== undefined) return `isbn:${isbn}`;
  return `title:${matchKeyOf(candidate.title ?? '')}\u0001${matchKeyOf(candidate.authors[0] ?? candidate.author ?? '')}`;
}

function newBookOf(candidate: ImportCandidate, key: number): NewImportedBook {
  const isbn = candidate.isbns[0];
  const authors = candidate.authors.length > 0 ? candidate.authors : candidate.author ? [candidate.author] : [];
  // A language told by the ISBN's registration group is a guess too: a likely one, not the export's word.
  const guessedFields: GuessableEditionField[] = [];
  if (candidate.format === null) guessedFields.push('format');
  if (candidate.languageCode === null) guessedFields.push('language');
  // A bare ISBN: the book is titled by it until the enrichment asks a metadata source for its title and authors.
  if (!candidate.title) guessedFields.push('title');
  return {
    key,
    title: candidate.title || untitledBookTitle(isbn as string),
    authors,
    edition:
      isbn === undefined
        ? null
        : {
            isbn13: isbn,
            format: candidate.format ?? DEFAULT_FORMAT,
            languageCode: candidate.languageCode ?? languageOfIsbn(isbn) ?? DEFAULT_LANGUAGE,
            publisher: candidate.publisher,
            publishedYear: plausiblePublishedYear(candidate.year, new Date()),
            guessedFields,
          },
  };
}

function matchByTitle(
  candidate: ImportCandidate,
  forms: readonly string[],
  byTitle: Map<string, TitleMatchCandidate[]>,
): { bookId: number } | { reason: UnmatchedReason } {
  const notFound = { reason: candidate.isbns.length > 0 ? 'isbn_not_found' : 'title_not_found' } as const;
  const seen = new Set<number>();
  const books = forms
    .flatMap((form) => byTitle.get(form) ?? [])
    .filter((book) => !seen.has(book.bookId) && seen.add(book.bookId) !== undefined);
  if (books.length === 0) return notFound;
  const authors = (candidate.authors.length > 0 ? candidate.authors : (candidate.author ?? '').split(/\s*[,;&]\s*/))
    .map(matchKeyOf)
    .filter((a) => a.length > 0);
  // Without an author the title alone decides, but only when it names one book.
  const fitting = authors.length === 0 ? books : books.filter((b) => b.authorKeys.some((key) => authors.includes(key)));
  if (fitting.length === 1) return { bookId: fitting[0]!.bookId };
  if (fitting.length > 1) return { reason: 'ambiguous_title' };
  return notFound;
}
