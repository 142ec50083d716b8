import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { type CatalogEditionDraft, untitledBookTitle, untitledProductTitle } from '../../../domain/catalog/edition-draft.js';
import {
  type AuthorOrigin,
  CatalogRowsRefused,
  type CatalogWriter,
  type CreatedCatalogBooks,
  type GtinWithIsbn,
  type NewCatalogBook,
} from '../../../application/catalog/ports/catalog-writer.js';
import { BOOK_TITLE_MAX } from '../../../domain/catalog/book.js';
import { cutText } from '../../../domain/shared/text-length.js';
import { matchKeyOf, normalizeForSearch } from '../../../domain/shared/search-text.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { executeBound } from '../../kits/sql/select-rows.js';
import { bigintArray, textArray, toId } from './row-mapping.js';
import { isUniqueViolation } from '../pg-errors.js';
import { findOrCreateAuthors, lockCatalogCreation } from './sql-author-names.js';
import { EDITION_DRAFT_COLUMNS, EDITION_DRAFT_RECORDS, EDITION_DRAFT_VALUES, editionDraftRecord } from './sql-edition-drafts.js';

const SAVEPOINT = 'catalog_create';
const GIVE_SAVEPOINT = 'catalog_give_isbns';

// Ids are taken from the sequence first, so each created book is known by its row without relying on the order
// RETURNING happens to give.
const BOOK_IDS = `select nextval(pg_get_serial_sequence('book', 'book_id')) as id from generate_series(1, ?::int)`;

const INSERT_BOOKS = `
insert into book (book_id, book_original_title, title_search, title_key, edition_search_pending)
overriding system value
select r.id, r.title, r.search, r.key, r.search_edition
from jsonb_to_recordset(?::jsonb) as r(id bigint, title text, search text, key text, search_edition boolean)`;

const INSERT_BOOK_AUTHORS = `
insert into book_author (book_id, author_id, position)
select r.book_id, r.author_id, r.position from jsonb_to_recordset(?::jsonb) as r(book_id bigint, author_id bigint, position smallint)
on conflict do nothing`;

// An ISBN or GTIN another request created meanwhile (outside any import), or an earlier book of the same call holds
// (two rows giving one UPC beside two different ISBNs), is skipped here and handled below.
const INSERT_EDITIONS = `
insert into edition (${EDITION_DRAFT_COLUMNS})
select ${EDITION_DRAFT_VALUES}
from ${EDITION_DRAFT_RECORDS}
on conflict do nothing
returning isbn, gtin`;

// The first pair of each GTIN, then of each ISBN; an edition already holding the ISBN keeps it (the unique index).
// The book is renamed only while it carries the barcode's placeholder title (nobody renamed it).
const GIVE_ISBNS = `
with pairs as (
  select distinct on (p.isbn) p.gtin, p.isbn, p.gtin_title, p.isbn_title, p.search, p.key
  from (select distinct on (r.gtin) r.* from jsonb_to_recordset(?::jsonb) as r(n int, gtin text, isbn text, gtin_title text,
          isbn_title text, search text, key text) order by r.gtin, r.n) p
  order by p.isbn, p.n
),
given as (
  update edition e set isbn = p.isbn, enriched_at = null
  from pairs p
  where e.gtin = p.gtin and e.isbn is null and not exists (select 1 from edition o where o.isbn = p.isbn)
  returning e.book_id, p.gtin_title, p.isbn_title, p.search, p.key
),
retitled as (
  update book b set book_original_title = g.isbn_title, title_search = g.search, title_key = g.key
  from given g where b.book_id = g.book_id and b.book_original_title = g.gtin_title
)
select count(*)::int as n from given`;

const OWNERS = 'select isbn, gtin, book_id from edition where isbn = any(?::text[]) or gtin = any(?::text[])';

@injectable()
export class SqlCatalogWriter implements CatalogWriter {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async lockCreation(): Promise<void> {
    await lockCatalogCreation(this.em);
  }

  async create(books: readonly NewCatalogBook[], authorOrigin: AuthorOrigin = 'user'): Promise<CreatedCatalogBooks> {
    if (books.length === 0) return { bookIds: new Map(), createdBooks: 0, createdAuthors: 0, createdEditions: 0 };
    // A savepoint, so that data the database refuses undoes this call only and the caller can try the rows apart.
    try {
      return await this.inSavepoint(SAVEPOINT, () => this.insert(books, authorOrigin));
    } catch (error) {
      const sqlState = (error as { code?: unknown }).code;
      // Classes 22 (data exception) and 23 (integrity constraint): the rows, not the server, are the trouble.
      if (typeof sqlState === 'string' && /^2[23]/.test(sqlState)) throw new CatalogRowsRefused((error as Error).message);
      throw error;
    }
  }

