// Catalog arrangements for tests of whole fetch runs in real processes (the job CLI, a stopping service).
import type { TestDatabase } from './test-database.js';

let isbnSeq = 0;
/** A valid ISBN-13, never repeated within one test worker (the files a worker runs share this module). */
function freshIsbn(): string {
  const first12 = `979${String(++isbnSeq + 5_300_000).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + String((10 - (sum % 10)) % 10);
}

/** `count` books with one English paperback each, all wished (monitored) by one user: every demo store sells them. */
export async function monitoredPaperbacks(db: TestDatabase, count: number): Promise<void> {
  const [language] = await db.sql<{ language_id: string }>("select language_id from language where language_code = 'en'");
  const [user] = await db.sql<{ user_id: string }>(
    "insert into app_user (subject) values ('fetch-reader') on conflict (subject) do update set subject = excluded.subject returning user_id",
  );
  const books = await db.sql<{ book_id: string }>(
    `insert into book (book_original_title, title_search) select 'Fetched ' || n, 'fetched ' || n from generate_series(1, $1::int) n returning book_id`,
    [count],
  );
  const bookIds = books.map((b) => b.book_id);
  await db.sql(
    `insert into edition (book_id, isbn, format, language_id) select b, i, 'paperback', $3 from unnest($1::bigint[], $2::text[]) as x(b, i)`,
    [bookIds, bookIds.map(() => freshIsbn()), language!.language_id],
  );
  await db.sql('insert into wish (user_id, book_id, is_monitored) select $1, unnest($2::bigint[]), true', [user!.user_id, bookIds]);
}

export interface TaskCounts {
  pending: number;
  running: number;
  succeeded: number;
  failed: number;
}

/** How many tasks of every run are in each state. */
export async function taskCounts(db: TestDatabase): Promise<TaskCounts> {
  const rows = await db.sql<{ status: string; n: number }>('select status, count(*)::int as n from fetch_task group by status');
  const counts: TaskCounts = { pending: 0, running: 0, succeeded: 0, failed: 0 };
  for (const row of rows) counts[row.status as keyof TaskCounts] = row.n;
  return counts;
}

/** How many fetch jobs the queue holds in each state. */
export async function fetchJobStates(db: TestDatabase): Promise<Record<string, number>> {
  const rows = await db.sql<{ state: string; n: number }>("select state::text as state, count(*)::int as n from pgboss.job where name = 'price-fetch' group by 1");
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}
