// Every path that stores a created edition stores the domain's draft as it is (format, language, guesses, year,
// whether it waits for enrichment): the catalog writer, the title search's attach and the edition repository decide
// no value of their own. Each writer is called on PostgreSQL as production calls it.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MikroOrmRequestScope } from '../../../src/adapters/postgres/mikro-orm-request-scope.js';
import { MikroOrmEditionRepository } from '../../../src/adapters/postgres/repositories/mikro-orm-edition-repository.js';
import { MikroOrmUnitOfWork } from '../../../src/adapters/postgres/repositories/mikro-orm-unit-of-work.js';
import { SqlCatalogWriter } from '../../../src/adapters/postgres/repositories/sql-catalog-writer.js';
import { executeBound } from '../../../src/adapters/kits/sql/select-rows.js';
import { SqlImportedBookIdentification } from '../../../src/adapters/postgres/repositories/sql-imported-book-identification.js';
import { CatalogRowsRefused } from '../../../src/application/catalog/ports/catalog-writer.js';
import { draftEdition, type EditionDraft } from '../../../src/domain/catalog/edition-draft.js';
import { Edition } from '../../../src/domain/catalog/edition.js';
import { databaseForThisFile } from '../../support/orm-for-tests.js';

// Long before any test runs: a stored enriched_at equal to it came from the draft, not from the database's now().
const NOW = new Date('2021-03-04T05:06:07.000Z');

const file = databaseForThisFile();

/** One unit of work in its own request scope, as a use case runs. */
const inTransaction = <T>(work: () => Promise<T>): Promise<T> =>
  new MikroOrmRequestScope(file.orm.em).run(() => new MikroOrmUnitOfWork(file.orm.em).transaction(work));

interface StoredEdition {
  isbn13: string;
  format: string;
  language: string;
  editionTitle: string | null;
  publisher: string | null;
  publishedYear: number | null;
  coverUrl: string | null;
  guessedFields: string[];
  enrichedAt: Date | null;
}

async function stored(isbn13: string): Promise<StoredEdition> {
  const [row] = await file.db.sql<StoredEdition>(
    `select e.isbn as "isbn13", e.format, l.language_code as language, e.edition_title as "editionTitle", e.publisher,
            e.published_year as "publishedYear", e.cover_url as "coverUrl", e.guessed_fields as "guessedFields",
            e.enriched_at as "enrichedAt"
     from edition e join language l using (language_id) where e.isbn = $1`,
    [isbn13],
  );
  return row!;
}

const asStored = (draft: EditionDraft): StoredEdition => ({ ...draft, guessedFields: [...draft.guessedFields] });

