import { inject, injectable } from 'inversify';
import { draftEdition, untitledBookTitle, untitledProductTitle } from '../../domain/catalog/edition-draft.js';
import { Money } from '../../domain/shared/money.js';
import { matchKeyOf } from '../../domain/shared/search-text.js';
import { ServiceUnavailableError, TooLargeError } from '../../domain/shared/domain-error.js';
import { type ImportCandidate, openWishImport, type ParsedWishImportChunk } from '../../domain/wishes/import/parse-wish-import.js';
import type { NewWish } from '../../domain/wishes/wish.js';
import { CatalogRowsRefused, CatalogWriter, type CreatedCatalogBooks, type GtinWithIsbn, type NewCatalogBook } from '../catalog/ports/catalog-writer.js';
import { EnrichmentQueue } from '../catalog/ports/enrichment-queue.js';
import { Clock } from '../shared/clock.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { ImportBookMatcher, type TitleMatchCandidate } from './ports/import-book-matcher.js';
import { WishRepository } from './ports/wish-repository.js';

export type UnmatchedReason = 'isbn_not_found' | 'title_not_found' | 'ambiguous_title';

/**
 * At most this many rows are listed in each of `unmatched` and `invalid` (the first by line); the counts are always
 * whole. Any real reading list fits; a 5 MiB file of nothing but bad rows would otherwise echo back tens of MB.
 */
export const IMPORT_REPORT_MAX_LISTED = 10_000;

/**
 * At most this many rows (non-blank rows after the header; JSON entries) in one import: more is 413, before anything is
 * written. Twenty times the largest real export seen (Goodreads users with 10,000 books), and it bounds how long one
 * request works; a bigger list is imported in several files.
 */
export const IMPORT_MAX_ROWS = 200_000;

/**
 * Rows per transaction. A chunk is matched, created and wished in one transaction under the creation lock, so another
 * import waits for one chunk at most, and only one chunk's rows, books and statements are held in memory at a time.
 */
export const IMPORT_CHUNK_ROWS = 1_000;

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
  /** A row that matches nothing creates its book, authors and (with an ISBN or a GTIN) edition, then the wish. */
  createMissing?: boolean;
  /**
   * Aborted when the service starts stopping: the import stops between two chunks (those before are committed) and
   * says so, instead of running on past the stop's deadline while its client is cut off with no answer.
   */
  stopping?: AbortSignal;
}

/** Seconds a client is told to wait before sending a file again whose import a stop cut short. */
export const IMPORT_STOPPED_RETRY_SECONDS = 30;

/** A book to create, and the rows that name it. */
interface BookToCreate {
  book: NewCatalogBook;
  candidates: ImportCandidate[];
}

/** The database refused what the row would create; the message does not repeat the database's own words. */
const ROW_REFUSED = "the catalog could not store this row's book";

/**
 * Imports a wish list file: ISBN match first, then GTIN (a product without an ISBN, or an edition's other barcode),
 * else exact (folded) title plus author; with `createMissing`, a row that
 * matches nothing creates what it needs from the export's own columns. Set-based per chunk of IMPORT_CHUNK_ROWS rows:
 * a fixed number of queries per chunk, one insert that skips books already wished, so re-importing creates nothing.
 * Each chunk is one transaction; creating chunks are serialised (they match and create under one lock, released at
 * each chunk's commit), so two imports never create the same ISBN or author twice, and neither waits for more than a
 * chunk of the other. A row whose data the database refuses is reported invalid and leaves nothing behind; the other
 * rows are imported.
 */
