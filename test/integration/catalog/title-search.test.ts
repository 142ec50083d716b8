import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrm } from '../../../src/adapters/postgres/database.js';
import { likeContains, planKeyset } from '../../../src/adapters/kits/sql/keyset.js';
import { withinSearchTimeout } from '../../../src/adapters/postgres/repositories/search-timeout.js';
import { BOOK_TITLES, containsMatches, titleMatches, type TitleWalkBudget } from '../../../src/adapters/postgres/repositories/title-search.js';
import type { SqlRead } from '../../../src/adapters/kits/sql/select-rows.js';
import type { PageRequest, PageWindow } from '../../../src/domain/shared/page.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';

// The title words answer every term here with three letters or digits in a row (title-words.ts); the walk of the book
// table (containsMatches) answers the others, and is tested on its own below. Small budgets so that 3,000 books
// exercise every path of the walk: a full page from the probe, a second walk, the index query, and a walk that reaches
// the end of the listing.
const BUDGET: TitleWalkBudget = { probeRows: 100, maxRows: 1_000 };
const BOOKS = 3_000;

let db: TestDatabase;
let orm: MikroORM;

/**
 * Titles with words of known frequency: "common" in every 3rd book, "sparse" in every 40th, "rare" twice, "tail" only at
 * the end, "late bloom" in every 4th book after the 150th (none in the first probe, many in the second), "far off" in
 * every 40th (a page of 20 lies past what the probe estimates, within the walk's budget).
 */
function titleOf(n: number): string {
  const words = [`book ${n}`];
  if (n % 3 === 0) words.push('common');
  if (n % 40 === 0) words.push('sparse');
  if (n === 1_200 || n === 2_700) words.push('rare');
  if (n > 2_950 && n % 5 === 0) words.push('tail');
  if (n > 150 && n % 4 === 0) words.push('late bloom');
  if (n % 40 === 0) words.push('far off');
  return words.join(' ');
}

beforeAll(async () => {
  db = await createTestDatabase();
  await db.sql(
    `insert into book (book_original_title, title_search)
     select t, t from (select n, $1::text[] as titles from generate_series(1, $2::int) n) s, lateral (select s.titles[s.n] as t) x`,
    [Array.from({ length: BOOKS }, (_, i) => titleOf(i + 1)), BOOKS],
  );
  await db.sql('analyze book');
  orm = await openOrm(db.url, 2);
});

afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

/** The plain statement the adaptive search must agree with. */
async function expected(pattern: string, request: PageRequest): Promise<number[]> {
  const plan = planKeyset('book_id', 'asc', request);
  const rows = await db.sql<{ book_id: string }>(
    `select book_id from book where title_search like $1 ${plan.condition ? `and ${plan.condition.replace('?', '$2')}` : ''}
     order by ${plan.orderBy} limit ${plan.limit}`,
    [pattern, ...plan.params],
  );
  return rows.map((r) => Number(r.book_id));
}

const windows: PageWindow[] = [
  { kind: 'first' },
  { kind: 'last' },
  { kind: 'after', key: 1_000 },
  { kind: 'after', key: 2_900 },
  { kind: 'after', key: 2_990 },
  { kind: 'before', key: 2_000 },
  { kind: 'before', key: 60 },
];

const walk = (read: SqlRead, pattern: string, request: PageRequest): Promise<number[]> => containsMatches(read, BOOK_TITLES, pattern, request, BUDGET);
const TERMS = ['common', 'sparse', 'rare', 'tail', 'late bloom', 'late', 'far off', 'book 1', 'nothing at all', 'mon', 'ok 12', 'e b', 'k 7 c', 'ff', '%', 'book 2_'];

