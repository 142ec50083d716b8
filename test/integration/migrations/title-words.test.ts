// Migration 34 writes the words of the books stored before it (the title search reads them) and drops the title's
// trigram index; from then on the book table's triggers keep the words, whoever writes the books; a second run of it
// changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateUp } from '../../support/migrate-up.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const words = async (): Promise<string[]> =>
  (
    await db.sql<{ pair: string }>(
      `select v.word || ' ' || tw.book_id as pair from title_word tw join title_vocab v using (word_id) order by v.word, tw.book_id`,
    )
  ).map((r) => r.pair);
const vocabulary = async (): Promise<string[]> => (await db.sql<{ word: string }>('select word from title_vocab order by word')).map((r) => r.word);

describe('Migration20261201000034_title_words', () => {
  it('writes the words of three characters or more of the books already stored, once each, and drops the trigram index', async () => {
    // Back to the schema before the migration, with books in it.
    for (const event of ['insert', 'update', 'delete', 'truncate']) await db.sql(`drop trigger title_words_${event} on book`);
    await db.sql('drop table title_word, title_vocab');
    await db.sql('create index book_title_search_trgm on book using gin (title_search gin_trgm_ops)');
    await db.sql("delete from mikro_orm_migrations where name like 'Migration20261201000034%'");
    await db.sql(
      `insert into book (book_id, book_original_title, title_search) values
         (1, 'The Silent River', 'the silent river'), (2, 'A Tale of the River', 'a tale of the river the'), (3, 'Öl', 'ol')`,
    );

    await migrateUp(db.url);
    const expected = ['river 1', 'river 2', 'silent 1', 'tale 2', 'the 1', 'the 2'];
    expect(await words()).toEqual(expected);
    expect(await vocabulary()).toEqual(['river', 'silent', 'tale', 'the']);
    const index = await db.sql(`select 1 from pg_indexes where indexname = 'book_title_search_trgm'`);
    expect(index).toHaveLength(0);

    // Run again (the migrations are re-runnable): nothing doubled.
    await db.sql("delete from mikro_orm_migrations where name like 'Migration20261201000034%'");
    await migrateUp(db.url);
    expect(await words()).toEqual(expected);
  });

  it('keeps the words as books are added, retitled and deleted, in sets of any size', async () => {
    await db.sql('truncate book cascade');
    expect(await words()).toEqual([]);
    await db.sql(
      `insert into book (book_id, book_original_title, title_search)
       select n, 'x', case when n % 2 = 0 then 'even lantern' else 'odd lantern' end from generate_series(10, 13) n`,
    );
    expect(await words()).toEqual(['even 10', 'even 12', 'lantern 10', 'lantern 11', 'lantern 12', 'lantern 13', 'odd 11', 'odd 13']);
    // A retitle changes that book's words only; an update that leaves the title alone changes none.
    await db.sql(`update book set title_search = 'brass lantern' where book_id = 10`);
    await db.sql(`update book set book_original_title = 'y' where book_id = 11`);
    expect(await words()).toEqual(['brass 10', 'even 12', 'lantern 10', 'lantern 11', 'lantern 12', 'lantern 13', 'odd 11', 'odd 13']);
    await db.sql('delete from book where book_id in (11, 12)');
    expect(await words()).toEqual(['brass 10', 'lantern 10', 'lantern 13', 'odd 13']);
    // A word stays in the vocabulary when its last book goes: it then leads to none.
    expect(await vocabulary()).toEqual(expect.arrayContaining(['brass', 'even', 'lantern', 'odd']));
  });
});
