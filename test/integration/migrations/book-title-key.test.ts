// Migration 8 fills in the title key of books that existed before it, with the application's own folding rule, so
// an import matches "Enders Game" to a book typed in as "Ender's Game" long before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchKeyOf } from '../../../src/domain/shared/search-text.js';
import { migrateUp } from '../../support/migrate-up.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('Migration20261125000008_book_title_key', () => {
  it('keys every existing book, over several batches, and indexes the key', async () => {
    // Back to the schema before the migration, with books in it.
    await db.sql('alter table book drop column title_key');
    await db.sql("delete from mikro_orm_migrations where name like 'Migration20261125000008%'");
    const titles = ["Ender's Game", 'Harry Potter & the Philosopher’s Stone', 'Dune: Messiah', ...Array.from({ length: 12_000 }, (_, i) => `Book ${i}!`)];
    await db.sql('insert into book (book_original_title, title_search) select t, lower(t) from unnest($1::text[]) as t', [titles]);

    await migrateUp(db.url);

    const rows = await db.sql<{ title: string; key: string | null }>('select book_original_title as title, title_key as key from book');
    expect(rows).toHaveLength(titles.length);
    expect(rows.filter((row) => row.key !== matchKeyOf(row.title))).toEqual([]);
    const keyOf = new Map(rows.map((row) => [row.title, row.key]));
    expect(keyOf.get("Ender's Game")).toBe('enders game');
    expect(keyOf.get('Harry Potter & the Philosopher’s Stone')).toBe('harry potter and the philosophers stone');
    const [index] = await db.sql<{ n: number }>("select count(*)::int as n from pg_indexes where indexname = 'book_title_key_idx'");
    expect(index?.n).toBe(1);
  });
});
