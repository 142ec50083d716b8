// Migration 33 writes the words of the authors stored before it (the author search reads them), and from then on the
// author table's triggers keep them; a second run of it changes nothing.
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
  (await db.sql<{ pair: string }>(`select word || ' ' || author_id as pair from author_word order by word, author_id`)).map((r) => r.pair);

describe('Migration20261130000033_author_words', () => {
  it('writes the words of the authors already stored, once each, and the triggers keep them afterwards', async () => {
    // Back to the schema before the migration, with authors in it.
    await db.sql('drop trigger author_words_insert on author');
    await db.sql('drop table author_word, author_vocab');
    await db.sql("delete from mikro_orm_migrations where name like 'Migration20261130000033%'");
    await db.sql(
      `insert into author (author_id, author_name, name_search) values
         (1, 'Ursula K. Le Guin', 'ursula k le guin'), (2, 'Anna Smith', 'anna smith' || chr(1) || 'a  smith'), (3, 'X', 'smithson')`,
    );

    await migrateUp(db.url);
    const expected = ['a 2', 'anna 2', 'guin 1', 'k 1', 'le 1', 'smith 2', 'smithson 3', 'ursula 1'];
    expect(await words()).toEqual(expected);
    const vocabulary = await db.sql<{ word: string }>('select word from author_vocab order by word');
    expect(vocabulary.map((r) => r.word)).toEqual(['a', 'anna', 'guin', 'k', 'le', 'smith', 'smithson', 'ursula']);

    // Run again (the migrations are re-runnable): nothing doubled.
    await db.sql("delete from mikro_orm_migrations where name like 'Migration20261130000033%'");
    await migrateUp(db.url);
    expect(await words()).toEqual(expected);

    await db.sql(`insert into author (author_id, author_name, name_search) values (4, 'New', 'new writer')`);
    expect(await words()).toEqual(expect.arrayContaining(['new 4', 'writer 4']));
  });
});
