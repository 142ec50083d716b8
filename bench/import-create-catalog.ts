// The create-import benchmark's catalog: emptied between measurements, compared after each, and filled by the
// baseline — the rows the import creates, written by one hand-written statement per table in one transaction.
import type pg from 'pg';
import { cpuWindow } from './cpu.js';
import type { CreateImportFile } from './import-create-file.js';

/**
 * Emptied with TRUNCATE … RESTART IDENTITY between measurements: new, empty table files and identities from 1,
 * as after a fresh migration (the planner sees never-analysed tables, as on a new install). CASCADE also empties the
 * tables that point at these (prices, alerts, list items), which this benchmark never fills.
 */
const TRUNCATE_CATALOG = 'truncate table wish, book_author, edition, book, author restart identity cascade';

/** Empties the catalog, checks it is empty, and writes the dirty pages out so no measurement pays for them. */
export async function emptyCatalog(client: pg.Client): Promise<void> {
  await client.query(TRUNCATE_CATALOG);
  const { rows } = await client.query<{ n: string }>(
    'select (select count(*) from book) + (select count(*) from author) + (select count(*) from edition) + (select count(*) from wish) as n',
  );
  if (Number(rows[0]?.n) !== 0) throw new Error(`The catalog still holds ${rows[0]?.n} rows after the truncation`);
  await client.query('checkpoint');
}

export interface CatalogCounts {
  books: number;
  authors: number;
  links: number;
  editions: number;
  wishes: number;
}

export interface CatalogState {
  counts: CatalogCounts;
  /** Every book with its author link, edition and the user's wish, as text without ids or times, sorted; then every author. */
  lines: string[];
}

/** What the catalog holds, without the ids (which differ from one filling to the next). */
export async function catalogState(client: pg.Client, userId: number): Promise<CatalogState> {
  const counts = (
    await client.query<Record<keyof CatalogCounts, string>>(
      `select (select count(*) from book) as books, (select count(*) from author) as authors,
              (select count(*) from book_author) as links, (select count(*) from edition) as editions,
              (select count(*) from wish where user_id = $1) as wishes`,
      [userId],
    )
  ).rows[0];
  const books = await client.query<{ line: string }>(
    `select (b.book_original_title, b.title_search, b.title_key, b.edition_search_pending, b.type_id, b.genre_id, a.author_name, ba.position,
             e.isbn, e.format, l.language_code, e.edition_title, e.publisher, e.published_year, e.cover_url,
             e.guessed_fields, e.enriched_at is null,
             w.is_monitored, w.max_price_minor, w.max_price_currency)::text as line
     from book b
     left join book_author ba on ba.book_id = b.book_id
     left join author a on a.author_id = ba.author_id
     left join edition e on e.book_id = b.book_id
     left join language l on l.language_id = e.language_id
     left join wish w on w.book_id = b.book_id and w.user_id = $1
     order by line`,
    [userId],
  );
  const authors = await client.query<{ line: string }>(
    `select ('author', author_name, aliases, is_user_created, name_search)::text as line from author order by line`,
  );
  return {
    counts: {
      books: Number(counts?.books),
      authors: Number(counts?.authors),
      links: Number(counts?.links),
      editions: Number(counts?.editions),
      wishes: Number(counts?.wishes),
    },
    lines: [...books.rows.map((r) => r.line), ...authors.rows.map((r) => r.line)],
  };
}

/** Throws unless both fillings hold the same rows; names the first difference. */
export function assertSameCatalog(label: string, actual: CatalogState, expected: CatalogState): void {
  if (JSON.stringify(actual.counts) !== JSON.stringify(expected.counts)) {
    throw new Error(`${label}: the catalog holds ${JSON.stringify(actual.counts)}, the baseline made ${JSON.stringify(expected.counts)}`);
  }
  const at = actual.lines.findIndex((line, i) => line !== expected.lines[i]);
  if (at >= 0 || actual.lines.length !== expected.lines.length) {
    throw new Error(`${label}: the catalog differs from the baseline's: ${actual.lines[at] ?? '(nothing)'} where the baseline has ${expected.lines[at] ?? '(nothing)'}`);
  }
}

/** The counts the file must produce: one book and one wish per row, an edition per ISBN, one link per book. */
export function expectedCounts(file: CreateImportFile): CatalogCounts {
  return { books: file.books.length, authors: file.authors.length, links: file.books.length, editions: file.composition.withIsbn, wishes: file.books.length };
}

