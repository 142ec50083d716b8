import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import {
  type AuthorOrigin,
  CatalogRowsRefused,
  type CreatedImportedBooks,
  type ImportCatalogWriter,
  type NewImportedBook,
} from '../../../application/wishes/ports/import-catalog-writer.js';
import { AUTHOR_NAME_MAX } from '../../../domain/catalog/author.js';
import { BOOK_TITLE_MAX } from '../../../domain/catalog/book.js';
import { cutText } from '../../../domain/shared/cut-text.js';
import { normalizeForSearch, searchTextOf, matchKeyOf } from '../../../domain/shared/search-text.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { executeBound } from '../select-rows.js';
import { bigintArray, textArray, toId } from './row-mapping.js';

/** Advisory lock (first key) held by an import while it matches and creates. */
const IMPORT_CREATION_LOCK = 7_310_415;
const SAVEPOINT = 'import_catalog_create';

// Existing authors by any of their folded names (a name or an alias): a hash join of the wanted names against every
// author's name parts, not one scan of the author table per name.
const AUTHORS_BY_NAME = `
with parts as (
  select a.author_id, p.part
  from author a, unnest(string_to_array(a.name_search, chr(1))) as p(part)
)
select distinct on (w.folded) w.folded, parts.author_id
from unnest(?::text[]) as w(folded)
join parts on parts.part = w.folded
order by w.folded, parts.author_id`;

const INSERT_AUTHORS = `
insert into author (author_name, name_search, is_user_created)
select r.name, r.search, r.user_created from jsonb_to_recordset(?::jsonb) as r(name text, search text, user_created boolean)
returning author_id, name_search`;

// Ids are taken from the sequence first, so each created book is known by its row without relying on the order
// RETURNING happens to give.
const BOOK_IDS = `select nextval(pg_get_serial_sequence('book', 'book_id')) as id from generate_series(1, ?::int)`;

const INSERT_BOOKS = `
insert into book (book_id, book_original_title, title_search, title_key)
overriding system value
select r.id, r.title, r.search, r.key from jsonb_to_recordset(?::jsonb) as r(id bigint, title text, search text, key text)`;

const INSERT_BOOK_AUTHORS = `
insert into book_author (book_id, author_id, position)
select r.book_id, r.author_id, r.position from jsonb_to_recordset(?::jsonb) as r(book_id bigint, author_id bigint, position smallint)
on conflict do nothing`;

// An ISBN another request created meanwhile (outside any import) is skipped here and handled below. An edition with
// something guessed or missing waits for enrichment (enriched_at null); one complete already does not.
const INSERT_EDITIONS = `
insert into edition (book_id, isbn, format, language_id, publisher, published_year, cover_url, guessed_fields, enriched_at)
select r.book_id, r.isbn, r.format,
       coalesce(l.language_id, (select language_id from language where language_code = 'en')),
       r.publisher, r.year, r.cover_url,
       array(select jsonb_array_elements_text(r.guessed)),
       case when r.enrich and (jsonb_array_length(r.guessed) > 0 or r.publisher is null or r.year is null or r.cover_url is null)
            then null else now() end
from jsonb_to_recordset(?::jsonb)
  as r(book_id bigint, isbn text, format text, language text, publisher text, year int, cover_url text, guessed jsonb, enrich boolean)
left join language l on l.language_code = r.language
on conflict (isbn) do nothing
returning isbn`;

@injectable()
export class SqlImportCatalogWriter implements ImportCatalogWriter {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async lockCreation(): Promise<void> {
    await executeBound(this.em, 'select pg_advisory_xact_lock(?::int, 0)', [IMPORT_CREATION_LOCK]);
  }

  async create(books: readonly NewImportedBook[], authorOrigin: AuthorOrigin = 'user'): Promise<CreatedImportedBooks> {
    if (books.length === 0) return { bookIds: new Map(), createdBooks: 0, createdAuthors: 0, createdEditions: 0 };
    // A savepoint, so that data the database refuses undoes this call only and the caller can try the rows apart.
    await executeBound(this.em, `savepoint ${SAVEPOINT}`, []);
    try {
      const result = await this.insert(books, authorOrigin);
      await executeBound(this.em, `release savepoint ${SAVEPOINT}`, []);
      return result;
    } catch (error) {
      await executeBound(this.em, `rollback to savepoint ${SAVEPOINT}`, []);
      const sqlState = (error as { code?: unknown }).code;
      // Classes 22 (data exception) and 23 (integrity constraint): the rows, not the server, are the trouble.
      if (typeof sqlState === 'string' && /^2[23]/.test(sqlState)) throw new CatalogRowsRefused((error as Error).message);
      throw error;
    }
  }

