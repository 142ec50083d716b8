// npm run export / npm run import on real embedded clusters: an export of a database with rows in every kind of table,
// imported into a fresh folder, holds the same rows (the trigger-maintained summary included), with sequences past
// their largest ids and triggers working afterwards; an export of an older migration set gets the later migrations
// after the load; a non-empty folder, a newer Shelfwatch's export and a cut or foreign file are refused in one line,
// leaving nothing behind. (Only one PostgreSQL major ships with this build: the move across majors itself cannot be
// run here; the export is PostgreSQL's COPY text format, which every version reads.)
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createWriteStream } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupArchiveWriter, HEADER_ENTRY } from '../../../src/adapters/postgres/backup/backup-archive.js';
import { takeExport } from '../../../src/adapters/postgres/backup/logical-export.js';
import { importExport, ImportRefusedError } from '../../../src/adapters/postgres/backup/logical-import.js';
import { knownMigrations, migrateUpTo } from '../../../src/adapters/postgres/backup/logical-migrations.js';
import { shippedMajor } from '../../../src/adapters/postgres/backup/major-version.js';
import { migrate } from '../../../src/adapters/postgres/database.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../../src/adapters/postgres/embedded-postgres.js';
import { freePort } from '../../support/database-for-tests.js';
import { runScript } from '../../support/job-process.js';

const PASSWORD = 'export-test-password';
const SECRETS = { jwtSecret: 'e'.repeat(43), postgresPassword: PASSWORD };
/** The last migration of the "older" source: the ones after it (notification channels, the price summary, …) run after its load. */
const OLDER_LAST = 'Migration20261125000011_effective_preferences';

let folder: string;
let sourceDataDir: string;
let sourcePort: number;
let source: EmbeddedDatabase;
let older: EmbeddedDatabase;
const started: EmbeddedDatabase[] = [];

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Statements separated by `;` and a line break, on one connection; those naming $1 get the values. */
async function seed(url: string, statements: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements.split(/;\s*\n/)) await client.query(statement, statement.includes('$1') ? values : []);
  } finally {
    await client.end();
  }
}

async function startCluster(clusterDir: string, password = PASSWORD): Promise<EmbeddedDatabase> {
  const db = await startEmbeddedPostgres({ clusterDir, port: await freePort(), password, database: 'shelfwatch' });
  started.push(db);
  return db;
}

/** Every table of public but the migrations' as {table: rows as JSON text, sorted}. */
async function everyRow(url: string, only?: (table: string) => boolean): Promise<Record<string, string[]>> {
  const tables = await query<{ name: string }>(
    url,
    `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' and relname <> 'mikro_orm_migrations' order by 1`,
  );
  const all: Record<string, string[]> = {};
  for (const { name } of tables) {
    if (only && !only(name)) continue;
    all[name] = (await query<{ row: string }>(url, `select row_to_json(t)::text as row from "${name}" t order by 1`)).map((r) => r.row);
  }
  return all;
}

/** Text that COPY must escape, and then some. */
const AWKWARD = 'tab\there, new\nline, back\\slash, "quotes", \'apostrophe\', \\N, é, 中文, 📚, trailing space ';

