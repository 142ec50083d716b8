import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../../bench/seed.js';
import { planKeyset, likeContains } from '../../../src/adapters/kits/sql/keyset.js';
import { openOrm } from '../../../src/adapters/postgres/database.js';
import { authorBookMatches, type AuthorBooksBudget } from '../../../src/adapters/postgres/repositories/author-book-search.js';
import { MikroOrmBookRepository } from '../../../src/adapters/postgres/repositories/mikro-orm-book-repository.js';
import { withinSearchTimeout } from '../../../src/adapters/postgres/repositories/search-timeout.js';
import { ServiceUnavailableError } from '../../../src/domain/shared/domain-error.js';
import type { PageRequest, PageWindow } from '../../../src/domain/shared/page.js';
import { matchKeyOf, normalizeForSearch } from '../../../src/domain/shared/search-text.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';

// The catalog benchmark's generator at a small scale: skewed titles and names, famous authors, the rare word.
const BOOKS = 40_000;
const AUTHORS = 14_000;

let db: TestDatabase;
let orm: MikroORM;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedCatalog(db.url, { books: BOOKS, authors: AUTHORS, chunk: 20_000 }, () => undefined);
  orm = await openOrm(db.url, 2);
}, 120_000);

afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

/** The search as one plain statement, as it was before the author-first path: the answer the page must keep. */
async function oldStatement(pattern: string, request: PageRequest): Promise<number[]> {
  const plan = planKeyset('b.book_id', 'asc', request);
  const rows = await db.sql<{ book_id: string }>(
    `select b.book_id from book b
     where (b.title_search like $1 or exists (select 1 from book_author ba join author a on a.author_id = ba.author_id
            where ba.book_id = b.book_id and a.name_search like $1))
       ${plan.condition ? `and ${plan.condition.replace('?', '$2')}` : ''}
     order by ${plan.orderBy} limit ${plan.limit}`,
    [pattern, ...plan.params],
  );
  const ids = rows.map((r) => Number(r.book_id)).slice(0, request.size);
  return plan.reversed ? ids.reverse() : ids;
}

/** The author side alone, as one plain statement, in read order with the probe row. */
async function authorSide(pattern: string, request: PageRequest): Promise<number[]> {
  const plan = planKeyset('ba.book_id', 'asc', request);
  const rows = await db.sql<{ book_id: string }>(
    `select distinct ba.book_id from book_author ba join author a on a.author_id = ba.author_id where a.name_search like $1
       ${plan.condition ? `and ${plan.condition.replace('?', '$2')}` : ''} order by ${plan.orderBy} limit ${plan.limit}`,
    [pattern, ...plan.params],
  );
  return rows.map((r) => Number(r.book_id));
}

const windows: PageWindow[] = [
  { kind: 'first' },
  { kind: 'last' },
  { kind: 'after', key: 12_345 },
  { kind: 'after', key: 39_990 },
  { kind: 'before', key: 20_000 },
  { kind: 'before', key: 30 },
];
// The benchmark's query kinds (author surname, title word, common word, phrase, rare word, accented spelling,
// a prefix as a user types), a famous author's alias, and terms that match nothing or only across a word boundary.
const QUERIES = ['pemberton', 'lantern', 'river', 'silent river', 'quixotic', 'Tolkién', 'silen', 'Tolkien', 'rowling', 'er ri', 'nothing like this'];

