import type pg from 'pg';
import { fmt } from './seed.js';

// Data of the fetch-plan benchmark (bench/fetch-plan.ts), generated set-based with generate_series.

/** Store keys of the benchmark's stores; every other store is made inactive. */
const STORE_PREFIX = 'plan-bench-';
/** Editions per insert statement: one progress line each. */
const CHUNK = 250_000;

/** `count` active stores in euros selling paperbacks and addressing editions by ISBN-13: each can ask every edition. */
export async function seedStores(client: pg.Client, count: number): Promise<void> {
  await client.query('update store set is_active = false');
  await client.query(
    `insert into store (store_key, store_name, country, currency, formats, homepage_url, product_url_template, is_active)
     select '${STORE_PREFIX}' || s, 'Plan benchmark store ' || s, 'FR', 'EUR', array['paperback'],
            'https://store' || s || '.example', 'https://store' || s || '.example/isbn/{isbn13}', true
     from generate_series(1, $1::int) s`,
    [count],
  );
}

/**
 * Books `from`..`to` (ids), each with one paperback edition (a valid 978 ISBN-13) and one monitored wish, in chunks;
 * then VACUUM ANALYZE, as the catalog would be after a day of use.
 */
export async function seedMonitoredEditions(client: pg.Client, from: number, to: number, say: (line: string) => void): Promise<number> {
  const t0 = performance.now();
  await client.query('set synchronous_commit = off');
  const { rows: lang } = await client.query<{ language_id: string }>(`select language_id from language where language_code = 'en'`);
  const english = lang[0]?.language_id;
  if (!english) throw new Error('The language table has no English (migrations not applied?)');
  await client.query(`insert into app_user (subject, display_name) values ('plan-bench', 'Plan benchmark user') on conflict do nothing`);
  for (let first = from; first <= to; first += CHUNK) {
    const last = Math.min(to, first + CHUNK - 1);
    await client.query(
      `insert into book (book_id, book_original_title, title_search, created_at, updated_at)
       select n, 'Plan benchmark book ' || n, 'plan benchmark book ' || n, now(), now() from generate_series($1::int, $2::int) n`,
      [first, last],
    );
    await client.query(
      `insert into edition (book_id, isbn, format, language_id, publisher, published_year)
       select n, body || ((10 - (select sum(substr(body, i, 1)::int * case when i % 2 = 1 then 1 else 3 end)
                                   from generate_series(1, 12) i) % 10) % 10)::text,
              'paperback', $3::bigint, 'Benchmark Press', 2020
       from generate_series($1::int, $2::int) n, lateral (select '978' || lpad(n::text, 9, '0') as body) b`,
      [first, last, english],
    );
    await client.query(
      `insert into wish (user_id, book_id, is_monitored)
       select u.user_id, n, true from generate_series($1::int, $2::int) n, app_user u where u.subject = 'plan-bench'`,
      [first, last],
    );
    say(`  seeding: ${fmt(last)} / ${fmt(to)} books, editions and monitored wishes (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }
  await client.query(`select setval(pg_get_serial_sequence('book', 'book_id'), (select max(book_id) from book))`);
  say('  vacuum (analyze) book, edition, wish ...');
  await client.query('vacuum (analyze) book, edition, wish');
  return (performance.now() - t0) / 1000;
}