/** Rows in every table of the current schema (as the service would write them, triggers on). */
async function seedEveryTable(url: string): Promise<void> {
  await seed(
    url,
    `insert into app_user (subject, email, display_name) values ('alice', 'alice@example.org', $1), ('bob', null, null), ('carol', 'carol@example.org', 'Carol')`,
    [AWKWARD],
  );
  // The last id given out is removed: the imported sequence must still not hand it out again.
  await seed(url, `delete from app_user where subject = 'carol'`);
  await seed(url, `insert into author (author_name, aliases, name_search) values ('Ursula K. Le Guin', '{"U. K. Le Guin","Le Guin, Ursula"}', 'ursula k le guin'), ($1, '{}', 'awkward')`, [AWKWARD]);
  await seed(url, `insert into type (type_key, type_name, position) values ('fiction', 'Fiction', 1)`);
  await seed(url, `insert into genre (genre_key, type_id, genre_name, position) select 'sf', type_id, 'Science fiction', 1 from type`);
  await seed(
    url,
    `insert into ontology_node (node_key, type_id, genre_id, parent_id, name, position) select 'sf', type_id, genre_id, null, 'SF', 1 from genre;
     insert into ontology_node (node_key, type_id, genre_id, parent_id, name, position) select 'sf/space', type_id, genre_id, ontology_node_id, 'Space', 2 from ontology_node`,
  );
  await seed(
    url,
    `insert into book (book_original_title, title_search, type_id, genre_id, title_key) select 'The Dispossessed', 'the dispossessed', type_id, genre_id, 'dispossessed' from genre;
     insert into book (book_original_title, title_search, edition_search_pending) values ('A Wizard of Earthsea', 'a wizard of earthsea', true);
     insert into book_author (book_id, author_id, position) select b.book_id, a.author_id, 1 from book b, author a where a.author_name like 'Ursula%'`,
  );
  await seed(
    url,
    `insert into edition (book_id, isbn, format, language_id, edition_title, publisher, published_year, guessed_fields, enriched_at, cover_url)
       select b.book_id, '978000000000' || b.book_id, 'paperback', l.language_id, 'Edition ' || b.book_id, 'Gollancz', 1974, '{publisher}', null, 'https://covers.example/' || b.book_id
       from book b, language l where l.language_code = 'en';
     insert into edition (book_id, isbn, format, language_id, enriched_at) select book_id, '9781111111111', 'ebook', (select language_id from language where language_code = 'fr'), now() from book where title_key = 'dispossessed'`,
  );
  await seed(
    url,
    `insert into store (store_key, store_name, country, currency, formats, homepage_url, product_url_template, is_demo, is_active, extraction)
     values ('books-eu', 'Books EU', 'DE', 'EUR', '{paperback,ebook}', 'https://books.example', 'https://books.example/{isbn}', false, true, '{"price": {"selector": ".price", "note": "tab\\there"}}'),
            ('other', 'Other', null, 'EUR', '{hardcover}', 'https://other.example', 'https://other.example/{isbn}', true, false, '{}')`,
  );
  // Quotes through the trigger that maintains edition_store_price, daily and monthly.
  await seed(
    url,
    `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind)
       select e.edition_id, s.store_id, 1000 + e.edition_id * 10 + d, 'EUR', 'in_stock', 'https://books.example/' || e.isbn, timestamptz '2026-11-01 10:00:00.123456+00' + d * interval '1 day', 'daily'
       from edition e, store s, generate_series(1, 5) d where s.store_key = 'books-eu';
     insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind, month, min_minor, max_minor, avg_minor, sample_count, sum_minor)
       select e.edition_id, s.store_id, 900, 'EUR', 'out_of_stock', 'https://books.example/m', '2026-10-31 23:00+00', 'monthly', '2026-10-01', 850, 990, 920, 30, 27600
       from edition e, store s where s.store_key = 'books-eu'`,
  );
  await seed(
    url,
    `insert into wish (user_id, book_id, is_monitored, max_price_minor, max_price_currency) select u.user_id, b.book_id, true, 1500, 'EUR' from app_user u, book b where u.subject = 'alice';
     insert into book_list (user_id, list_name, token) select user_id, 'To read', 'tok-' || user_id from app_user where subject = 'alice';
     insert into book_list_item (list_id, book_id, position) select l.list_id, b.book_id, row_number() over () from book_list l, book b;
     insert into alert (user_id, wish_id, book_id, edition_id, store_id, alert_kind, amount_minor, currency, previous_minor)
       select w.user_id, w.wish_id, w.book_id, e.edition_id, s.store_id, 'price_drop', 1011, 'EUR', 1200 from wish w join edition e on e.book_id = w.book_id, store s where s.store_key = 'books-eu';
     insert into user_preferences (user_id, country, currency, formats, alert_email) select user_id, 'DE', 'EUR', '{paperback}', true from app_user where subject = 'alice';
     insert into user_language (user_id, language_id) select u.user_id, l.language_id from app_user u, language l where u.subject = 'alice' and l.language_code in ('en', 'de');
     insert into on_demand_fetch_quota (user_id, window_start, used) select user_id, '2026-11-26 10:00+00', 3 from app_user where subject = 'alice'`,
  );
  await seed(
    url,
    `insert into notification_channel (user_id, kind, target, secret, alert_kinds, delivery, is_enabled, is_default)
       select user_id, 'email', null, null, '{price_drop,new_lowest}', 'daily_digest', true, true from app_user where subject = 'alice';
     insert into notification_channel (user_id, kind, target, secret, alert_kinds, delivery, last_attempt_at, last_attempt_kind, last_attempt_ok, last_attempt_failure, last_attempt_retryable)
       select user_id, 'webhook', 'https://hooks.example/x?a=1&b=2', 'whsec_0123456789', '{below_max_price}', 'immediate', now(), 'alert', false, 'HTTP 500', true from app_user where subject = 'alice';
     insert into notification_channel (user_id, kind, target, alert_kinds) select user_id, 'ntfy', 'https://ntfy.example/topic', '{back_in_stock}' from app_user where subject = 'bob';
     insert into channel_delivery (idempotency_key, channel_id) select 'alert:' || channel_id, channel_id from notification_channel where kind = 'webhook';
     insert into channel_digest_item (channel_id, user_id, digest_day, message, sent_at)
       select channel_id, user_id, '2026-11-26', jsonb_build_object('title', $1::text, 'n', 1.5, 'list', jsonb_build_array(1, null, true)), null from notification_channel where is_default`,
    [AWKWARD],
  );
  await seed(
    url,
    `insert into fetch_run (trigger, book_count, store_count, task_count, succeeded, failed, completed_at) values ('daily', 2, 1, 3, 2, 1, now());
     insert into fetch_task (fetch_run_id, edition_id, store_id, status, claimed_at) select r.fetch_run_id, e.edition_id, s.store_id, 'succeeded', now() from fetch_run r, edition e, store s where s.store_key = 'books-eu';
     insert into scheduled_run (job, scheduled_for, claimed_by) values ('daily-fetch', '2026-11-26 06:00+00', 'host-1');
     insert into store_fetch_outcome (store_id, minute, outcome, fetch_count, last_at, last_message) select store_id, '2026-11-26 06:01+00', 'price', 3, now(), null from store;
     insert into reference_rate (rate_date, currency, per_euro) values ('2026-11-26', 'USD', 1.0542), ('2026-11-26', 'JPY', 161.23), ('2026-11-27', 'USD', 1.0511);
     insert into exchange_rate_refresh (refreshed_at, outcome, reason, message, newest_day) values (now(), 'refused', 'late', 'the newest day is late', null);
     insert into author_load (dump_key, lines_done, finished) values ('ol_dump_authors_2026-10-31.txt.gz', 120000, false);
     insert into book_borrow (book_id, is_available, borrow_url, checked_at) select book_id, book_id % 2 = 0, case when book_id % 2 = 0 then 'https://openlibrary.org/books/OL1M/borrow' end, now() from book;
     insert into log (log_time, log_level, log_source, log_event, log_detail) select now() - n * interval '1 minute', 'info', 'test', 'tick', jsonb_build_object('n', n, 'text', $1::text) from generate_series(1, 300) n;
     insert into log_alert_window (log_event, kind, window_start, window_end, sent_at) values ('fetch_failed', 'maintainer', '2026-11-26 06:00+00', '2026-11-26 06:05+00', null)`,
    [AWKWARD],
  );
}