describe('SqlCatalogWriter', () => {
  it('stores an export row\'s draft (guesses, waiting) and a lookup\'s draft (complete as the sources gave it) as drafted', async () => {
    const exported = draftEdition(
      'export',
      { isbn: '9783150090114', format: null, language: null, publisher: ' Reclam ', publishedYear: 1986, untitled: true },
      NOW,
    );
    const looked = draftEdition(
      'lookup',
      { isbn: '9782070360024', format: 'hardcover', language: 'fr', publisher: null, publishedYear: 3000, coverUrl: 'https://covers.example/2.jpg' },
      NOW,
    );
    const writer = new SqlCatalogWriter(file.orm.em);
    const created = await inTransaction(async () => {
      await writer.lockCreation();
      return writer.create([
        { key: 1, title: 'ISBN 9783150090114', authors: [], edition: exported },
        { key: 2, title: "L'Étranger", authors: ['Albert Camus'], edition: looked },
      ], 'metadata');
    });
    expect(created).toMatchObject({ createdBooks: 2, createdEditions: 2, createdAuthors: 1 });
    expect(exported).toMatchObject({ language: 'de', guessedFields: ['format', 'language', 'title'], enrichedAt: null });
    expect(await stored('9783150090114')).toEqual(asStored(exported));
    expect(looked).toMatchObject({ publishedYear: null, guessedFields: [], enrichedAt: NOW });
    expect(await stored('9782070360024')).toEqual(asStored(looked));
  });

  it('gives an edition known by its GTIN alone the ISBN named beside it, once per GTIN and ISBN, never one another edition holds', async () => {
    const product = (gtin: string) => draftEdition('export', { isbn: null, gtin, format: null, language: null, publisher: null, publishedYear: null, untitled: true }, NOW);
    const writer = new SqlCatalogWriter(file.orm.em);
    await inTransaction(() =>
      writer.create([
        { key: 1, title: 'GTIN 0036000291452', authors: [], edition: product('0036000291452') },
        { key: 2, title: 'GTIN 4006381333931', authors: [], edition: product('4006381333931') },
        { key: 3, title: 'A Board Game', authors: [], edition: product('0012345678905') },
        { key: 4, title: 'Taken', authors: [], edition: draftEdition('export', { isbn: '9780140449136', format: null, language: null, publisher: null, publishedYear: null }, NOW) },
      ]),
    );
    const given = await inTransaction(() =>
      writer.giveIsbns([
        { gtin: '0036000291452', isbn13: '9781861972712' },
        { gtin: '0036000291452', isbn13: '9780306406157' }, // the GTIN's second ISBN: the first wins
        { gtin: '4006381333931', isbn13: '9781861972712' }, // the first pair's ISBN again: that GTIN keeps none
        { gtin: '0012345678905', isbn13: '9780140449136' }, // an ISBN another edition holds
        { gtin: '0725272730706', isbn13: '9780451524935' }, // a GTIN nobody has
      ]),
    );
    expect(given).toBe(1);
    const rows = await file.db.sql<{ gtin: string; isbn: string | null; title: string; waits: boolean }>(
      `select e.gtin, e.isbn, b.book_original_title as title, e.enriched_at is null as waits
       from edition e join book b using (book_id) where e.gtin is not null order by e.gtin`,
    );
    expect(rows).toEqual([
      { gtin: '0012345678905', isbn: null, title: 'A Board Game', waits: false },
      { gtin: '0036000291452', isbn: '9781861972712', title: 'ISBN 9781861972712', waits: true },
      { gtin: '4006381333931', isbn: null, title: 'GTIN 4006381333931', waits: false },
    ]);
  });

  it('an ISBN another request stores meanwhile leaves the GTIN edition as it was, and the transaction goes on', async () => {
    const writer = new SqlCatalogWriter(file.orm.em);
    const product = draftEdition('export', { isbn: null, gtin: '0725272730706', format: null, language: null, publisher: null, publishedYear: null, untitled: true }, NOW);
    await inTransaction(() => writer.create([{ key: 1, title: 'GTIN 0725272730706', authors: [], edition: product }]));
    // Another request (a user's edition, which takes no creation lock) holds the ISBN, not yet committed: the writer's
    // check cannot see it, the unique index waits for it and then refuses.
    const other = new pg.Client({ connectionString: file.db.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(
        `insert into edition (book_id, isbn, format, language_id)
         select b.book_id, '9780451524935', 'paperback', e.language_id from book b join edition e using (book_id) where e.gtin = '0725272730706'`,
      );
      const given = inTransaction(async () => {
        const n = await writer.giveIsbns([{ gtin: '0725272730706', isbn13: '9780451524935' }]);
        // The transaction is still usable after the refusal (an aborted one refuses every statement).
        const [row] = await executeBound(file.orm.em, 'select 1 as ok', []);
        return { n, ok: row?.ok };
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await other.query('commit');
      expect(await given).toEqual({ n: 0, ok: 1 });
    } finally {
      await other.end();
    }
    expect(await file.db.sql('select isbn from edition where gtin = $1', ['0725272730706'])).toEqual([{ isbn: null }]);
  });

  it('a language the catalog does not list is refused, never stored as another one', async () => {
    const draft: EditionDraft = { ...draftEdition('export', { isbn: '9780306406157', format: 'paperback', language: 'en', publisher: null, publishedYear: null }, NOW), language: 'zz' };
    const writer = new SqlCatalogWriter(file.orm.em);
    await expect(inTransaction(() => writer.create([{ key: 1, title: 'Refused', authors: [], edition: draft }]))).rejects.toBeInstanceOf(CatalogRowsRefused);
    expect(await file.db.sql('select 1 from edition where isbn = $1', ['9780306406157'])).toEqual([]);
  });
});

describe('SqlImportedBookIdentification', () => {
  it('attaches a title search\'s draft as drafted, and no longer searches the book', async () => {
    const [book] = await file.db.sql<{ book_id: string }>(
      "insert into book (book_original_title, title_search, edition_search_pending) values ('Der Process', 'der process', true) returning book_id",
    );
    const bookId = Number(book!.book_id);
    const found = draftEdition(
      'search',
      { isbn: '9783150091289', format: 'paperback', language: null, publisher: 'Reclam', publishedYear: 1995, coverUrl: null },
      NOW,
    );
    const identification = new SqlImportedBookIdentification(file.orm.em);
    expect(await inTransaction(() => identification.settle([{ bookId, edition: found }]))).toBe(1);
    expect(found).toMatchObject({ language: 'de', guessedFields: ['language'], enrichedAt: null });
    expect(await stored('9783150091289')).toEqual(asStored(found));
    expect(await file.db.sql('select edition_search_pending as pending from book where book_id = $1', [bookId])).toEqual([{ pending: false }]);
  });
});

describe('MikroOrmEditionRepository', () => {
  it('stores a user\'s edition with the draft\'s guesses (none) and enrichment time (its creation), not column defaults', async () => {
    const [book] = await file.db.sql<{ book_id: string }>("insert into book (book_original_title, title_search) values ('Typed', 'typed') returning book_id");
    const [german] = await file.db.sql<{ language_id: string }>("select language_id from language where language_code = 'de'");
    const edition = Edition.create(
      Number(book!.book_id),
      { isbn: '978-3-16-148410-0', format: 'ebook', languageId: Number(german!.language_id), editionTitle: null, publisher: 'Mohr', publishedYear: 2001 },
      NOW,
    );
    await inTransaction(() => new MikroOrmEditionRepository(file.orm.em).add(edition));
    expect(await stored('9783161484100')).toEqual({
      isbn13: '9783161484100', format: 'ebook', language: 'de', editionTitle: null, publisher: 'Mohr', publishedYear: 2001, coverUrl: null,
      guessedFields: [], enrichedAt: NOW,
    });
    const read = await new MikroOrmRequestScope(file.orm.em).run(() => new MikroOrmEditionRepository(file.orm.em).findByIsbn('9783161484100'));
    expect(read).toMatchObject({ guessedFields: [], enrichedAt: NOW });
  });
});
