// IdentifyImportedBooks with hand-written fakes of its ports: which search answer is the book, what is attached, what
// waits when the sources are down.
import { describe, expect, it } from 'vitest';
import { IdentifyImportedBooks, theEditionOf } from '../../../../src/application/catalog/identify-imported-books.js';
import type {
  BookMetadata,
  BookMetadataSource,
  MetadataSearch,
  TitleQuery,
} from '../../../../src/application/catalog/ports/book-metadata-source.js';
import type {
  BookToIdentify,
  FoundEdition,
  ImportedBookIdentification,
} from '../../../../src/application/catalog/ports/imported-book-identification.js';
import type { LogSink } from '../../../../src/application/logging/log-sink.js';
import type { UnitOfWork } from '../../../../src/application/shared/unit-of-work.js';
import type { LogEvent } from '../../../../src/domain/logging/log-event.js';

const NOW = new Date('2026-11-25T12:00:00Z');

const answer = (isbn13: string, title: string, authors: string[], fields: Partial<BookMetadata> = {}): BookMetadata => ({
  isbn13,
  title,
  subtitle: null,
  authors,
  publisher: 'Source Press',
  publishedYear: 2011,
  pages: 320,
  languageCode: null,
  format: null,
  coverUrl: null,
  source: 'open-library',
  ...fields,
});

const book = (bookId: number, title: string, authors: string[] = []): BookToIdentify => ({ bookId, title, authors });

class FakeBooks implements ImportedBookIdentification {
  readonly settled: Array<{ bookId: number; edition: FoundEdition | null }> = [];
  constructor(private waiting: BookToIdentify[]) {}
  async pending(limit: number): Promise<BookToIdentify[]> {
    return this.waiting.slice(0, limit);
  }
  async settle(outcomes: ReadonlyArray<{ bookId: number; edition: FoundEdition | null }>): Promise<number> {
    this.settled.push(...outcomes);
    const done = new Set(outcomes.map((o) => o.bookId));
    this.waiting = this.waiting.filter((b) => !done.has(b.bookId));
    return outcomes.filter((o) => o.edition !== null).length;
  }
}

class FakeLogs implements LogSink {
  readonly events: LogEvent[] = [];
  record(event: LogEvent): void {
    this.events.push(event);
  }
  ready = async (): Promise<void> => undefined;
  close = async (): Promise<void> => undefined;
}

/** Answers each title from a table; a title mapped to 'down' is a source that cannot be reached. */
class FakeSearch implements BookMetadataSource {
  readonly asked: TitleQuery[] = [];
  constructor(private readonly answers: Record<string, BookMetadata[] | 'down'>) {}
  async lookup(): Promise<never> {
    throw new Error('not asked by ISBN here');
  }
  async search(query: TitleQuery): Promise<MetadataSearch> {
    this.asked.push(query);
    const found = this.answers[query.title] ?? [];
    return found === 'down' ? { kind: 'unavailable', message: 'open-library: 503' } : { kind: 'found', editions: found };
  }
}

function identifier(waiting: BookToIdentify[], answers: Record<string, BookMetadata[] | 'down'>) {
  const books = new FakeBooks(waiting);
  const search = new FakeSearch(answers);
  const logs = new FakeLogs();
  const uow: UnitOfWork = { transaction: (work) => work(), afterCommit: (action) => action() };
  return { use: new IdentifyImportedBooks(books, search, logs, { now: () => NOW }, uow), books, search, logs };
}

