// `bench:best-price -- --at-scale`: the best-price world inside a large catalog with many other readers (issue 29:
// 10M books, 100k users, 5M wishes), so the page's statement is timed against tables and indexes of that size. The
// catalog is bench/seed.ts's; the crowd's wishes point at its books, spread by a fixed formula (the same on every run).
import pg from 'pg';
import { fmt, seedCatalog } from './seed.js';

export interface CrowdShape {
  books: number;
  authors: number;
  users: number;
  wishesPerUser: number;
}

export interface Crowd extends CrowdShape {
  /** Wishes stored for the crowd (a few fewer than users × wishesPerUser when a small catalog repeats a book). */
  wishes: number;
  catalogSeconds: number;
  crowdSeconds: number;
}

/** Users per insert statement: one progress line each. */
const USERS_PER_STATEMENT = 10_000;

export async function seedCrowd(url: string, shape: CrowdShape, say: (line: string) => void): Promise<Crowd> {
  say(`Generating a catalog of ${fmt(shape.books)} books and ${fmt(shape.authors)} authors ...`);
  const catalog = await seedCatalog(url, { books: shape.books, authors: shape.authors, chunk: 100_000 }, say);
  say(`Generating ${fmt(shape.users)} readers with ${fmt(shape.wishesPerUser)} wishes each ...`);
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('set synchronous_commit = off');
    // As bench/seed.ts: the rows are consistent by construction, so the per-row foreign-key triggers are skipped where
    // the session may (a superuser: the embedded server), and the wish table's secondary indexes are built once at the end.
    await client.query('set session_replication_role = replica').catch(() => say('  (not a superuser: foreign-key triggers stay on)'));
    const indexes = (
      await client.query<{ indexname: string; indexdef: string }>(
        "select indexname, indexdef from pg_indexes where tablename = 'wish' and indexname in ('wish_user_idx', 'wish_book_idx')",
      )
    ).rows;
    for (const index of indexes) await client.query(`drop index ${index.indexname}`);
    for (let lo = 1; lo <= shape.users; lo += USERS_PER_STATEMENT) {
      const hi = Math.min(shape.users, lo + USERS_PER_STATEMENT - 1);
      // Each reader's books are its number times one prime plus multiples of another, modulo the catalog: distinct for
      // one reader while wishesPerUser × 104,729 stays under the catalog's size, spread over the whole id range.
      await client.query(
        `with readers as (
           insert into app_user (subject) select 'crowd-reader-' || n from generate_series($1::int, $2::int) as n returning user_id
         )
         insert into wish (user_id, book_id, max_price_minor, max_price_currency, created_at)
         select r.user_id, 1 + (r.user_id * 7919 + k * 104729) % $3, 800 + (k % 20) * 50, 'EUR',
                timestamptz '2026-01-01 00:00:00+00' + (r.user_id * 50 + k) * interval '1 second'
         from readers r cross join generate_series(1, $4::int) as k
         on conflict (user_id, book_id) do nothing`,
        [lo, hi, shape.books, shape.wishesPerUser],
      );
      say(`  readers ${fmt(hi).padStart(9)} / ${fmt(shape.users)} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
    for (const index of indexes) await client.query(index.indexdef);
    await client.query('reset session_replication_role').catch(() => undefined);
    await client.query('vacuum (analyze) app_user, wish');
    const [row] = (await client.query<{ n: string }>("select count(*) as n from wish w join app_user u using (user_id) where u.subject like 'crowd-reader-%'")).rows;
    return { ...shape, wishes: Number(row?.n), catalogSeconds: catalog.seconds, crowdSeconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}