describe('title search: from the title words, else by walking the book table', () => {
  const searches: Array<[string, (read: SqlRead, pattern: string, request: PageRequest) => Promise<number[]>]> = [
    ['title search', (read, pattern, request) => titleMatches(read, pattern, request, BUDGET)],
    ['walk alone', walk],
  ];
  for (const [name, search] of searches) {
    for (const word of TERMS) {
      it(`${name} finds exactly what one plain statement finds: "${word}"`, async () => {
        const pattern = likeContains(word);
        for (const window of windows) {
          for (const size of [1, 5, 20, 100]) {
            const request: PageRequest = { window, size };
            const found = await withinSearchTimeout(orm.em.fork(), 2_000, ({ read }) => search(read, pattern, request));
            expect(found, `${word} ${JSON.stringify(window)} size ${size}`).toEqual(await expected(pattern, request));
          }
        }
      });
    }
  }

  /** The statements a title search sends, and what it finds. */
  async function searched(pattern: string, request: PageRequest): Promise<{ found: number[]; sent: string[] }> {
    const sent: string[] = [];
    const found = await withinSearchTimeout(orm.em.fork(), 2_000, ({ read }) =>
      titleMatches((sql, params) => (sent.push(sql), read(sql, params)), pattern, request, BUDGET),
    );
    return { found, sent };
  }

  it('reads a one-word term from the words that contain it, without walking the book table', async () => {
    const { found, sent } = await searched('%spar%', { window: { kind: 'first' }, size: 5 });
    expect(found).toEqual([40, 80, 120, 160, 200, 240]);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toContain('title_vocab');
    expect(sent[1]).toContain('title_word');
    expect(sent.some((sql) => /from book\b/.test(sql))).toBe(false);
  });

  it('answers a term no word contains from the vocabulary alone', async () => {
    // The vocabulary of its two longest pieces ("nothing", "all"), read side by side: no word contains "nothing".
    const { found, sent } = await searched('%nothing at all%', { window: { kind: 'first' }, size: 5 });
    expect(found).toEqual([]);
    expect(sent).toHaveLength(2);
    expect(sent.every((sql) => sql.includes('title_vocab'))).toBe(true);
  });

  it('reads a phrase from the books of its longest piece that have its second piece too, checked whole', async () => {
    // "late bloom": the words of "bloom" and of "late", read together; the books with both (every 4th after the 150th)
    // are all matches, found in the first batch.
    const bloom = await searched('%late bloom%', { window: { kind: 'first' }, size: 5 });
    expect(bloom.found).toEqual([152, 156, 160, 164, 168, 172]);
    expect(bloom.sent).toHaveLength(3);
    expect(bloom.sent[2]).toContain('like');
    // A phrase whose second piece no title has: answered from the vocabulary alone.
    expect((await searched('%bloom nowhere%', { window: { kind: 'first' }, size: 5 })).sent).toHaveLength(2);
  });

  it('reads four times further while a batch finds none, then as far as the matches so far say the page lies', async () => {
    // "book 1" past book 200: "book" is in every title, "1" no piece, and the first "book 1…" past 200 is book 1,000.
    // Batches of 84 and 336 candidates find none; the third, of 1,344, reaches it.
    const request: PageRequest = { window: { kind: 'after', key: 200 }, size: 20 };
    const params: unknown[][] = [];
    const found = await withinSearchTimeout(orm.em.fork(), 2_000, ({ read }) =>
      titleMatches((sql, values) => (params.push([...values]), read(sql, values)), '%book 1%', request, BUDGET),
    );
    expect(found).toEqual(await expected('%book 1%', request));
    expect(found[0]).toBe(1_000);
    // Each batch's values: the word ids, the key, the candidates per word and in all, the pattern.
    expect(params.slice(1).map((values) => values.slice(1, 4))).toEqual([
      [200, 84, 84],
      [expect.any(Number), 336, 336],
      [expect.any(Number), 1_344, 1_344],
    ]);

    // Past book 1,990: the first batch (books 1,991–2,074) finds 9 of the 21 wanted, so the next reads 1.25 × 84 × 12 / 9
    // = 140 candidates, then 374 (224 read, still 9), then 997, of which 412 are left: the books have run out.
    const after1990: PageRequest = { window: { kind: 'after', key: 1_990 }, size: 20 };
    const batches: unknown[][] = [];
    const tail = await withinSearchTimeout(orm.em.fork(), 2_000, ({ read }) =>
      titleMatches((sql, values) => (batches.push([...values]), read(sql, values)), '%book 1%', after1990, BUDGET),
    );
    expect(tail).toEqual([1_991, 1_992, 1_993, 1_994, 1_995, 1_996, 1_997, 1_998, 1_999]);
    expect(batches.slice(1).map((values) => values.slice(1, 4))).toEqual([
      [1_990, 84, 84],
      [2_074, 140, 140],
      [2_214, 374, 374],
      [2_588, 997, 997],
    ]);
  });

  it('walks the book table for a term without three letters or digits in a row', async () => {
    const { found, sent } = await searched('%k 7 c%', { window: { kind: 'first' }, size: 5 });
    expect(found).toEqual(await expected('%k 7 c%', { window: { kind: 'first' }, size: 5 }));
    expect(sent.some((sql) => sql.includes('title_vocab'))).toBe(false);
  });

  /** The statements a walk of the book table sends, and what it finds. */
  async function recorded(pattern: string, request: PageRequest): Promise<{ found: number[]; sent: string[] }> {
    const sent: string[] = [];
    const found = await withinSearchTimeout(orm.em.fork(), 2_000, ({ read }) => walk((sql, params) => (sent.push(sql), read(sql, params)), pattern, request));
    return { found, sent };
  }

  it('walks a second, longer probe for a phrase the first finds nothing of, before turning to the index', async () => {
    const { found, sent } = await recorded('%late bloom%', { window: { kind: 'first' }, size: 5 });
    expect(found).toEqual([152, 156, 160, 164, 168, 172]);
    expect(sent).toHaveLength(2);
    expect(sent.some((sql) => sql.includes('materialized'))).toBe(false);
  });

  it('walks a phrase as far as the budget allows when the probe estimates its page beyond it', async () => {
    // The probe of 100 rows finds 2 (books 40 and 80): an estimate of 1,575 rows, past the budget of 1,000; the walk of
    // 1,000 finds 25, a full page.
    const request: PageRequest = { window: { kind: 'first' }, size: 20 };
    const { found, sent } = await recorded('%far off%', request);
    expect(found).toEqual(Array.from({ length: 21 }, (_, i) => 40 * (i + 1)));
    expect(sent).toHaveLength(2);
    expect(sent.some((sql) => sql.includes('materialized'))).toBe(false);
  });

  it('goes on walking from the row where the last walk stopped, as far as its matches say the page lies', async () => {
    const walks = async (request: PageRequest): Promise<{ found: number[]; params: unknown[][] }> => {
      const params: unknown[][] = [];
      const found = await withinSearchTimeout(orm.em.fork(), 2_000, ({ read }) =>
        walk((sql, values) => (params.push([...values]), read(sql, values)), '%far off%', request),
      );
      return { found, params };
    };
    // The probe of 100 rows finds books 40 and 80; 4 more are wanted at one in 50: 250 rows more, past the 100th row (a
    // walk's values: the pattern, the rows it skips less one, the rows it reads, and the matches still wanted).
    const first = await walks({ window: { kind: 'first' }, size: 5 });
    expect(first.found).toEqual([40, 80, 120, 160, 200, 240]);
    expect(first.params).toEqual([
      ['%far off%', 100, 6],
      ['%far off%', 99, 250, 4],
    ]);
    // Read backwards from the last page: the probe finds 3,000, 2,960 and 2,920, and the second walk goes on past its
    // 100th row for the 3 books still wanted (125 rows).
    const last = await walks({ window: { kind: 'last' }, size: 5 });
    expect(last.found).toEqual([3_000, 2_960, 2_920, 2_880, 2_840, 2_800]);
    expect(last.params[1]).toEqual(['%far off%', 99, 125, 3]);
    // After a key: the skip counts from it.
    const after = await walks({ window: { kind: 'after', key: 1_000 }, size: 5 });
    expect(after.found).toEqual([1_040, 1_080, 1_120, 1_160, 1_200, 1_240]);
    expect(after.params[1]).toEqual(['%far off%', 1_000, 99, 250, 4]);
  });

  it('turns to the index at once for a single word the probe finds nothing of', async () => {
    const { found, sent } = await recorded('%late%', { window: { kind: 'first' }, size: 5 });
    expect(found).toEqual([152, 156, 160, 164, 168, 172]);
    expect(sent.filter((sql) => sql.includes('materialized'))).toHaveLength(1);
  });

  it('answers from the walk alone when it reaches the end of the listing, in either direction (no index query)', async () => {
    // 50 books after 2,950 and 59 before 60: the probe of 100 rows reads them all.
    const after = await recorded('%tail%', { window: { kind: 'after', key: 2_950 }, size: 20 });
    expect(after.found).toEqual([2_955, 2_960, 2_965, 2_970, 2_975, 2_980, 2_985, 2_990, 2_995, 3_000]);
    expect(after.sent).toHaveLength(1);
    const before = await recorded('%sparse%', { window: { kind: 'before', key: 60 }, size: 20 });
    expect(before.found).toEqual([40]);
    expect(before.sent).toHaveLength(1);
    // Not at the end: the walk of 100 rows after 1,000 finds no "rare", and the index answers.
    const rare = await recorded('%rare%', { window: { kind: 'after', key: 1_000 }, size: 20 });
    expect(rare.found).toEqual([1_200, 2_700]);
    expect(rare.sent.filter((sql) => sql.includes('materialized'))).toHaveLength(1);
  });

  it('turns to the index when the walk would be long, and still pages correctly past the walk', async () => {
    // "sparse" is 1 in 40: a page of 100 needs ~4,000 rows, beyond maxRows, so the index answers.
    const request: PageRequest = { window: { kind: 'first' }, size: 100 };
    const found = await withinSearchTimeout(orm.em.fork(), 2_000, ({ read }) => walk(read, '%sparse%', request));
    expect(found).toHaveLength(75);
    expect(found[0]).toBe(40);
    expect(found.at(-1)).toBe(3_000);
  });
});