  private async insert(books: readonly NewImportedBook[], authorOrigin: AuthorOrigin): Promise<CreatedImportedBooks> {
    const result: CreatedImportedBooks = { bookIds: new Map(), createdBooks: 0, createdAuthors: 0, createdEditions: 0 };

    const authorIds = await this.authorIds(books, result, authorOrigin === 'user');
    const ids = (await executeBound(this.em, BOOK_IDS, [books.length])).map((row) => toId(row.id));
    const created = books.map((book, index) => ({ book, id: ids[index] as number }));
    await executeBound(this.em, INSERT_BOOKS, [
      JSON.stringify(
        created.map(({ book, id }) => {
          const title = cutText(book.title, BOOK_TITLE_MAX);
          return { id, title, search: normalizeForSearch(title), key: matchKeyOf(title) };
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
      const rows = withEdition.map(({ book, id }) => ({
        book_id: id,
        isbn: book.edition!.isbn13,
        format: book.edition!.format,
        language: book.edition!.languageCode,
        publisher: book.edition!.publisher,
        year: book.edition!.publishedYear,
        cover_url: book.edition!.coverUrl ?? null,
        guessed: book.edition!.guessedFields ?? [],
        // What a source gave is as much as a source knows: only an export's editions are worth asking about.
        enrich: authorOrigin === 'user',
      }));
      for (const row of await executeBound(this.em, INSERT_EDITIONS, [JSON.stringify(rows)])) inserted.add(String(row.isbn));
    }
    result.createdEditions = inserted.size;

    // A book whose ISBN was taken meanwhile is not created after all: the row points at the edition's book.
    const taken = withEdition.filter(({ book }) => !inserted.has(book.edition!.isbn13));
    const owners = await this.ownersOf(taken.map(({ book }) => book.edition!.isbn13));
    if (taken.length > 0) await executeBound(this.em, 'delete from book where book_id = any(?::bigint[])', [bigintArray(taken.map((t) => t.id))]);
    for (const { book, id } of created) {
      const owner = book.edition === null ? undefined : owners.get(book.edition.isbn13);
      result.bookIds.set(book.key, owner ?? id);
    }
    result.createdBooks = created.length - taken.length;
    return result;
  }

  /** Folded name → author id, for every author the books name: the existing ones, and the ones created now. */
  private async authorIds(books: readonly NewImportedBook[], result: CreatedImportedBooks, userCreated: boolean): Promise<Map<string, number>> {
    const names = new Map<string, string>();
    for (const book of books) {
      for (const name of book.authors) {
        const folded = normalizeForSearch(name);
        if (folded !== '' && !names.has(folded)) names.set(folded, name.trim());
      }
    }
    const ids = new Map<string, number>();
    if (names.size === 0) return ids;
    const existing = await executeBound(this.em, AUTHORS_BY_NAME, [textArray([...names.keys()])]);
    for (const row of existing) ids.set(String(row.folded), toId(row.author_id));
    const missing = [...names].filter(([folded]) => !ids.has(folded)).map(([folded, name]) => ({ name: cutText(name, AUTHOR_NAME_MAX), search: folded }));
    if (missing.length > 0) {
      const rows = missing.map((m) => ({ ...m, search: searchTextOf([m.name]), user_created: userCreated }));
      for (const row of await executeBound(this.em, INSERT_AUTHORS, [JSON.stringify(rows)])) {
        ids.set(String(row.name_search), toId(row.author_id));
      }
      result.createdAuthors = missing.length;
    }
    return ids;
  }

  private async ownersOf(isbns: readonly string[]): Promise<Map<string, number>> {
    if (isbns.length === 0) return new Map();
    const rows = await executeBound(this.em, 'select isbn, book_id from edition where isbn = any(?::text[])', [textArray(isbns)]);
    return new Map(rows.map((row) => [String(row.isbn).trim(), toId(row.book_id)]));
  }
}