/** Rows for the schema as of OLDER_LAST: no notification channels, no price summary yet. */
async function seedOlderSchema(url: string): Promise<void> {
  await seed(
    url,
    `insert into app_user (subject, email) values ('dora', 'dora@example.org'), ('emil', null);
     insert into user_preferences (user_id, alert_email) select user_id, subject = 'dora' from app_user;
     insert into book (book_original_title, title_search) values ('Solaris', 'solaris');
     insert into edition (book_id, isbn, format, language_id) select book_id, '9780000000999', 'hardcover', (select language_id from language where language_code = 'pl') from book;
     insert into store (store_key, store_name, country, currency, formats, homepage_url, product_url_template) values ('s1', 'S1', 'PL', 'PLN', '{hardcover}', 'https://s1.example', 'https://s1.example/{isbn}');
     insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind)
       select e.edition_id, s.store_id, 5000 - d, 'PLN', 'in_stock', 'https://s1.example/x', timestamptz '2026-11-01 00:00+00' + d * interval '1 hour', 'daily' from edition e, store s, generate_series(1, 4) d;
     insert into wish (user_id, book_id) select u.user_id, b.book_id from app_user u, book b;
     insert into log (log_time, log_level, log_source, log_event) values (now(), 'warn', 'older', 'event')`,
  );
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'shelfwatch-export-'));
  // As root the server runs as `postgres`, which must traverse this folder.
  await chmod(folder, 0o755);
  sourceDataDir = path.join(folder, 'source');
  await mkdir(sourceDataDir);
  await writeFile(path.join(sourceDataDir, 'secrets.json'), JSON.stringify(SECRETS, null, 2), { mode: 0o600 });
  sourcePort = await freePort();
  source = await startEmbeddedPostgres({ clusterDir: path.join(sourceDataDir, 'pg'), port: sourcePort, password: PASSWORD, database: 'shelfwatch' });
  started.push(source);
  await migrate(source.url);
  await seedEveryTable(source.url);

  older = await startCluster(path.join(folder, 'older-source', 'pg'));
  await migrateUpTo(older.url, OLDER_LAST);
  await seedOlderSchema(older.url);
});

