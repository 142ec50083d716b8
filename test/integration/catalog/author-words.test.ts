import { beforeAll, describe, expect, it } from 'vitest';
import { likeContains, planKeyset } from '../../../src/adapters/kits/sql/keyset.js';
import { authorPageByWords, authorsMatching, isWordPattern } from '../../../src/adapters/postgres/repositories/author-matches.js';
import { MikroOrmAuthorRepository } from '../../../src/adapters/postgres/repositories/mikro-orm-author-repository.js';
import { withinSearchTimeout } from '../../../src/adapters/postgres/repositories/search-timeout.js';
import type { PageRequest, PageWindow } from '../../../src/domain/shared/page.js';
import { databaseForThisFile } from '../../support/orm-for-tests.js';

// The author words (migration 33) kept by the author table's statement triggers, and the searches that read them
// (author-matches.ts) against the plain statement on the author table they replace.

const file = databaseForThisFile();

const SEP = '\u0001';
const FIRST = ['anna', 'jon', 'maría', 'o\'brien', 'li', 'zoë'];
const LAST = ['pemberton', 'smith', 'smithson', 'goldsmith', 'jones', 'ng', 'quennell', 'feathers', 'featherstone', '50%_off'];

/** Author n: a first name, a middle initial for some, a surname; every 7th with a pen name as alias. */
function nameSearchOf(n: number): string {
  const name = `${FIRST[n % FIRST.length]} ${n % 3 === 0 ? `${String.fromCharCode(97 + (n % 26))} ` : ''}${LAST[(n * 7) % LAST.length]}`;
  return n % 7 === 0 ? `${name}${SEP}${LAST[n % LAST.length]} ${FIRST[(n * 5) % FIRST.length]}` : name;
}

/** What the words must be: every word of every folded name, once per author. */
async function expectedWords(): Promise<string[]> {
  const rows = await file.db.sql<{ pair: string }>(
    `select distinct w || '|' || a.author_id as pair
     from author a cross join lateral unnest(regexp_split_to_array(a.name_search, '[ ' || chr(1) || ']+')) w where w <> '' order by 1`,
  );
  return rows.map((r) => r.pair);
}

async function storedWords(): Promise<string[]> {
  const rows = await file.db.sql<{ pair: string }>(`select word || '|' || author_id as pair from author_word order by 1`);
  return rows.map((r) => r.pair);
}

async function insertAuthors(from: number, to: number): Promise<void> {
  const names = Array.from({ length: to - from + 1 }, (_, i) => nameSearchOf(from + i));
  await file.db.sql(
    `insert into author (author_id, author_name, name_search) select g, 'x', ($1::text[])[g - $2 + 1] from generate_series($2::int, $3::int) g`,
    [names, from, to],
  );
  await file.db.sql(`select setval(pg_get_serial_sequence('author', 'author_id'), (select max(author_id) from author))`);
}

describe('the author words, kept by the author table\'s triggers', () => {
  it('follow inserts, renames, upserts, deletes and truncation', async () => {
    await insertAuthors(1, 200);
    expect(await storedWords()).toEqual(await expectedWords());
    expect((await storedWords()).length).toBeGreaterThan(400);

    // A rename, an alias added, one name unchanged in the same statement.
    await file.db.sql(`update author set name_search = case author_id when 5 then 'ursula k le guin' when 6 then name_search || chr(1) || 'pen name' else name_search end where author_id in (5, 6, 7)`);
    await file.db.sql(`update author set author_name = 'only the display name' where author_id = 8`);
    expect(await storedWords()).toEqual(await expectedWords());
    expect(await storedWords()).toContain('guin|5');
    expect((await storedWords()).filter((pair) => pair.split('|')[1] === '5')).toEqual(['guin|5', 'k|5', 'le|5', 'ursula|5']);

    // One statement that inserts some and updates others (as the author load does).
    await file.db.sql(`update author set open_library_id = 'OL' || author_id || 'A' where author_id <= 10`);
    await file.db.sql(
      `insert into author as a (author_name, name_search, open_library_id) values ('x', 'new person', 'OL900A'), ('x', 'renamed by load', 'OL3A')
       on conflict (open_library_id) do update set name_search = excluded.name_search`,
    );
    expect(await storedWords()).toEqual(await expectedWords());
    expect(await storedWords()).toContain('load|3');

    await file.db.sql('delete from author where author_id between 20 and 60');
    expect(await storedWords()).toEqual(await expectedWords());
    const vocabulary = await file.db.sql<{ word: string }>('select word from author_vocab');
    expect(vocabulary.map((r) => r.word)).toEqual(expect.arrayContaining(['guin', 'pemberton', 'person']));

    await file.db.sql('truncate author cascade');
    expect(await storedWords()).toEqual([]);
  });
});

