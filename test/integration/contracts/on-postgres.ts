// Runs a port's contract suite against its SQL adapter: one cloned database per test file, the adapter called as
// production calls it (each call in its own RequestScope, a unit of work around what must share a transaction).
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { databaseForThisFile } from '../../support/orm-for-tests.js';
import { MikroOrmRequestScope } from '../../../src/adapters/postgres/mikro-orm-request-scope.js';
import { MikroOrmUnitOfWork } from '../../../src/adapters/postgres/repositories/mikro-orm-unit-of-work.js';
import { matchKeyOf, normalizeForSearch, searchTextOf } from '../../../src/domain/shared/search-text.js';
import { pricingIsbn } from '../../support/pricing-integration-helpers.js';
import type { TestDatabase } from '../../support/test-database.js';

// Everything a user or a test creates; the reference data (languages, types, genres, ontology, stores) stays.
const USER_DATA = [
  'app_user', 'user_preferences', 'user_language', 'wish', 'alert', 'book_list', 'book_list_item',
  'notification_channel', 'channel_delivery', 'channel_digest_item', 'on_demand_fetch_quota',
  'book', 'author', 'book_author', 'edition', 'price_quote', 'edition_store_price', 'fetch_run', 'fetch_task',
  'store_fetch_outcome',
];
const CONTRACT_STORE = 'contract-';

export interface OnPostgres {
  readonly db: TestDatabase;
  /** The adapter made on the ORM's global EntityManager, every method call in its own RequestScope. */
  adapter<T extends object>(make: (em: EntityManager) => T): T;
  /** One unit of work: the calls inside share its transaction; a throw rolls it back. */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /** Forgets every user's data and the catalog, and the stores tests added; with `closeStores`, no store is active. */
  forgetUserData(options?: { closeStores?: boolean }): Promise<void>;
  /** A user row; its id. */
  aUser(email?: string | null): Promise<number>;
  /** A book with one edition (a fresh 979 ISBN). */
  anEdition(options?: { format?: string; title?: string }): Promise<{ bookId: number; editionId: number; isbn: string }>;
  /** An active store selling `formats`, in euros, addressing editions by ISBN-13. */
  aStore(options?: { formats?: string[]; country?: string | null }): Promise<number>;
  /** An author row (as a metadata source would create it); its id. */
  anAuthor(name: string, aliases?: string[]): Promise<number>;
  /** A book without editions, by `authorIds` in that order; its id. */
  aBook(options?: { title?: string; authorIds?: number[] }): Promise<number>;
  /** The user wishes the book (monitored, no max price); the wish's id. */
  aWish(userId: number, bookId: number): Promise<number>;
  /** A list of the user's holding the books in that order; the list's id. */
  aList(userId: number, bookIds: number[]): Promise<number>;
  /** One more edition of the book (a fresh 979 ISBN); its id. */
  anEditionOf(bookId: number, options?: { format?: string; coverUrl?: string | null }): Promise<number>;
}

/** Registers the file's database and ORM (beforeAll/afterAll) and returns what a suite's makeSubject uses. */
export function onPostgres(): OnPostgres {
  const file = databaseForThisFile();
  let stores = 0;
  let users = 0;
  let books = 0;
  const opened = () => file;
  const scope = () => new MikroOrmRequestScope(opened().orm.em);
  const sql = <T extends Record<string, unknown>>(text: string, values?: unknown[]) => opened().db.sql<T>(text, values);
  const idOf = async (text: string, values: unknown[]) => Number(Object.values((await sql(text, values))[0]!)[0]);

  return {
    get db() {
      return opened().db;
    },
    adapter(make) {
      const adapter = make(opened().orm.em);
      return new Proxy(adapter, {
        get(target, property, receiver) {
          const value: unknown = Reflect.get(target, property, receiver);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => scope().run(() => Promise.resolve(value.apply(target, args)));
        },
      });
    },
    transaction(work) {
      return scope().run(() => new MikroOrmUnitOfWork(opened().orm.em).transaction(work));
    },
    async forgetUserData(options = {}) {
      await sql(`truncate ${USER_DATA.join(', ')} cascade`);
      await sql(`delete from store where store_key like '${CONTRACT_STORE}%'`);
      if (options.closeStores) await sql('update store set is_active = false');
    },
    aUser(email = null) {
      return idOf('insert into app_user (subject, email) values ($1, $2) returning user_id', [`contract-user-${++users}`, email]);
    },
    async anEdition(options = {}) {
      const title = options.title ?? `Contract book ${++books}`;
      const bookId = await idOf('insert into book (book_original_title, title_search) values ($1, $2) returning book_id', [title, title.toLowerCase()]);
      const isbn = pricingIsbn();
      const editionId = await idOf(
        "insert into edition (book_id, isbn, format, language_id) values ($1, $2, $3, (select language_id from language where language_code = 'en')) returning edition_id",
        [bookId, isbn, options.format ?? 'paperback'],
      );
      return { bookId, editionId, isbn };
    },
    aStore(options = {}) {
      const key = `${CONTRACT_STORE}${++stores}`;
      return idOf(
        `insert into store (store_key, store_name, country, currency, formats, homepage_url, product_url_template, is_active)
         values ($1, $1, $2, 'EUR', $3, 'https://store.example', 'https://store.example/{isbn}', true) returning store_id`,
        [key, options.country ?? null, options.formats ?? ['paperback']],
      );
    },
    anAuthor(name, aliases = []) {
      const nameSearch = searchTextOf([name, ...aliases]);
      return idOf('insert into author (author_name, aliases, name_search) values ($1, $2, $3) returning author_id', [name, aliases, nameSearch]);
    },
    async aBook(options = {}) {
      const title = options.title ?? `Contract book ${++books}`;
      const bookId = await idOf('insert into book (book_original_title, title_search, title_key) values ($1, $2, $3) returning book_id', [
        title,
        normalizeForSearch(title),
        matchKeyOf(title),
      ]);
      for (const [i, authorId] of (options.authorIds ?? []).entries()) {
        await sql('insert into book_author (book_id, author_id, position) values ($1, $2, $3)', [bookId, authorId, i + 1]);
      }
      return bookId;
    },
    aWish(userId, bookId) {
      return idOf('insert into wish (user_id, book_id) values ($1, $2) returning wish_id', [userId, bookId]);
    },
    async aList(userId, bookIds) {
      const listId = await idOf('insert into book_list (user_id, list_name, token) values ($1, $2, $3) returning list_id', [
        userId,
        'Contract list',
        `contract-list-${randomUUID()}`,
      ]);
      for (const [i, bookId] of bookIds.entries()) {
        await sql('insert into book_list_item (list_id, book_id, position) values ($1, $2, $3)', [listId, bookId, i + 1]);
      }
      return listId;
    },
    anEditionOf(bookId, options = {}) {
      return idOf(
        `insert into edition (book_id, isbn, format, language_id, cover_url)
         values ($1, $2, $3, (select language_id from language where language_code = 'en'), $4) returning edition_id`,
        [bookId, pricingIsbn(), options.format ?? 'paperback', options.coverUrl ?? null],
      );
    },
  };
}