afterAll(async () => {
  for (const db of started.reverse()) await db.stop().catch(() => undefined);
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('export and import of the embedded database', () => {
  let exportFile: string;

  it('imports every row of every table into a new cluster, with sequences past their ids and triggers working', { timeout: 180_000 }, async () => {
    const before = await everyRow(source.url);
    // Rows in every table: each kind of data goes through the export.
    const empty = Object.entries(before).filter(([, rows]) => rows.length === 0).map(([table]) => table);
    expect(empty, 'tables without rows: give them some in seedEveryTable').toEqual([]);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['book', 'edition', 'price_quote', 'edition_store_price', 'wish', 'notification_channel', 'log', 'service_secret']));

    exportFile = path.join(folder, 'shelfwatch-export.tar.gz');
    const progress: string[] = [];
    const exported = await takeExport({ url: source.url, file: exportFile, secrets: SECRETS, onProgress: (line) => progress.push(line), progressEveryMs: 0, chunkBytes: 4096 });
    expect(exported.header.migrations).toEqual(knownMigrations());
    expect(exported.header.postgres.major).toBe(await shippedMajor());
    expect(exported.header.tables.find((table) => table.name === 'log')?.rows).toBe(300);
    expect(exported.header.tables.map((table) => table.name)).not.toContain('mikro_orm_migrations');
    // Small entries (4 KiB): the log table spans several, each of whole rows.
    expect(exported.trailer.dataEntries).toBeGreaterThan(exported.header.tables.length);
    expect(progress.some((line) => /^Export: \d+ of \d+ rows/.test(line))).toBe(true);
    expect(progress.at(-1)).toMatch(/^Export done: /);
    expect((await stat(exportFile)).mode & 0o077).toBe(0);
    expect(existsSync(`${exportFile}.partial`)).toBe(false);

    const dataDir = path.join(folder, 'imported');
    const importProgress: string[] = [];
    const imported = await importExport({
      file: exportFile,
      clusterDir: path.join(dataDir, 'pg'),
      port: await freePort(),
      secretsFile: path.join(dataDir, 'secrets.json'),
      onProgress: (line) => importProgress.push(line),
      progressEveryMs: 0,
    });
    expect(imported.migrationsBefore).toEqual(knownMigrations());
    expect(imported.migrationsAfter).toEqual([]);
    expect(imported.rows).toBe(exported.trailer.rows);
    expect(imported.secrets).toEqual({ kind: 'written' });
    expect(JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8'))).toEqual(SECRETS);
    expect(importProgress.some((line) => /^Import: .* read \(\d+%\), \d+ of \d+ rows loaded/.test(line))).toBe(true);
    expect(importProgress.at(-1)).toMatch(/^Import done: /);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    const copy = await startCluster(path.join(dataDir, 'pg'));
    expect(await everyRow(copy.url)).toEqual(before);
    const migrations = 'select name from mikro_orm_migrations order by id';
    expect(await query(copy.url, migrations)).toEqual(await query(source.url, migrations));

    // The deleted last user's id is not handed out again; every other sequence continues past its column.
    const [sourceUsers] = await query<{ last: string }>(source.url, `select last_value::text as last from app_user_user_id_seq`);
    const [newUser] = await query<{ id: string }>(copy.url, `insert into app_user (subject) values ('after-import') returning user_id::text as id`);
    expect(BigInt(newUser!.id)).toBeGreaterThan(BigInt(sourceUsers!.last));
    const [newLog] = await query<{ id: string; max: string }>(
      copy.url,
      `with n as (insert into log (log_time, log_level, log_source, log_event) values (now(), 'info', 't', 'e') returning log_id) select n.log_id::text as id, (select max(log_id)::text from log where log_id <> n.log_id) as max from n`,
    );
    expect(BigInt(newLog!.id)).toBeGreaterThan(BigInt(newLog!.max));

    // session_replication_role was the load's only: the summary trigger works on the imported database.
    await query(
      copy.url,
      `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind)
         select edition_id, store_id, 1, 'EUR', 'in_stock', 'https://books.example/cheap', '2026-12-01 00:00+00', 'daily' from edition_store_price order by 1 limit 1`,
    );
    const [summary] = await query<{ latest_minor: string; lowest_minor: string }>(copy.url, `select latest_minor, lowest_minor from edition_store_price order by edition_id limit 1`);
    expect(summary).toEqual({ latest_minor: '1', lowest_minor: '1' });
    // Foreign keys hold: a check the load skipped, run now on every row.
    const orphans = await query(copy.url, `select w.wish_id from wish w left join book b using (book_id) where b.book_id is null`);
    expect(orphans).toEqual([]);
    await copy.stop();
  });

  it('exports one consistent snapshot while a writer commits: every transaction whole, every one committed before it began', { timeout: 120_000 }, async () => {
    const client = new pg.Client({ connectionString: source.url });
    await client.connect();
    let committed = 0;
    let stopping = false;
    // Each transaction writes a user (exported first, alphabetically) and a log row (exported later).
    const writer = (async () => {
      for (let seq = 1; !stopping; seq++) {
        await client.query('begin');
        await client.query('insert into app_user (subject) values ($1)', [`writer-${seq}`]);
        await client.query(`insert into log (log_time, log_level, log_source, log_event, log_detail) values (now(), 'info', 'export-test', 'tick', $1)`, [{ seq }]);
        await client.query('commit');
        committed = seq;
      }
    })();
    let file: string;
    let before: number;
    let after: number;
    try {
      while (committed < 30) await new Promise((resolve) => setTimeout(resolve, 5));
      // The export takes some tens of milliseconds: on a busy machine the writer may not commit meanwhile; again then.
      let attempt = 0;
      do {
        attempt += 1;
        file = path.join(folder, `under-writes-${attempt}.tar.gz`);
        before = committed;
        await takeExport({ url: source.url, file, secrets: SECRETS, chunkBytes: 1024 });
        after = committed;
      } while (after === before && attempt < 20);
    } finally {
      stopping = true;
      await writer;
      await client.end();
    }
    expect(after).toBeGreaterThan(before);

    const dataDir = path.join(folder, 'under-writes');
    await importExport({ file, clusterDir: path.join(dataDir, 'pg'), port: await freePort(), secretsFile: null });
    const copy = await startCluster(path.join(dataDir, 'pg'));
    const users = (await query<{ seq: number }>(copy.url, `select substring(subject from 8)::int as seq from app_user where subject like 'writer-%' order by 1`)).map((row) => row.seq);
    const logged = (await query<{ seq: number }>(copy.url, `select (log_detail->>'seq')::int as seq from log where log_source = 'export-test' order by 1`)).map((row) => row.seq);
    expect(logged).toEqual(users);
    expect(users).toEqual(Array.from({ length: users.length }, (_, i) => i + 1));
    expect(users.length).toBeGreaterThanOrEqual(before);
    // A commit the server made but had not yet acknowledged when the export ended may be in it.
    expect(users.length).toBeLessThanOrEqual(after + 1);
    await copy.stop();
    await query(source.url, `delete from log where log_source = 'export-test'; delete from app_user where subject like 'writer-%'`);
  });

  it('runs the later migrations after loading an export of an older migration set', { timeout: 180_000 }, async () => {
    const before = await everyRow(older.url);
    const file = path.join(folder, 'older.tar.gz');
    const exported = await takeExport({ url: older.url, file, secrets: SECRETS });
    const known = knownMigrations();
    expect(exported.header.migrations).toEqual(known.slice(0, known.indexOf(OLDER_LAST) + 1));
    expect(exported.header.tables.map((table) => table.name)).not.toContain('notification_channel');

    const dataDir = path.join(folder, 'from-older');
    const lines: string[] = [];
    const imported = await importExport({ file, clusterDir: path.join(dataDir, 'pg'), port: await freePort(), secretsFile: null, onProgress: (line) => lines.push(line) });
    expect(imported.migrationsBefore).toEqual(exported.header.migrations);
    expect(imported.migrationsAfter).toEqual(known.slice(known.indexOf(OLDER_LAST) + 1));
    expect(lines.some((line) => line.startsWith(`Applied this version's ${imported.migrationsAfter.length} newer migrations`))).toBe(true);

    const copy = await startCluster(path.join(dataDir, 'pg'));
    // The tables the old schema had keep their rows (with the later columns' defaults).
    const after = await everyRow(copy.url, (table) => table in before);
    for (const [table, rows] of Object.entries(before)) {
      expect(after[table]?.length, table).toBe(rows.length);
      const pick = (json: string, keys: string[]) => JSON.stringify(keys.map((key) => (JSON.parse(json) as Record<string, unknown>)[key]));
      const keys = Object.keys(JSON.parse(rows[0] ?? '{}') as object);
      expect(after[table]!.map((row) => pick(row, keys)).sort(), table).toEqual(rows.map((row) => pick(row, keys)).sort());
    }
    // Migration 12 made dora's e-mail alerts her default channel; migration 14 built the price summary from her quotes.
    expect(await query(copy.url, `select u.subject, c.kind, c.is_default from notification_channel c join app_user u using (user_id)`)).toEqual([
      { subject: 'dora', kind: 'email', is_default: true },
    ]);
    expect(await query(copy.url, `select latest_minor::int as latest, lowest_minor::int as lowest from edition_store_price`)).toEqual([{ latest: 4996, lowest: 4996 }]);
    expect(await query(copy.url, 'select count(*)::int as n from mikro_orm_migrations')).toEqual([{ n: known.length }]);
    await copy.stop();
  });

  it('refuses a folder that holds anything, an export of a newer Shelfwatch, and a cut or foreign file, leaving nothing behind', { timeout: 180_000 }, async () => {
    const importInto = async (file: string, clusterDir: string, onProgress?: (line: string) => void) =>
      importExport({ file, clusterDir, port: await freePort(), secretsFile: null, onProgress });
    const oneLine = async (promise: Promise<unknown>): Promise<Error> => {
      const error = (await promise.catch((e: unknown) => e)) as Error;
      expect(error).toBeInstanceOf(Error);
      expect(error.message).not.toContain('\n');
      return error;
    };

    const notEmpty = path.join(folder, 'not-empty');
    await mkdir(notEmpty);
    await writeFile(path.join(notEmpty, 'notes.txt'), 'mine');
    const refusal = await oneLine(importInto(exportFile, notEmpty));
    expect(refusal).toBeInstanceOf(ImportRefusedError);
    expect(refusal.message).toMatch(/is not empty \(1 entries\); an import only writes into an absent or empty folder/);
    expect(await readdir(notEmpty)).toEqual(['notes.txt']);
    expect((await oneLine(importInto(exportFile, path.join(sourceDataDir, 'pg')))).message).toMatch(/^PostgreSQL \(process \d+\) is running on .*: stop Shelfwatch first; an import never writes over/);

    // A database a newer version has migrated: its export names a migration this version does not know.
    await query(older.url, `insert into mikro_orm_migrations (name) values ('Migration29991231000001_from_the_future')`);
    const newer = path.join(folder, 'newer.tar.gz');
    try {
      await takeExport({ url: older.url, file: newer, secrets: SECRETS });
    } finally {
      await query(older.url, `delete from mikro_orm_migrations where name = 'Migration29991231000001_from_the_future'`);
    }
    const fromNewer = path.join(folder, 'from-newer', 'pg');
    const newerError = await oneLine(importInto(newer, fromNewer));
    expect(newerError).toBeInstanceOf(ImportRefusedError);
    expect(newerError.message).toBe(
      'This export was made by a newer Shelfwatch version: its database has a migration this version does not know (Migration29991231000001_from_the_future); import it with that version or a newer one',
    );
    expect(existsSync(fromNewer)).toBe(false);

    // Cut in its rows (the cluster was created and is removed again) and cut within the first entry.
    for (const fraction of [0.6, 0.02]) {
      const cut = path.join(folder, `cut-${fraction}.tar.gz`);
      await cp(exportFile, cut);
      await truncate(cut, Math.floor((await stat(cut)).size * fraction));
      const target = path.join(folder, `from-cut-${fraction}`, 'pg');
      const lines: string[] = [];
      const error = await oneLine(importInto(cut, target, (line) => lines.push(line)));
      // Cut in its rows, the file's first entries were read and the cluster made before the cut showed.
      expect(lines.some((line) => line.startsWith('Creating the embedded PostgreSQL cluster'))).toBe(fraction > 0.5);
      expect(error.message).toMatch(new RegExp(`^${cut.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is cut short: .*Nothing was imported: copy the export again`));
      expect(existsSync(target)).toBe(false);
    }

    // A gzip'd tar that is not an export.
    const foreign = path.join(folder, 'foreign.tar.gz');
    await pipeline(Readable.from([Buffer.alloc(1024)]), createGzip(), createWriteStream(foreign));
    const foreignError = await oneLine(importInto(foreign, path.join(folder, 'from-foreign', 'pg')));
    expect(foreignError.message).toMatch(/is not a Shelfwatch export/);
    expect(existsSync(path.join(folder, 'from-foreign'))).toBe(false);
    // A physical backup (its first entry): said so, with the command that takes it.
    const backup = path.join(folder, 'a-backup.tar.gz');
    const writer = new BackupArchiveWriter(backup);
    await writer.addJson(HEADER_ENTRY, { format: 'shelfwatch-backup' });
    await writer.finish();
    expect((await oneLine(importInto(backup, path.join(folder, 'from-backup', 'pg')))).message).toMatch(/is a Shelfwatch backup, not an export: restore it with/);
  });

  it('runs as npm run export / npm run import, with the service running, and refuses in one line', { timeout: 180_000 }, async () => {
    const file = path.join(folder, 'via-cli.tar.gz');
    const exported = await runScript('src/composition/entries/export.ts', [file], { DATA_DIR: sourceDataDir, EMBEDDED_PG_PORT: String(sourcePort) }, 120_000);
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    expect(exported.stdout).toMatch(/Using the embedded PostgreSQL already running/);
    expect(exported.stdout).toMatch(/Export done: /);
    expect(exported.stdout).toMatch(/Import it with: npm run import -- /);
    // The export does not stop a cluster it did not start.
    expect(await query(source.url, 'select 1 as one')).toEqual([{ one: 1 }]);

    const dataDir = path.join(folder, 'cli-imported');
    const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) };
    const imported = await runScript('src/composition/entries/import.ts', [file], env, 120_000);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(/Import done: /);
    expect(imported.stdout).toMatch(/Start Shelfwatch \(npm start\)/);
    expect(JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8'))).toEqual(SECRETS);

    const again = await runScript('src/composition/entries/import.ts', [file], env, 120_000);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toMatch(/already holds a database cluster; an import only writes into an absent or empty folder/);
    expect(again.stderr.trim()).not.toContain('\n');

    const external = await runScript('src/composition/entries/export.ts', [path.join(folder, 'external.tar.gz')], { DATABASE_URL: 'postgres://someone@127.0.0.1:5432/shelfwatch' });
    expect(external.code).toBe(1);
    expect(external.stderr.trim()).toMatch(/^DATABASE_URL is set: npm run export handles the embedded database only; .*pg_dump.*docs\/backup-restore\.md$/);
  });
});