describe('author searches through the words agree with the plain statement on the author table', () => {
  beforeAll(async () => {
    await file.db.sql('truncate author cascade');
    await insertAuthors(1, 3_000);
    await file.db.sql('vacuum analyze author, author_word, author_vocab');
  });

  async function plain(pattern: string, request: PageRequest): Promise<number[]> {
    const plan = planKeyset('author_id', 'asc', request);
    const rows = await file.db.sql<{ author_id: string }>(
      `select author_id from author where name_search like $1 ${plan.condition ? `and ${plan.condition.replace('?', '$2')}` : ''}
       order by ${plan.orderBy} limit ${plan.limit}`,
      [pattern, ...plan.params],
    );
    return rows.map((r) => Number(r.author_id));
  }

  const windows: PageWindow[] = [{ kind: 'first' }, { kind: 'last' }, { kind: 'after', key: 1_500 }, { kind: 'before', key: 700 }, { kind: 'after', key: 2_990 }];
  const terms = ['pemberton', 'smith', 'feath', 'ones', 'quennell', 'maría', 'zoë', "o'brien", '50%_off', 'nobody'];

  for (const term of terms) {
    it(`"${term}": the same authors, page by page`, async () => {
      const pattern = likeContains(term);
      expect(isWordPattern(pattern)).toBe(true);
      const all = await plain(pattern, { window: { kind: 'first' }, size: 10_000 });
      const match = authorsMatching(pattern);
      const ids = await file.db.sql<{ author_id: string }>(`select distinct author_id from (${match.ids.replace('?', '$1')}) m order by 1`, match.params);
      expect(ids.map((r) => Number(r.author_id))).toEqual(all);
      for (const window of windows) {
        for (const size of [1, 20]) {
          const request: PageRequest = { window, size };
          const page = await withinSearchTimeout(file.orm.em.fork(), 2_000, ({ read }) => authorPageByWords(read, pattern, request));
          expect(page, `${term} ${JSON.stringify(window)} size ${size}`).toEqual(await plain(pattern, request));
        }
      }
    });
  }

  it('leaves to the author table what is no single word with a trigram in it', () => {
    for (const term of ['anna jones', 'li', 'ng', "o'b", `smith${SEP}x`]) {
      const pattern = likeContains(term);
      expect(isWordPattern(pattern), term).toBe(false);
      expect(authorsMatching(pattern).ids).toContain('name_search like');
    }
  });

  it('hands back to the author table a term that too many words contain', async () => {
    await file.db.sql(
      `insert into author (author_name, name_search) select 'x', 'qqz' || g || ' writer' from generate_series(1, 1001) g`,
    );
    const request: PageRequest = { window: { kind: 'first' }, size: 20 };
    const byWords = await withinSearchTimeout(file.orm.em.fork(), 2_000, ({ read }) => authorPageByWords(read, '%qqz%', request));
    expect(byWords).toBeNull();
    const fewer = await withinSearchTimeout(file.orm.em.fork(), 2_000, ({ read }) => authorPageByWords(read, '%qqz100%', request));
    expect(fewer).toEqual(await plain('%qqz100%', request));
    expect(fewer).toHaveLength(3);
    // Through the repository, both ways answer the plain statement's page: the words for `qqz100`, the author table
    // for `qqz` (more than 1,000 words contain it).
    const repository = new MikroOrmAuthorRepository(file.orm.em.fork());
    for (const term of ['qqz100', 'qqz']) {
      const page = await repository.page({ search: term }, request);
      expect(page.items.map((a) => a.id), term).toEqual((await plain(`%${term}%`, request)).slice(0, 20));
      expect(page.hasMore, term).toBe(term === 'qqz');
    }
  });
});
