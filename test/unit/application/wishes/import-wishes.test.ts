// ImportWishes with hand-written fakes of its ports: what is matched, what is created and how, and what is reported.
import { systemClock } from '../../../../src/application/shared/clock.js';
import { describe, expect, it } from 'vitest';
import type { EnrichmentQueue } from '../../../../src/application/catalog/ports/enrichment-queue.js';
import type { ImportBookMatcher, TitleMatchCandidate } from '../../../../src/application/wishes/ports/import-book-matcher.js';
import {
  CatalogRowsRefused,
  type CatalogWriter,
  type CreatedCatalogBooks,
  type GtinWithIsbn,
  type NewCatalogBook,
} from '../../../../src/application/catalog/ports/catalog-writer.js';
import type { WishRepository } from '../../../../src/application/wishes/ports/wish-repository.js';
import { IMPORT_CHUNK_ROWS, IMPORT_MAX_ROWS, IMPORT_REPORT_MAX_LISTED, IMPORT_STOPPED_RETRY_SECONDS, ImportWishes } from '../../../../src/application/wishes/import-wishes.js';
import type { UnitOfWork } from '../../../../src/application/shared/unit-of-work.js';
import { ServiceUnavailableError, TooLargeError } from '../../../../src/domain/shared/domain-error.js';
import { normalizeForSearch } from '../../../../src/domain/shared/search-text.js';
import type { NewWish } from '../../../../src/domain/wishes/wish.js';

/** What the fakes saw, in order. */
type Event = 'transaction' | 'lock' | 'match-isbn' | 'match-gtin' | 'match-title' | 'give-isbns' | 'create' | 'add-wishes' | 'enqueue-enrichment';

class FakeCatalog implements ImportBookMatcher, CatalogWriter, EnrichmentQueue {
  readonly events: Event[] = [];
  readonly created: NewCatalogBook[] = [];
  readonly refusedTitles = new Set<string>();
  private nextId = 100;

  constructor(
    private readonly isbns: Map<string, number> = new Map(),
    private readonly titles: Map<string, TitleMatchCandidate[]> = new Map(),
    private readonly gtins: Map<string, number> = new Map(),
  ) {}

  async booksByIsbn(isbns: readonly string[]): Promise<Map<string, number>> {
    this.events.push('match-isbn');
    return new Map(isbns.flatMap((isbn) => (this.isbns.has(isbn) ? [[isbn, this.isbns.get(isbn)!] as const] : [])));
  }

  async booksByGtin(gtins: readonly string[]): Promise<Map<string, number>> {
    this.events.push('match-gtin');
    return new Map(gtins.flatMap((gtin) => (this.gtins.has(gtin) ? [[gtin, this.gtins.get(gtin)!] as const] : [])));
  }

  async booksByTitle(foldedTitles: readonly string[]): Promise<Map<string, TitleMatchCandidate[]>> {
    this.events.push('match-title');
    return new Map(foldedTitles.flatMap((title) => (this.titles.has(title) ? [[title, this.titles.get(title)!] as const] : [])));
  }

  async lockCreation(): Promise<void> {
    this.events.push('lock');
  }

  async enqueue(): Promise<void> {
    this.events.push('enqueue-enrichment');
  }

  /** GTIN → the ISBN its edition was given (as the database would: only an edition without one, the first pair wins). */
  readonly givenIsbns = new Map<string, string>();

  async giveIsbns(pairs: readonly GtinWithIsbn[]): Promise<number> {
    this.events.push('give-isbns');
    let given = 0;
    for (const { gtin, isbn13 } of pairs) {
      const bookId = this.gtins.get(gtin);
      if (bookId === undefined || this.givenIsbns.has(gtin) || this.isbns.has(isbn13)) continue;
      this.givenIsbns.set(gtin, isbn13);
      this.isbns.set(isbn13, bookId);
      given += 1;
    }
    return given;
  }

  async create(books: readonly NewCatalogBook[]): Promise<CreatedCatalogBooks> {
    this.events.push('create');
    // As the database would: a call with a refused book keeps nothing of the call.
    if (books.some((book) => this.refusedTitles.has(book.title))) throw new CatalogRowsRefused('check constraint');
    this.created.push(...books);
    const authors = new Set(books.flatMap((book) => book.authors.map(normalizeForSearch)));
    return {
      bookIds: new Map(books.map((book) => [book.key, this.nextId++])),
      createdBooks: books.length,
      createdAuthors: authors.size,
      createdEditions: books.filter((book) => book.edition !== null).length,
    };
  }
}