describe('theEditionOf', () => {
  it('takes the one answer whose title and author are the book, however spelled', () => {
    const found = theEditionOf(book(1, "Ender's Game", ['Orson Scott Card']), [
      answer('9780812550702', 'Enders Game', ['ORSON SCOTT CARD'], { languageCode: 'en', format: 'paperback' }),
      answer('9780765342973', "Ender's Shadow", ['Orson Scott Card']),
    ], NOW);
    // Drafted as a title search's find: nothing guessed, but no cover, so the ISBN lookup may still complete it.
    expect(found).toEqual({
      isbn13: '9780812550702', format: 'paperback', language: 'en', editionTitle: null, publisher: 'Source Press', publishedYear: 2011,
      coverUrl: null, guessedFields: [], enrichedAt: null,
    });
  });

  it('matches an author by surname and first initial, and a title given as title plus subtitle', () => {
    const found = theEditionOf(book(1, 'The Dispossessed: An Ambiguous Utopia', ['Ursula K. Le Guin']), [
      answer('9780061054884', 'The Dispossessed', ['Ursula Le Guin'], { subtitle: 'An Ambiguous Utopia' }),
    ], NOW);
    expect(found?.isbn13).toBe('9780061054884');
  });

  it('attaches nothing when several ISBNs are the book, or none is', () => {
    const twoEditions = [answer('9780441172719', 'Dune', ['Frank Herbert']), answer('9780593099322', 'Dune', ['Frank Herbert'])];
    expect(theEditionOf(book(1, 'Dune', ['Frank Herbert']), twoEditions, NOW)).toBeNull();
    expect(theEditionOf(book(1, 'Dune', ['Someone Else']), [twoEditions[0]!], NOW)).toBeNull();
    expect(theEditionOf(book(1, 'Dune Messiah', ['Frank Herbert']), [twoEditions[0]!], NOW)).toBeNull();
    expect(theEditionOf(book(1, 'Dune', []), [], NOW)).toBeNull();
  });

  it('the same ISBN twice is one edition; a book without authors is matched by title alone', () => {
    const same = [answer('9780441172719', 'Dune', ['Frank Herbert']), answer('9780441172719', 'DUNE', ['F. Herbert'])];
    expect(theEditionOf(book(1, 'Dune', []), same, NOW)?.isbn13).toBe('9780441172719');
  });

  it('fills a language the source did not give from the ISBN, and drops an implausible year', () => {
    const found = theEditionOf(book(1, 'Die Verwandlung', ['Franz Kafka']), [
      answer('9783150090114', 'Die Verwandlung', ['Franz Kafka'], { publishedYear: 1200, publisher: '  ' }),
    ], NOW);
    expect(found).toMatchObject({ language: 'de', publishedYear: null, publisher: null, guessedFields: ['format', 'language'], enrichedAt: null });
  });
});

describe('IdentifyImportedBooks', () => {
  it('searches each waiting book by title and authors, attaches the editions found, and settles every book searched', async () => {
    const { use, books, search, logs } = identifier([book(1, 'Dune', ['Frank Herbert']), book(2, 'Unknown', ['Nobody'])], {
      Dune: [answer('9780441172719', 'Dune', ['Frank Herbert'])],
    });
    expect(await use.execute()).toEqual({ kind: 'searched', books: 2, identified: 1, more: false });
    expect(search.asked).toEqual([{ title: 'Dune', authors: ['Frank Herbert'] }, { title: 'Unknown', authors: ['Nobody'] }]);
    expect(books.settled.map((o) => [o.bookId, o.edition?.isbn13 ?? null])).toEqual([[1, '9780441172719'], [2, null]]);
    expect(logs.events).toEqual([expect.objectContaining({ event: 'books_identified', detail: { book_count: 2, identified_count: 1 } })]);
  });

  it('when the sources go down mid-batch, keeps what was searched and leaves the rest waiting', async () => {
    const { use, books, logs } = identifier([book(1, 'Dune', ['Frank Herbert']), book(2, 'Later', []), book(3, 'Last', [])], {
      Dune: [answer('9780441172719', 'Dune', ['Frank Herbert'])],
      Later: 'down',
    });
    expect(await use.execute()).toEqual({ kind: 'unavailable', books: 2, message: 'open-library: 503', retryAfterSeconds: undefined });
    expect(books.settled.map((o) => o.bookId)).toEqual([1]);
    expect((await books.pending(10)).map((b) => b.bookId)).toEqual([2, 3]);
    expect(logs.events.map((e) => e.event)).toEqual(['books_identified', 'enrichment_unavailable']);
  });

  it('takes at most `limit` books a run, says when more may wait, and does nothing when none wait', async () => {
    const { use } = identifier([book(1, 'A'), book(2, 'B'), book(3, 'C')], {});
    expect(await use.execute(2)).toEqual({ kind: 'searched', books: 2, identified: 0, more: true });
    expect(await use.execute(2)).toEqual({ kind: 'searched', books: 1, identified: 0, more: false });
    expect(await use.execute(2)).toEqual({ kind: 'searched', books: 0, identified: 0, more: false });
  });
});