describe('book search: the same books in the same order as the one plain statement', () => {
  for (const q of QUERIES) {
    it(`"${q}"`, async () => {
      const pattern = likeContains(normalizeForSearch(q));
      for (const window of windows) {
        for (const size of [1, 20]) {
          const request: PageRequest = { window, size };
          const slice = await new MikroOrmBookRepository(orm.em.fork()).page({ search: normalizeForSearch(q) }, request);
          expect(
            slice.items.map((b) => b.id),
            `${q} ${JSON.stringify(window)} size ${size}`,
          ).toEqual(await oldStatement(pattern, request));
        }
      }
    });
  }

  it('the seeded titles carry the title key production would store (matchKeyOf), series and possessives included', async () => {
    const rows = await db.sql<{ title: string; key: string }>('select book_original_title as title, title_key as key from book');
    expect(rows).toHaveLength(BOOKS);
    const differing = rows.filter((row) => row.key !== matchKeyOf(row.title));
    expect(differing.slice(0, 5)).toEqual([]);
    expect(rows.filter((row) => row.title.includes("'")).length).toBeGreaterThan(BOOKS / 20);
    expect(rows.filter((row) => row.title.includes(': book ')).length).toBeGreaterThan(BOOKS / 20);
  });

  it('the seed writes every title word the book table\'s trigger would (migration 34), once each, and no other', async () => {
    const [row] = await db.sql<{ missing: number; extra: number; words: number }>(
      `with expected as (select x.word, b.book_id from book b cross join lateral title_words(b.title_search) x(word)),
            stored as (select v.word, tw.book_id from title_word tw join title_vocab v using (word_id))
       select (select count(*) from (select * from expected except all select * from stored) d)::int as missing,
              (select count(*) from (select * from stored except all select * from expected) d)::int as extra,
              (select count(*) from title_word)::int as words`,
    );
    expect(row).toEqual({ missing: 0, extra: 0, words: expect.any(Number) });
    expect(row?.words).toBeGreaterThan(3 * BOOKS);
  });

  it('the seeded catalog has what the comparison needs: a surname of many authors, a phrase, a prefix', async () => {
    const [row] = await db.sql<{ authors: number; phrase: number; prefix: number }>(
      `select (select count(*) from author where name_search like '%pemberton%')::int as authors,
              (select count(*) from book where title_search like '%silent river%')::int as phrase,
              (select count(*) from book where title_search like '%silen%')::int as prefix`,
    );
    expect(row?.authors).toBeGreaterThan(32);
    expect(row?.phrase).toBeGreaterThan(20);
    expect(row?.prefix).toBeGreaterThan(row?.phrase ?? 0);
  });
});

describe('author side: walk in book order or first pages per author, one answer', () => {
  const budgets: Record<string, AuthorBooksBudget> = {
    'per author only': { fewAuthors: Number.MAX_SAFE_INTEGER, walkRows: 1, listedAuthors: 100_000 },
    'a short walk, then per author': { fewAuthors: 0, walkRows: 300, listedAuthors: 100_000 },
    'a long walk': { fewAuthors: 0, walkRows: 1_000_000, listedAuthors: 100_000 },
    'authors left in the database, per author only': { fewAuthors: Number.MAX_SAFE_INTEGER, walkRows: 1, listedAuthors: 0 },
    'authors left in the database, a short walk, then per author': { fewAuthors: 0, walkRows: 300, listedAuthors: 0 },
    'authors left in the database, a long walk': { fewAuthors: 0, walkRows: 1_000_000, listedAuthors: 0 },
  };
  for (const [name, budget] of Object.entries(budgets)) {
    it(name, async () => {
      for (const q of ['pemberton', 'tolkien', 'a', 'nobody']) {
        const pattern = likeContains(q);
        for (const window of windows) {
          for (const size of [1, 20, 100]) {
            const request: PageRequest = { window, size };
            const found = await withinSearchTimeout(orm.em.fork(), 2_000, ({ read }) => authorBookMatches(read, pattern, request, budget));
            expect(found, `${q} ${JSON.stringify(window)} size ${size}`).toEqual(await authorSide(pattern, request));
          }
        }
      }
    });
  }
});

describe('statement timeout on search', () => {
  it('cancels a statement past the limit with service_unavailable, and the connection serves the next search', async () => {
    const em = orm.em.fork();
    const slow = withinSearchTimeout(em, 50, ({ read }) => read('select pg_sleep(2)', []));
    await expect(slow).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(slow).rejects.toMatchObject({ code: 'service_unavailable', retryAfterSeconds: 1 });
    const slice = await new MikroOrmBookRepository(orm.em.fork()).page({ search: 'river' }, { window: { kind: 'first' }, size: 5 });
    expect(slice.items).toHaveLength(5);
  });
});