class FakeWishes implements Pick<WishRepository, 'addMany'> {
  readonly added: NewWish[] = [];
  constructor(
    private readonly events: Event[],
    private readonly alreadyWished: ReadonlySet<number> = new Set(),
  ) {}

  async addMany(_userId: number, wishes: readonly NewWish[]): Promise<Set<number>> {
    this.events.push('add-wishes');
    const fresh = wishes.filter((wish) => !this.alreadyWished.has(wish.bookId));
    this.added.push(...fresh);
    return new Set(fresh.map((wish) => wish.bookId));
  }
}

function importer(catalog: FakeCatalog, alreadyWished: ReadonlySet<number> = new Set()): { use: ImportWishes; wishes: FakeWishes } {
  const wishes = new FakeWishes(catalog.events, alreadyWished);
  const uow: UnitOfWork = {
    transaction: async (work) => {
      catalog.events.push('transaction');
      return work();
    },
    afterCommit: (action) => action(),
  };
  return { use: new ImportWishes(wishes as unknown as WishRepository, catalog, catalog, uow, catalog, systemClock), wishes };
}

const csv = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('ImportWishes', () => {
  it('without create_missing: matches by ISBN, then title and author; reports the rest; creates nothing and takes no lock', async () => {
    const catalog = new FakeCatalog(new Map([['9780306406157', 1]]), new Map([['piranesi', [{ bookId: 2, authorKeys: ['susanna clarke'] }]]]));
    const { use, wishes } = importer(catalog);
    const report = await use.execute(7, csv('isbn,title,author\n9780306406157,Any,\n,Piranesi,Susanna Clarke\n,Unknown Book,Nobody\n'));
    expect(report).toEqual({
      created: 2,
      alreadyWished: 0,
      unmatched: [{ line: 4, reason: 'title_not_found', title: 'Unknown Book', isbn: null }],
      invalid: [],
      unmatchedCount: 1,
      invalidCount: 0,
      createdBooks: 0,
      createdAuthors: 0,
      createdEditions: 0,
    });
    expect(wishes.added.map((wish) => wish.bookId)).toEqual([1, 2]);
    expect(catalog.events).not.toContain('lock');
    expect(catalog.events).not.toContain('enqueue-enrichment');
    expect(catalog.created).toEqual([]);
  });

  it('with create_missing: takes the lock before matching, then creates one book per edition or title and wishes them', async () => {
    const catalog = new FakeCatalog();
    const { use, wishes } = importer(catalog);
    const report = await use.execute(
      7,
      csv(
        'isbn,title,author\n' +
          '9783150090114,Die Verwandlung,Franz Kafka\n' +
          '978-3-15-009011-4,Die Verwandlung (again),Franz Kafka\n' +
          ',Das Schloss,Franz Kafka\n' +
          ',das schloss,FRANZ KAFKA\n' +
          '9780143111597,,\n',
      ),
      { createMissing: true },
    );
    expect(catalog.events.slice(0, 3)).toEqual(['transaction', 'lock', 'match-isbn']);
    expect(catalog.created).toEqual([
      {
        key: 0,
        title: 'Die Verwandlung',
        authors: ['Franz Kafka'],
        // No format or language in the file: the commonest format, and the ISBN's registration group (978-3: German),
        // both marked as guesses for the enrichment to replace; it waits for that enrichment.
        edition: {
          isbn13: '9783150090114', format: 'paperback', language: 'de', editionTitle: null, publisher: null, publishedYear: null,
          coverUrl: null, guessedFields: ['format', 'language'], enrichedAt: null,
        },
      },
      { key: 1, title: 'Das Schloss', authors: ['Franz Kafka'], edition: null },
      // A bare ISBN: a book titled by it, its title marked as a guess for the enrichment to replace.
      {
        key: 2,
        title: 'ISBN 9780143111597',
        authors: [],
        edition: {
          isbn13: '9780143111597', format: 'paperback', language: 'en', editionTitle: null, publisher: null, publishedYear: null,
          coverUrl: null, guessedFields: ['format', 'language', 'title'], enrichedAt: null,
        },
      },
    ]);
    expect(report).toMatchObject({
      created: 3,
      alreadyWished: 2,
      createdBooks: 3,
      createdAuthors: 1,
      createdEditions: 2,
      unmatched: [],
    });
    expect(wishes.added.map((wish) => wish.bookId)).toEqual([100, 101, 102]);
    // An edition was created: its enrichment is queued once, after the import's transaction.
    expect(catalog.events.filter((event) => event === 'enqueue-enrichment')).toHaveLength(1);
    expect(catalog.events.at(-1)).toBe('enqueue-enrichment');
  });

  it('matches a barcode column by its GTIN (a UPC is its EAN-13), before the title; an unknown GTIN is isbn_not_found', async () => {
    const catalog = new FakeCatalog(new Map(), new Map([['watchmen', [{ bookId: 9, authorKeys: ['alan moore'] }]]]), new Map([['0036000291452', 3]]));
    const { use, wishes } = importer(catalog);
    const report = await use.execute(7, csv('upc,title,author\n036000291452,Watchmen,Alan Moore\n0012345678905,Catan,\n'));
    expect(wishes.added.map((wish) => wish.bookId)).toEqual([3]);
    expect(report.unmatched).toEqual([{ line: 3, reason: 'isbn_not_found', title: 'Catan', isbn: null }]);
  });

  it('with create_missing: a row with only a barcode creates its product, titled by its GTIN, that waits for no enrichment', async () => {
    const catalog = new FakeCatalog();
    const { use, wishes } = importer(catalog);
    const report = await use.execute(
      7,
      csv(
        'isbn,ean,title,author\n' +
          ',0036000291452,,\n' +
          ',036000291452,Again,\n' +
          '9780306406157,0012345678905,Paperback,Ann Smith\n' +
          ',4006381333931,Catan,\n',
      ),
      { createMissing: true },
    );
    const edition = (isbn13: string | null, gtin: string, waits: boolean, untitled = false) => ({
      isbn13, gtin, format: 'paperback', language: 'en', editionTitle: null, publisher: null, publishedYear: null, coverUrl: null,
      guessedFields: ['format', 'language', ...(untitled ? ['title'] : [])], enrichedAt: waits ? null : expect.any(Date),
    });
    expect(catalog.created).toEqual([
      // The metadata sources are asked by ISBN: a product known by its GTIN alone does not wait for them.
      { key: 0, title: 'GTIN 0036000291452', authors: [], edition: edition(null, '0036000291452', false, true) },
      // An ISBN and a different barcode (a US paperback's UPC): one edition with both; it waits for its ISBN's lookup.
      { key: 1, title: 'Paperback', authors: ['Ann Smith'], edition: edition('9780306406157', '0012345678905', true) },
      { key: 2, title: 'Catan', authors: [], edition: edition(null, '4006381333931', false) },
    ]);
    expect(report).toMatchObject({ created: 3, alreadyWished: 1, createdBooks: 3, createdEditions: 3, unmatched: [], invalid: [] });
    expect(wishes.added).toHaveLength(3);
  });

  it('with create_missing: a row with an ISBN beside a barcode known alone gives that edition the ISBN and asks for its metadata', async () => {
    const catalog = new FakeCatalog(new Map(), new Map(), new Map([['0036000291452', 42]]));
    const { use, wishes } = importer(catalog);
    const report = await use.execute(7, csv('isbn,upc,title,author\n9780306406157,0036000291452,Watchmen,Alan Moore\n'), { createMissing: true });
    expect(report).toMatchObject({ created: 1, createdBooks: 0, createdEditions: 0, unmatched: [], invalid: [] });
    expect(wishes.added.map((wish) => wish.bookId)).toEqual([42]);
    expect(catalog.givenIsbns).toEqual(new Map([['0036000291452', '9780306406157']]));
    expect(catalog.events).toContain('give-isbns');
    expect(catalog.events.at(-1)).toBe('enqueue-enrichment');
  });

  it('without create_missing: a row matched by its barcode changes no edition', async () => {
    const catalog = new FakeCatalog(new Map(), new Map(), new Map([['0036000291452', 42]]));
    const { use, wishes } = importer(catalog);
    await use.execute(7, csv('isbn,upc,title,author\n9780306406157,0036000291452,Watchmen,Alan Moore\n'), {});
    expect(wishes.added.map((wish) => wish.bookId)).toEqual([42]);
    expect(catalog.givenIsbns.size).toBe(0);
    expect(catalog.events).not.toContain('give-isbns');
    expect(catalog.events).not.toContain('enqueue-enrichment');
  });

  it('with create_missing: a barcode-only row and a row with an ISBN and that barcode are one edition with both, in either order', async () => {
    const barcodeOnly = ',036000291452,Watchmen #1,Alan Moore\n';
    const withIsbn = '9780306406157,0036000291452,Watchmen,Alan Moore\n';
    const created: NewCatalogBook[][] = [];
    for (const rows of [barcodeOnly + withIsbn, withIsbn + barcodeOnly]) {
      const catalog = new FakeCatalog();
      const { use, wishes } = importer(catalog);
      const report = await use.execute(7, csv(`isbn,upc,title,author\n${rows}`), { createMissing: true });
      expect(report).toMatchObject({ created: 1, alreadyWished: 1, createdBooks: 1, createdEditions: 1, unmatched: [], invalid: [] });
      expect(wishes.added.map((wish) => wish.bookId)).toEqual([100]);
      created.push(catalog.created);
    }
    // Drafted from the row with the ISBN whichever comes first: the same book both ways, its edition with both numbers.
    expect(created[0]).toEqual(created[1]);
    expect(created[0]).toEqual([
      {
        key: 0,
        title: 'Watchmen',
        authors: ['Alan Moore'],
        edition: expect.objectContaining({ isbn13: '9780306406157', gtin: '0036000291452', enrichedAt: null }),
      },
    ]);
  });

  it('a barcode-only row whose barcode another row gives beside a known ISBN is that ISBN\'s book, created or not', async () => {
    for (const createMissing of [false, true]) {
      const catalog = new FakeCatalog(new Map([['9780306406157', 4]]));
      const { use, wishes } = importer(catalog);
      const report = await use.execute(7, csv('isbn,upc\n,036000291452\n9780306406157,036000291452\n'), { createMissing });
      expect(report).toMatchObject({ created: 1, alreadyWished: 1, createdBooks: 0, unmatched: [], invalid: [] });
      expect(wishes.added.map((wish) => wish.bookId)).toEqual([4]);
      expect(catalog.created).toEqual([]);
    }
  });

  it('matches a title and author written with other punctuation, case or accents than the catalog\'s', async () => {
    // The catalog holds "Ender's Game" by "Orson S. Card" (its author keyed as the matcher gives it).
    const catalog = new FakeCatalog(new Map(), new Map([['enders game', [{ bookId: 5, authorKeys: ['orson s card'] }]]]));
    const { use, wishes } = importer(catalog);
    const report = await use.execute(7, csv('isbn,title,author\n,ENDER’S GAME (Ender\'s Saga #1),Orson S Card\n'), { createMissing: true });
    expect(report).toMatchObject({ created: 1, unmatched: [], createdBooks: 0 });
    expect(wishes.added.map((wish) => wish.bookId)).toEqual([5]);
  });

  it('with create_missing: rows whose data is refused are found by halving and reported; every other row is created', async () => {
    const catalog = new FakeCatalog();
    catalog.refusedTitles.add('Poison');
    const { use, wishes } = importer(catalog);
    const titles = ['One', 'Two', 'Poison', 'Four', 'Five', 'Six', 'Seven'];
    const report = await use.execute(7, csv(`isbn,title,author\n${titles.map((title) => `,${title},Ann`).join('\n')}\n`), { createMissing: true });
    expect(report.invalid).toEqual([{ line: 4, message: "the catalog could not store this row's book" }]);
    expect(report).toMatchObject({ created: 6, createdBooks: 6 });
    expect(catalog.created.map((book) => book.title).sort()).toEqual(['Five', 'Four', 'One', 'Seven', 'Six', 'Two']);
    expect(wishes.added).toHaveLength(6);
    // 7 rows, one refused: the whole, the half with it, its quarter, then the refused row alone.
    expect(catalog.events.filter((event) => event === 'create').length).toBeLessThanOrEqual(8);
  });

  it('lists at most IMPORT_REPORT_MAX_LISTED unmatched and invalid rows, the first by line, and counts them all', async () => {
    const { use } = importer(new FakeCatalog());
    const extra = 3;
    const rows = Array.from({ length: IMPORT_REPORT_MAX_LISTED + extra }, (_, i) => `,Unknown ${i},Nobody\n,,Nobody\n`).join('');
    const report = await use.execute(7, csv(`isbn,title,author\n${rows}`));
    expect(report.unmatchedCount).toBe(IMPORT_REPORT_MAX_LISTED + extra);
    expect(report.invalidCount).toBe(IMPORT_REPORT_MAX_LISTED + extra);
    expect(report.unmatched).toHaveLength(IMPORT_REPORT_MAX_LISTED);
    expect(report.invalid).toHaveLength(IMPORT_REPORT_MAX_LISTED);
    expect(report.unmatched[0]!.line).toBe(2);
    expect(report.invalid.at(-1)!.line).toBe(2 * IMPORT_REPORT_MAX_LISTED + 1);
  });

  it('with create_missing: an ambiguous title is reported, never created', async () => {
    const twins = [
      { bookId: 1, authorKeys: ['ann smith'] },
      { bookId: 2, authorKeys: ['ann smith'] },
    ];
    const catalog = new FakeCatalog(new Map(), new Map([['twins', twins]]));
    const { use } = importer(catalog);
    const report = await use.execute(7, csv('isbn,title,author\n,Twins,Ann Smith\n'), { createMissing: true });
    expect(report.unmatched).toEqual([{ line: 2, reason: 'ambiguous_title', title: 'Twins', isbn: null }]);
    expect(catalog.created).toEqual([]);
  });

  it('rows whose book was just created or matched and is wished already count as already wished', async () => {
    const catalog = new FakeCatalog(new Map([['9780306406157', 1]]));
    const { use } = importer(catalog, new Set([1]));
    const report = await use.execute(7, csv('isbn\n9780306406157\n'), { createMissing: true });
    expect(report).toMatchObject({ created: 0, alreadyWished: 1, createdBooks: 0 });
  });

  it('with create_missing: works a chunk of rows at a time, each in its own transaction under the lock (others wait one chunk at most)', async () => {
    const catalog = new FakeCatalog();
    const { use, wishes } = importer(catalog);
    const rows = 2 * IMPORT_CHUNK_ROWS + 5;
    const lines = Array.from({ length: rows }, (_, i) => `,Title ${i},Author ${i}`).join('\n');
    const report = await use.execute(7, csv(`isbn,title,author\n${lines}\n`), { createMissing: true });
    expect(report).toMatchObject({ created: rows, createdBooks: rows, alreadyWished: 0 });
    expect(wishes.added).toHaveLength(rows);
    expect(catalog.events.filter((event) => event === 'transaction')).toHaveLength(3);
    expect(catalog.events.filter((event) => event === 'lock')).toHaveLength(3);
    // Each transaction takes the lock before it matches; the enrichment is asked for once, after the last commit.
    catalog.events.forEach((event, i) => {
      if (event === 'transaction') expect(catalog.events[i + 1]).toBe('lock');
    });
    expect(catalog.events.filter((event) => event === 'enqueue-enrichment')).toHaveLength(1);
    expect(catalog.events.at(-1)).toBe('enqueue-enrichment');
  });

  it('stops between two chunks when the service starts stopping: the chunks before are kept, and it says how far it got', async () => {
    const catalog = new FakeCatalog();
    const wishes = new FakeWishes(catalog.events);
    const stop = new AbortController();
    // The stop starts while the first chunk is being written.
    const uow: UnitOfWork = {
      transaction: async (work) => {
        catalog.events.push('transaction');
        stop.abort();
        return work();
      },
      afterCommit: (action) => action(),
    };
    const use = new ImportWishes(wishes as unknown as WishRepository, catalog, catalog, uow, catalog, systemClock);
    const rows = 3 * IMPORT_CHUNK_ROWS;
    const lines = Array.from({ length: rows }, (_, i) => `,Title ${i},Author ${i}`).join('\n');
    const error = await use.execute(7, csv(`isbn,title,author\n${lines}\n`), { createMissing: true, stopping: stop.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect((error as ServiceUnavailableError).retryAfterSeconds).toBe(IMPORT_STOPPED_RETRY_SECONDS);
    expect((error as Error).message).toMatch(new RegExp(`stopped after ${IMPORT_CHUNK_ROWS.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')} rows`));
    expect(wishes.added).toHaveLength(IMPORT_CHUNK_ROWS);
    expect(catalog.events.filter((event) => event === 'transaction')).toHaveLength(1);
    // What was created is enriched all the same.
    expect(catalog.events.at(-1)).toBe('enqueue-enrichment');
  });

  it(`refuses a file of more than IMPORT_MAX_ROWS rows (${IMPORT_MAX_ROWS}) before any transaction; blank rows do not count`, async () => {
    const catalog = new FakeCatalog();
    const { use } = importer(catalog);
    const atCap = `isbn\n${'9780306406157\n'.repeat(IMPORT_MAX_ROWS)}\n\n,\n`;
    await expect(use.execute(7, csv(`${atCap}9780306406157\n`))).rejects.toThrow(TooLargeError);
    await expect(use.execute(7, csv(`${atCap}9780306406157\n`))).rejects.toThrow(/200,000 rows/);
    expect(catalog.events).toEqual([]);
    const report = await use.execute(7, csv(atCap));
    expect(report.unmatchedCount).toBe(IMPORT_MAX_ROWS);
  });
});