export interface BaselineStatement {
  label: string;
  sql: string;
}

/**
 * The baseline: one `insert … select` per table over arrays (the fewest statements that make the rows, given
 * that each table's ids come from its identity). Titles are unique in the file and the catalog starts empty, so a
 * book is found again by its title; every edition is a paperback in English, as the import derives them from these
 * rows (Binding "Paperback", ISBN group 0), with its language marked guessed and left for enrichment (enriched_at
 * null), as the import leaves an edition it guessed something about. A book carries its folded title (title_search)
 * and its punctuation-folded title key (title_key, the application's `matchKeyOf`), both computed before the clock
 * starts, and a book without an ISBN waits for the background search of an edition (edition_search_pending), as the
 * import's writer inserts them.
 */
export const BASELINE_STATEMENTS = {
  authors: {
    label: 'authors',
    sql: `insert into author (author_name, name_search, is_user_created)
select n, s, true from unnest($1::text[], $2::text[]) as a(n, s)`,
  },
  books: {
    label: 'books',
    sql: `insert into book (book_original_title, title_search, title_key, edition_search_pending)
select t, s, k, p from unnest($1::text[], $2::text[], $3::text[], $4::boolean[]) as b(t, s, k, p)`,
  },
  links: {
    label: 'book_author links',
    sql: `insert into book_author (book_id, author_id, position)
select b.book_id, a.author_id, 0
from unnest($1::text[], $2::text[]) as r(title, author)
join book b on b.book_original_title = r.title
join author a on a.author_name = r.author`,
  },
  editions: {
    label: 'editions',
    sql: `insert into edition (book_id, isbn, format, language_id, guessed_fields, enriched_at)
select b.book_id, r.isbn, 'paperback', (select language_id from language where language_code = 'en'), '{language}', null
from unnest($1::text[], $2::text[]) as r(title, isbn)
join book b on b.book_original_title = r.title`,
  },
  wishes: {
    label: 'wishes',
    sql: `insert into wish (user_id, book_id)
select $1, b.book_id from unnest($2::text[]) as r(title) join book b on b.book_original_title = r.title`,
  },
} satisfies Record<string, BaselineStatement>;

type StatementKey = keyof typeof BASELINE_STATEMENTS;

/** The parameters of each statement, built before the clock starts (the import's input is its file). */
export function baselineParameters(file: CreateImportFile, userId: number): Record<StatementKey, unknown[]> {
  const withIsbn = file.books.filter((b) => b.isbn13 !== null);
  const titles = file.books.map((b) => b.title);
  return {
    authors: [file.authors.map((a) => a.name), file.authors.map((a) => a.nameSearch)],
    books: [titles, file.books.map((b) => b.titleSearch), file.books.map((b) => b.titleKey), file.books.map((b) => b.isbn13 === null)],
    links: [titles, file.books.map((b) => b.author)],
    editions: [withIsbn.map((b) => b.title), withIsbn.map((b) => b.isbn13)],
    wishes: [userId, titles],
  };
}

export interface BaselineCreateRun {
  /** begin … commit, wall time (ms). */
  ms: number;
  /** Each statement's wall time (ms) and rows, in order. */
  statements: Array<{ label: string; ms: number; rows: number }>;
  counts: CatalogCounts;
  otherCores: number;
}

/** The baseline's transaction, timed from `begin` to the end of `commit`. */
export async function baselineCreateOnce(client: pg.Client, file: CreateImportFile, userId: number): Promise<Omit<BaselineCreateRun, 'counts'>> {
  const parameters = baselineParameters(file, userId);
  const statements: BaselineCreateRun['statements'] = [];
  const cpu = cpuWindow();
  const t0 = performance.now();
  await client.query('begin');
  try {
    for (const key of Object.keys(BASELINE_STATEMENTS) as StatementKey[]) {
      const s0 = performance.now();
      const result = await client.query(BASELINE_STATEMENTS[key].sql, parameters[key]);
      statements.push({ label: BASELINE_STATEMENTS[key].label, ms: performance.now() - s0, rows: result.rowCount ?? 0 });
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
  const ms = performance.now() - t0;
  return { ms, statements, otherCores: cpu.end().otherCores };
}