  private async insert(books: readonly NewCatalogBook[], authorOrigin: AuthorOrigin): Promise<CreatedCatalogBooks> {
    const result: CreatedCatalogBooks = { bookIds: new Map(), createdBooks: 0, createdAuthors: 0, createdEditions: 0 };

    const named = books.flatMap((book) => book.authors.map((name, i) => ({ name, openLibraryId: book.authorOpenLibraryIds?.[i] ?? null })));
    const authors = await findOrCreateAuthors(this.em, named, authorOrigin === 'user');
    const authorIds = authors.ids;
    result.createdAuthors = authors.created;
    const ids = (await executeBound(this.em, BOOK_IDS, [books.length])).map((row) => toId(row.id));
    const created = books.map((book, index) => ({ book, id: ids[index] as number }));
    await executeBound(this.em, INSERT_BOOKS, [
      JSON.stringify(
        created.map(({ book, id }) => {
          const title = cutText(book.title, BOOK_TITLE_MAX);
          // A book from an export without an ISBN waits for a metadata source's search by its title.
          const searchEdition = book.edition === null && authorOrigin === 'user';
          return { id, title, search: normalizeForSearch(title), key: matchKeyOf(title), search_edition: searchEdition };
        }),
      ),
    ]);
    const links = created.flatMap(({ book, id }) =>
      [...new Set(book.authors.map((name) => authorIds.get(normalizeForSearch(name))))].flatMap((authorId, position) =>
        authorId === undefined ? [] : [{ book_id: id, author_id: authorId, position }],
      ),
    );
    if (links.length > 0) await executeBound(this.em, INSERT_BOOK_AUTHORS, [JSON.stringify(links)]);

    const withEdition = created.filter(({ book }) => book.edition !== null);
    const inserted = new Set<string>();
    if (withEdition.length > 0) {
      const rows = withEdition.map(({ book, id }) => editionDraftRecord(id, book.edition!));
      for (const row of await executeBound(this.em, INSERT_EDITIONS, [JSON.stringify(rows)])) {
        inserted.add(identityOf(nullableText(row.isbn), nullableText(row.gtin)));
      }
    }
    result.createdEditions = inserted.size;

    // A book whose ISBN or GTIN was taken meanwhile is not created after all: the row points at the edition's book.
    const taken = withEdition.filter(({ book }) => !inserted.has(identityOf(book.edition!.isbn13, book.edition!.gtin ?? null)));
    const owners = await this.ownersOf(taken.map(({ book }) => book.edition!));
    if (taken.length > 0) await executeBound(this.em, 'delete from book where book_id = any(?::bigint[])', [bigintArray(taken.map((t) => t.id))]);
    for (const { book, id } of created) {
      const edition = book.edition;
      const owner =
        edition === null
          ? undefined
          : ((edition.isbn13 === null ? undefined : owners.get(`isbn:${edition.isbn13}`)) ??
            (edition.gtin ? owners.get(`gtin:${edition.gtin}`) : undefined));
      result.bookIds.set(book.key, owner ?? id);
    }
    result.createdBooks = created.length - taken.length;
    return result;
  }

  async giveIsbns(pairs: readonly GtinWithIsbn[]): Promise<number> {
    if (pairs.length === 0) return 0;
    const records = pairs.map(({ gtin, isbn13 }, n) => {
      const title = untitledBookTitle(isbn13);
      return { n, gtin, isbn: isbn13, gtin_title: untitledProductTitle(gtin), isbn_title: title, search: normalizeForSearch(title), key: matchKeyOf(title) };
    });
    // A savepoint: an ISBN another request stores meanwhile (a user's edition takes no creation lock) fails the unique
    // index here; the editions then keep their GTIN alone, as before the call, and the import goes on.
    try {
      const [row] = await this.inSavepoint(GIVE_SAVEPOINT, () => executeBound(this.em, GIVE_ISBNS, [JSON.stringify(records)]));
      return Number(row?.n ?? 0);
    } catch (error) {
      if (isUniqueViolation(error)) return 0;
      throw error;
    }
  }

  /** Runs `work` under a savepoint of the caller's transaction: released when it succeeds, rolled back to when it throws. */
  private async inSavepoint<T>(name: string, work: () => Promise<T>): Promise<T> {
    await executeBound(this.em, `savepoint ${name}`, []);
    try {
      const result = await work();
      await executeBound(this.em, `release savepoint ${name}`, []);
      return result;
    } catch (error) {
      await executeBound(this.em, `rollback to savepoint ${name}`, []);
      throw error;
    }
  }

  /** `isbn:<ISBN-13>` and `gtin:<GTIN>` → the book of the edition that holds it. */
  private async ownersOf(editions: readonly CatalogEditionDraft[]): Promise<Map<string, number>> {
    if (editions.length === 0) return new Map();
    const isbns = editions.flatMap((edition) => edition.isbn13 ?? []);
    const gtins = editions.flatMap((edition) => edition.gtin ?? []);
    const owners = new Map<string, number>();
    for (const row of await executeBound(this.em, OWNERS, [textArray(isbns), textArray(gtins)])) {
      const isbn = nullableText(row.isbn);
      const gtin = nullableText(row.gtin);
      if (isbn !== null) owners.set(`isbn:${isbn}`, toId(row.book_id));
      if (gtin !== null) owners.set(`gtin:${gtin}`, toId(row.book_id));
    }
    return owners;
  }
}

/** One key per edition an insert may return: its ISBN and GTIN together (either may be missing, never both). */
function identityOf(isbn13: string | null, gtin: string | null): string {
  return `${isbn13 ?? ''}/${gtin ?? ''}`;
}

function nullableText(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value).trim();
}
