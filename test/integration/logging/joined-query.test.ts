import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';

// The query that docs/logging.md shows, read from the doc itself so the two cannot drift.
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

async function documentedQuery(): Promise<string> {
  const doc = await readFile(path.resolve(import.meta.dirname, '../../../docs/logging.md'), 'utf8');
  const block = /<!-- joined-query:begin -->\s*```sql\n([\s\S]*?)```\s*<!-- joined-query:end -->/.exec(doc);
  if (!block) throw new Error('docs/logging.md has no joined-query block');
  return block[1]!;
}

it('lists the last day’s fetch failures with their book title and store name', async () => {
  const [dune] = await db.sql<{ book_id: string }>(`insert into book (book_original_title, title_search) values ('Dune', 'dune') returning book_id`);
  const [emma] = await db.sql<{ book_id: string }>(`insert into book (book_original_title, title_search) values ('Emma', 'emma') returning book_id`);
  const stores = await db.sql<{ store_id: string; store_name: string }>('select store_id, store_name from store order by store_id limit 2');
  const failure = (book: string, store: string, error: string, minutesAgo: number, event = 'fetch_failed') =>
    db.sql(`insert into log (log_time, log_level, log_source, log_event, log_detail) values (now() - $1 * interval '1 minute', 'error', 'scheduled_fetch', $2, $3)`, [
      minutesAgo,
      event,
      { book_id: Number(book), store_id: Number(store), error },
    ]);
  await failure(dune!.book_id, stores[0]!.store_id, 'HTTP 503', 30);
  await failure(emma!.book_id, stores[1]!.store_id, 'timeout', 10);
  await failure(emma!.book_id, stores[0]!.store_id, 'too old', 60 * 25);
  await failure(dune!.book_id, stores[1]!.store_id, 'not a failure', 5, 'fetch_completed');

  const rows = await db.sql<{ book_original_title: string; store_name: string; error: string; book_id: string }>(await documentedQuery());
  expect(rows.map((r) => [r.book_original_title, r.store_name, r.error])).toEqual([
    ['Emma', stores[1]!.store_name, 'timeout'],
    ['Dune', stores[0]!.store_name, 'HTTP 503'],
  ]);
});