@injectable()
export class ImportWishes {
  constructor(
    @inject(WishRepository) private readonly wishes: WishRepository,
    @inject(ImportBookMatcher) private readonly matcher: ImportBookMatcher,
    @inject(CatalogWriter) private readonly writer: CatalogWriter,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(EnrichmentQueue) private readonly enrichment: EnrichmentQueue,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(userId: number, file: Uint8Array, options: ImportOptions = {}): Promise<ImportReport> {
    const rows = openWishImport(file);
    if (rows.rowCount > IMPORT_MAX_ROWS) {
      throw new TooLargeError(
        `The file has ${rows.rowCount.toLocaleString('en-US')} rows; an import takes at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows: split it into several files`,
      );
    }
    const report: ImportReport = {
      created: 0,
      alreadyWished: 0,
      unmatched: [],
      invalid: [],
      unmatchedCount: 0,
      invalidCount: 0,
      createdBooks: 0,
      createdAuthors: 0,
      createdEditions: 0,
    };
    let isbnsGiven = 0;
    try {
      // Chunks are committed one by one: a failure part way keeps the chunks before it, and importing the file again
      // finishes the work (a row already imported is matched, already wished).
      let imported = 0;
      for (const chunk of rows.chunks(IMPORT_CHUNK_ROWS)) {
        if (options.stopping?.aborted) {
          throw new ServiceUnavailableError(
            `The service is stopping: the import stopped after ${imported.toLocaleString('en-US')} of ${rows.rowCount.toLocaleString('en-US')} rows ` +
              '(those are saved). Send the same file again to import the rest: rows already imported count as already wished.',
            IMPORT_STOPPED_RETRY_SECONDS,
          );
        }
        isbnsGiven += await this.uow.transaction(() => this.importChunk(userId, chunk, options, report));
        imported += chunk.candidates.length + chunk.invalid.length + chunk.skipped;
      }
    } finally {
      // After the commits, so the job sees the new books; the metadata sources are asked there, not on this request.
      if (report.createdBooks > 0 || isbnsGiven > 0) await this.enrichment.enqueue();
    }
    return report;
  }

  /**
   * One chunk of rows, in the caller's transaction; adds what it did to `report` and answers how many editions known by
   * a GTIN alone got the ISBN a row gives beside it.
   */
  private async importChunk(userId: number, parsed: ParsedWishImportChunk, options: ImportOptions, report: ImportReport): Promise<number> {
    if (options.createMissing === true) await this.writer.lockCreation();
    const byIsbn = await this.matcher.booksByIsbn([...new Set(parsed.candidates.flatMap((c) => c.isbns))]);
    const byGtin = await this.matcher.booksByGtin([...new Set(parsed.candidates.flatMap((c) => c.gtin ?? []))]);
    const isbnOfGtin = isbnsBesideGtins(parsed.candidates);
    const identified = (c: ImportCandidate): number | undefined => {
      const byItsIsbn = c.isbns.map((isbn) => byIsbn.get(isbn)).find((id) => id !== undefined);
      if (byItsIsbn !== undefined || c.gtin === null) return byItsIsbn;
      const isbn = isbnOfGtin.get(c.gtin);
      return byGtin.get(c.gtin) ?? (isbn === undefined ? undefined : byIsbn.get(isbn));
    };
    // Each row's title keys, worked out once: they are both asked for and matched against.
    const formsOf = new Map<ImportCandidate, string[]>();
    for (const c of parsed.candidates) if (c.title && identified(c) === undefined) formsOf.set(c, titleForms(c));
    const byTitle = await this.matcher.booksByTitle([...new Set([...formsOf.values()].flat())]);

    const matched: Array<{ candidate: ImportCandidate; bookId: number }> = [];
    const toCreate = new Map<string, BookToCreate>();
    const unmatched: ImportReport['unmatched'] = [];
    const invalid: ImportReport['invalid'] = [...parsed.invalid];
    const now = this.clock.now();
    for (const candidate of parsed.candidates) {
      const identifierMatch = identified(candidate);
      const outcome = identifierMatch !== undefined ? { bookId: identifierMatch } : matchByTitle(candidate, formsOf.get(candidate) ?? [], byTitle);
      if ('bookId' in outcome) {
        matched.push({ candidate, bookId: outcome.bookId });
      } else if (options.createMissing === true && outcome.reason !== 'ambiguous_title') {
        // Rows naming the same edition, or the same title and author without an ISBN, are one book.
        const key = creationKey(candidate, isbnOfGtin);
        const entry = toCreate.get(key) ?? { book: newBookOf(candidate, toCreate.size, now), candidates: [] };
        // The edition is drafted from a row that gives its ISBN, whichever comes first: a barcode-only row before it
        // would leave the edition without one.
        if (entry.book.edition?.isbn13 === null && candidate.isbns.length > 0) entry.book = newBookOf(candidate, entry.book.key, now);
        entry.candidates.push(candidate);
        toCreate.set(key, entry);
      } else {
        unmatched.push({ line: candidate.line, reason: outcome.reason, title: candidate.fileTitle, isbn: candidate.isbns[0] ?? null });
      }
    }

    // A row matched by its GTIN alone that names an ISBN beside it (the edition was made from a barcode-only row of an
    // earlier chunk or import): the edition gets the ISBN, so the row's ISBN is not lost.
    const isbnsToGive = options.createMissing === true ? gtinEditionsWithIsbns(parsed.candidates, byIsbn, byGtin) : [];
    const isbnsGiven = isbnsToGive.length === 0 ? 0 : await this.writer.giveIsbns(isbnsToGive);

    const created: CreatedCatalogBooks = { bookIds: new Map(), createdBooks: 0, createdAuthors: 0, createdEditions: 0 };
    await this.createSplitting([...toCreate.values()], created, invalid);
    for (const { book, candidates } of toCreate.values()) {
      const bookId = created.bookIds.get(book.key);
      if (bookId !== undefined) for (const candidate of candidates) matched.push({ candidate, bookId });
    }

    const toAdd = new Map<number, NewWish>();
    for (const { candidate, bookId } of matched) {
      if (toAdd.has(bookId)) continue;
      const maxPrice = candidate.maxPrice ? Money.parse(candidate.maxPrice.amount, candidate.maxPrice.currency) : null;
      toAdd.set(bookId, { bookId, isMonitored: true, maxPrice });
    }
    const added = await this.wishes.addMany(userId, [...toAdd.values()]);

    // Chunks come in file order, so the lists stay ordered by line when each chunk's are.
    invalid.sort((a, b) => a.line - b.line);
    listUpTo(report.unmatched, unmatched);
    listUpTo(report.invalid, invalid);
    report.unmatchedCount += unmatched.length;
    report.invalidCount += invalid.length;
    report.created += added.size;
    report.alreadyWished += matched.length - added.size;
    report.createdBooks += created.createdBooks;
    report.createdAuthors += created.createdAuthors;
    report.createdEditions += created.createdEditions;
    return isbnsGiven;
  }

  /**
   * Creates the books in one call; when the database refuses some row's data, the rows are tried in halves, and
   * halves of those, so each refused row is reported invalid and every other one is still created. A row is all or
   * nothing (each call is), the file is not.
   */
  private async createSplitting(entries: readonly BookToCreate[], into: CreatedCatalogBooks, invalid: ImportReport['invalid']): Promise<void> {
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
        for (const candidate of entries[0]!.candidates) invalid.push({ line: candidate.line, message: ROW_REFUSED });
        return;
      }
      const half = Math.ceil(entries.length / 2);
      await this.createSplitting(entries.slice(0, half), into, invalid);
      await this.createSplitting(entries.slice(half), into, invalid);
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

/** Appends to a report's list while it has room (IMPORT_REPORT_MAX_LISTED); the counts are kept apart. */
function listUpTo<T>(list: T[], more: readonly T[]): void {
  for (const item of more) {
    if (list.length >= IMPORT_REPORT_MAX_LISTED) return;
    list.push(item);
  }
}

/** The rows found by their GTIN alone (none of their ISBNs is known) that give an ISBN beside it: GTIN → that ISBN. */
function gtinEditionsWithIsbns(
  candidates: readonly ImportCandidate[],
  byIsbn: ReadonlyMap<string, number>,
  byGtin: ReadonlyMap<string, number>,
): GtinWithIsbn[] {
  return candidates.flatMap(({ isbns, gtin }) =>
    gtin !== null && isbns[0] !== undefined && byGtin.has(gtin) && !isbns.some((isbn) => byIsbn.has(isbn)) ? [{ gtin, isbn13: isbns[0] }] : [],
  );
}

/**
 * Each GTIN that a row of the chunk gives beside an ISBN → that ISBN (the first row's): a row with the barcode alone
 * names the same edition, whether it comes before or after.
 */
function isbnsBesideGtins(candidates: readonly ImportCandidate[]): Map<string, string> {
  const isbns = new Map<string, string>();
  for (const { isbns: [isbn], gtin } of candidates) if (isbn !== undefined && gtin !== null && !isbns.has(gtin)) isbns.set(gtin, isbn);
  return isbns;
}

/**
 * The book a row to create belongs to: its edition's ISBN (also for a barcode another row gives beside one), its GTIN,
 * or its title and author.
 */
function creationKey(candidate: ImportCandidate, isbnOfGtin: ReadonlyMap<string, string>): string {
  const isbn = candidate.isbns[0] ?? (candidate.gtin === null ? undefined : isbnOfGtin.get(candidate.gtin));
  if (isbn !== undefined) return `isbn:${isbn}`;
  if (candidate.gtin !== null) return `gtin:${candidate.gtin}`;
  return `title:${matchKeyOf(candidate.title ?? '')}\u0001${matchKeyOf(candidate.authors[0] ?? candidate.author ?? '')}`;
}

function newBookOf(candidate: ImportCandidate, key: number, now: Date): NewCatalogBook {
  const isbn = candidate.isbns[0] ?? null;
  const { gtin } = candidate;
  const authors = candidate.authors.length > 0 ? candidate.authors : candidate.author ? [candidate.author] : [];
  return {
    key,
    // A bare ISBN: the book is titled by it until the enrichment asks a metadata source for its title and authors. A
    // bare GTIN: by it, until its owner renames it (no source is asked about a GTIN).
    title: candidate.title || (isbn !== null ? untitledBookTitle(isbn) : untitledProductTitle(gtin as string)),
    authors,
    edition:
      isbn === null && gtin === null
        ? null
        : draftEdition(
            'export',
            {
              isbn,
              gtin,
              format: candidate.format,
              language: candidate.languageCode,
              publisher: candidate.publisher,
              publishedYear: candidate.year,
              untitled: !candidate.title,
            },
            now,
          ),
  };
}

function matchByTitle(
  candidate: ImportCandidate,
  forms: readonly string[],
  byTitle: Map<string, TitleMatchCandidate[]>,
): { bookId: number } | { reason: UnmatchedReason } {
  // A row's GTIN is its identifier as an ISBN is: not finding it is `isbn_not_found` too.
  const notFound = { reason: candidate.isbns.length > 0 || candidate.gtin !== null ? 'isbn_not_found' : 'title_not_found' } as const;
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
