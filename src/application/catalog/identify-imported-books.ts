import { inject, injectable } from 'inversify';
import { booksIdentified, enrichmentUnavailable } from '../../domain/logging/enrichment-events.js';
import { matchKeyOf } from '../../domain/shared/search-text.js';
import { LogSink } from '../logging/log-sink.js';
import { Clock } from '../shared/clock.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { draftOfMetadata } from './metadata-edition-draft.js';
import { type BookMetadata, BookMetadataSource } from './ports/book-metadata-source.js';
import { type BookToIdentify, type FoundEdition, ImportedBookIdentification } from './ports/imported-book-identification.js';

/** Books per run: one search request each, paced by each source's rate limit. */
export const IDENTIFY_BATCH = 10;

export type IdentificationRun =
  /** `more`: the batch was full, so more books may wait. */
  | { kind: 'searched'; books: number; identified: number; more: boolean }
  | { kind: 'unavailable'; books: number; message: string; retryAfterSeconds?: number };

/**
 * Gives an ISBN to books an import created without one: searches the metadata sources by title and author, and
 * attaches an edition only when exactly one ISBN among the answers is the book (same title and author, however
 * spelled). Several candidates — a popular book's many editions, two books of one title — attach nothing: a wrong
 * edition would track the wrong prices, a missing one only asks the user to add it. Every book is searched once;
 * when the sources cannot be reached, the books not yet searched wait for a later run.
 */
@injectable()
export class IdentifyImportedBooks {
  constructor(
    @inject(ImportedBookIdentification) private readonly books: ImportedBookIdentification,
    @inject(BookMetadataSource) private readonly metadata: BookMetadataSource,
    @inject(LogSink) private readonly logs: LogSink,
    @inject(Clock) private readonly clock: Clock,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  /** `signal`: stop at once; what was searched before is still settled, then the call rejects. */
  async execute(limit = IDENTIFY_BATCH, signal?: AbortSignal): Promise<IdentificationRun> {
    const pending = await this.books.pending(limit);
    const outcomes: Array<{ bookId: number; edition: FoundEdition | null }> = [];
    let failure: Extract<IdentificationRun, { kind: 'unavailable' }> | null = null;
    // A function, not a narrowed property: the signal may abort while a search is awaited.
    const stopped = (): boolean => signal?.aborted === true;
    for (const book of pending) {
      if (stopped()) break;
      let answer;
      try {
        answer = await this.metadata.search({ title: book.title, authors: book.authors }, signal);
      } catch (error) {
        if (!stopped()) throw error;
        break;
      }
      if (answer.kind === 'unavailable') {
        failure = { kind: 'unavailable', books: pending.length - outcomes.length, message: answer.message, retryAfterSeconds: answer.retryAfterSeconds };
        break;
      }
      outcomes.push({ bookId: book.bookId, edition: theEditionOf(book, answer.editions, this.clock.now()) });
    }
    // What was searched is kept even when a later search failed: those books are not asked about again.
    const identified = outcomes.length > 0 ? await this.uow.transaction(() => this.books.settle(outcomes)) : 0;
    const now = this.clock.now();
    if (outcomes.length > 0) this.logs.record(booksIdentified({ book_count: outcomes.length, identified_count: identified }, now));
    signal?.throwIfAborted();
    if (failure !== null) {
      this.logs.record(enrichmentUnavailable({ book_count: failure.books, error: failure.message }, now));
      return failure;
    }
    return { kind: 'searched', books: outcomes.length, identified, more: pending.length === limit };
  }
}

/** The one edition among a search's answers that is the book, or null when none or several are. */
export function theEditionOf(book: BookToIdentify, answers: readonly BookMetadata[], now: Date): FoundEdition | null {
  const title = matchKeyOf(book.title);
  // The book's title is the answer's title, or its title and subtitle ("Dune: Messiah" as "Dune" + "Messiah").
  const fitting = answers.filter(
    (answer) =>
      [answer.title, answer.subtitle ? `${answer.title} ${answer.subtitle}` : null].some((t) => t !== null && matchKeyOf(t) === title) &&
      (book.authors.length === 0 || answer.authors.some((a) => book.authors.some((b) => sameAuthor(a, b)))),
  );
  const isbns = new Set(fitting.map((answer) => answer.isbn13));
  if (isbns.size !== 1) return null;
  return draftOfMetadata('search', fitting[0]!, now);
}

/**
 * One author written two ways: the same folded name ("J.R.R. Tolkien" = "J. R. R. Tolkien"), or the same surname and
 * first initial ("Ursula K. Le Guin" = "Ursula Le Guin").
 */
function sameAuthor(a: string, b: string): boolean {
  const ka = matchKeyOf(a);
  const kb = matchKeyOf(b);
  if (ka === kb) return ka !== '';
  const wa = ka.split(' ');
  const wb = kb.split(' ');
  return wa.length > 1 && wb.length > 1 && wa.at(-1) === wb.at(-1) && wa[0]![0] === wb[0]![0];
}
