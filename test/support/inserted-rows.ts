import type { TestDatabase } from './test-database.js';

/**
 * From now on, keeps a copy of every row offered to `table` by an insert, as it was offered, with when
 * (`inserted_at`, clock time): a BEFORE trigger, so rows the table then refuses (a primary key taken) are kept too, and
 * later updates do not touch the copies. For checks of what a background worker may already have changed, or of
 * attempts that left no row. Returns the copy's table name.
 */
export async function recordInserts(db: Pick<TestDatabase, 'sql'>, table: string): Promise<string> {
  const copy = `test_${table}_inserts`;
  await db.sql(`create table ${copy} as select *, clock_timestamp() as inserted_at from ${table} where false`);
  await db.sql(`create function ${copy}_keep() returns trigger language plpgsql as $$
    begin
      insert into ${copy} select new.*, clock_timestamp();
      return new;
    end $$`);
  await db.sql(`create trigger ${copy}_keep before insert on ${table} for each row execute function ${copy}_keep()`);
  return copy;
}
