import pg from 'pg';
import { FAMOUS_AUTHORS, FIRST_NAMES, SURNAMES, TITLE_ADJECTIVES, TITLE_NOUNS, TITLE_PLACES } from './word-lists.js';

export interface SeedOptions {
  books: number;
  authors: number;
  /** Rows per insert statement; one progress line per chunk. */
  chunk: number;
}

export interface SeedSummary {
  books: number;
  authors: number;
  bookAuthors: number;
  seconds: number;
  /** Seconds per step, in order, for the report. */
  steps: Array<{ step: string; seconds: number }>;
}

/** Secondary indexes dropped during the bulk load and rebuilt from their own definitions afterwards. */
const REBUILT_INDEXES = [
  'author_name_search_trgm',
  'book_author_author_idx',
  'book_title_key_idx',
  'author_primary_name_idx',
  'author_name_parts_gin',
];
/**
 * Constraints dropped during the bulk load and added back afterwards: book_author's primary key, which the two loaders
 * would otherwise fill side by side in two key ranges at once (half-full pages, a third larger, and slower to load), and
 * title_word's, built once after the loaders have written the words with their chunks (insertTitleWords).
 */
const REBUILT_CONSTRAINTS = ['book_author_pkey', 'title_word_pkey'];
/**
 * The title words (migration 34): each loader writes its chunk's words and any new vocabulary right after the chunk's
 * books, in one statement each, instead of the book table's insert trigger; title_word's primary key (some 36M rows at
 * 10M books) is then built once, the longest build, beside the others.
 */
const TITLE_WORDS_TRIGGER = 'title_words_insert';
const TITLE_WORDS_PKEY = 'title_word_pkey';
/** A word used nowhere else: titled "the quixotic <noun>" on one book in RARE_EVERY. */
export const RARE_WORD = 'quixotic';
const RARE_EVERY = 33_331;
/** Every famous author also gets the generated books whose id modulo this is 11, 12, ... */
const FAMOUS_EVERY = 20_000;

const unique = (words: readonly string[]): string[] => [...new Set(words)];

/**
 * Fills the migrated schema with a generated catalog, set-based (generate_series), in chunks:
 * authors, then books with their book_author rows, then indexes, VACUUM ANALYZE and a checkpoint.
 * Titles and names are plain lowercase ASCII, so `title_search`/`name_search` (the folded text the service
 * searches) are the text itself; `name_search` joins the name and aliases with \u0001 like searchTextOf().
 */
/** Connections that insert the books' chunks side by side: one per core of the machines the benchmarks run on. */
const LOADERS = 2;

export async function seedCatalog(url: string, options: SeedOptions, say: (line: string) => void): Promise<SeedSummary> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const loaders: pg.Client[] = [client];
  const started = performance.now();
  const steps: SeedSummary['steps'] = [];
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const result = await work();
    const seconds = (performance.now() - t0) / 1000;
    steps.push({ step: name, seconds });
    say(`  ${name}: ${seconds.toFixed(1)} s (total ${((performance.now() - started) / 1000).toFixed(1)} s)`);
    return result;
  };

  try {
    // random() seeded for the authors here and for each chunk of books from its first id (below): the same catalog
    // on every run, whichever connection inserts a chunk, so runs compare and tests that seed it
    // (test/integration/catalog/book-search.test.ts) find the same names and phrases.
    await client.query('select setseed(0.2026)');
    while (loaders.length < LOADERS) {
      const loader = new pg.Client({ connectionString: url });
      loaders.push(loader);
      await loader.connect();
    }
    // The generated rows are consistent by construction; skipping the per-row FK triggers saves a third of the load.
    // Needs superuser (the embedded server); elsewhere the triggers simply run.
    let fkSkipped = true;
    for (const loader of loaders) {
      await loader.query(`set synchronous_commit = off`);
      await loader.query(`set maintenance_work_mem = '1GB'`);
      await loader.query(`set max_parallel_maintenance_workers = 2`);
      fkSkipped &&= await loader.query(`set session_replication_role = replica`).then(
        () => true,
        () => false,
      );
    }
    if (!fkSkipped) say('  (not a superuser: foreign-key triggers stay on during the load, which is slower)');

    const indexes = await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where schemaname = current_schema() and indexname = any($1::text[])`,
      [REBUILT_INDEXES],
    );
    if (indexes.rowCount !== REBUILT_INDEXES.length) throw new Error(`Expected indexes ${REBUILT_INDEXES.join(', ')} from the migrations`);
    const constraints = await client.query<{ table: string; name: string; definition: string }>(
      `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition
       from pg_constraint where connamespace = current_schema()::regnamespace and conname = any($1::text[])`,
      [REBUILT_CONSTRAINTS],
    );
    if (constraints.rowCount !== REBUILT_CONSTRAINTS.length) throw new Error(`Expected constraints ${REBUILT_CONSTRAINTS.join(', ')} from the migrations`);
    await step('drop secondary indexes for the load', async () => {
      for (const index of indexes.rows) await client.query(`drop index ${index.indexname}`);
      for (const c of constraints.rows) await client.query(`alter table ${c.table} drop constraint ${c.name}`);
      await client.query(`alter table book disable trigger ${TITLE_WORDS_TRIGGER}`);
    });

    const famousBooks = famousBookPlacement(options.books);
    // The chunks are shared out among the loaders as they come free. Each chunk seeds random() from its own first
    // id, so the catalog is the same whichever loader inserts it, and whatever the timing.
    const chunks: number[] = [];
    for (let lo = 1; lo <= options.books; lo += options.chunk) chunks.push(lo);
    let inserted = 0;
    // The authors with their triggers (origin role): those write the author words (migration 33) in one set per
    // statement. With the foreign-key triggers off, on the first connection while the other loaders start on the
    // books (the authors' insert keeps one core busy; the generated ids are consistent by construction), which then
    // joins them; with the triggers on, first, as the book_author rows need their authors.
    const insertAuthorsStep = (name: string) =>
      step(name, async () => {
        if (fkSkipped) await client.query('set session_replication_role = origin');
        await insertAuthors(client, options.authors);
        if (fkSkipped) await client.query('set session_replication_role = replica');
      });
    if (!fkSkipped) await insertAuthorsStep(`insert ${fmt(options.authors)} authors and their words`);
    const t0 = performance.now();
    const loadChunks = async (loader: pg.Client): Promise<void> => {
      for (let lo = chunks.shift(); lo !== undefined; lo = chunks.shift()) {
        const hi = Math.min(options.books, lo + options.chunk - 1);
        await loader.query('select setseed($1)', [chunkSeed(lo)]);
        await insertBooks(loader, lo, hi, famousBooks);
        await insertBookAuthors(loader, lo, hi, options.authors, famousBooks);
        await insertTitleWords(loader, lo, hi);
        inserted += hi - lo + 1;
        const elapsed = (performance.now() - t0) / 1000;
        say(`  books ${fmt(inserted).padStart(9)} / ${fmt(options.books)} with their authors (${elapsed.toFixed(1)} s)`);
      }
    };
    await Promise.all([
      (async () => {
        if (fkSkipped) await insertAuthorsStep(`insert ${fmt(options.authors)} authors and their words (beside the books' load)`);
        await loadChunks(client);
      })(),
      ...loaders.slice(1).map(loadChunks),
    ]);
    const withAuthors = fkSkipped ? ' (the authors beside them)' : '';
    steps.push({ step: `insert ${fmt(options.books)} books and their book_author rows${withAuthors}`, seconds: (performance.now() - t0) / 1000 });

    await client.query(`select setval(pg_get_serial_sequence('author', 'author_id'), (select max(author_id) from author))`);
    await client.query(`select setval(pg_get_serial_sequence('book', 'book_id'), (select max(book_id) from book))`);

    await client.query(`alter table book enable trigger ${TITLE_WORDS_TRIGGER}`);
    const builds = [
      ...constraints.rows.map((c) => ({ name: `add constraint ${c.name}`, sql: `alter table ${c.table} add constraint ${c.name} ${c.definition}` })),
      ...indexes.rows.map((index) => ({ name: `create index ${index.indexname}`, sql: index.indexdef })),
    ];
    await buildSideBySide(builds, (await singleThreadedGin(client)) ? loaders : [client], step);
    for (const loader of loaders) await loader.query(`reset session_replication_role`).catch(() => undefined);
    // VACUUM as well as ANALYZE: otherwise autovacuum would visit the fresh tables in the middle of a measurement.
    // The book table on one connection, the others on the second: a VACUUM is one process per table.
    await step('vacuum (analyze) book, title_word, title_vocab | author, book_author, author_word, author_vocab', () =>
      Promise.all([
        client.query(`vacuum (analyze) book, title_word, title_vocab`),
        (loaders[1] ?? client).query(`vacuum (analyze) author, book_author, author_word, author_vocab`),
      ]),
    );
    await step('checkpoint', () => client.query(`checkpoint`).catch(() => say('  (checkpoint not permitted; skipped)')));

    const counts = await client.query<{ books: string; authors: string; links: string }>(
      `select (select count(*) from book) as books, (select count(*) from author) as authors, (select count(*) from book_author) as links`,
    );
    const row = counts.rows[0];
    return {
      books: Number(row?.books),
      authors: Number(row?.authors),
      bookAuthors: Number(row?.links),
      seconds: (performance.now() - started) / 1000,
      steps,
    };
  } finally {
    for (const loader of loaders) await loader.end().catch(() => undefined);
  }
}

/**
 * Runs the builds on the given connections, each taking the next one as it comes free, title_word's primary key first
 * (the longest by far, as the title's trigram index was until migration 34). Before PostgreSQL 18 a GIN index is built by
 * one process, and so the builds run side by side, each one process (10M books on PostgreSQL 15: one at a time 115 s, side by
 * side 82 s with the B-tree builds' parallel workers, 71 s without them). From 18 on, every build has parallel workers
 * of its own and one at a time measured faster (10M books on PostgreSQL 18: the primary key 13.9 s and book_author's
 * index 12.2 s one at a time, 28.4 and 33.9 s side by side). Two builds on one table at once share its lock, except
 * book_author's primary key, which locks its table: a build on book_author beside it waits for it a moment.
 */
async function buildSideBySide(
  builds: Array<{ name: string; sql: string }>,
  connections: pg.Client[],
  step: (name: string, work: () => Promise<unknown>) => Promise<unknown>,
): Promise<void> {
  const queue = [...builds].sort((a, b) => Number(b.name === LONGEST_BUILD) - Number(a.name === LONGEST_BUILD));
  await Promise.all(
    connections.map(async (connection) => {
      // Side by side, each build one process: a build's parallel workers would take the other connection's core.
      if (connections.length > 1) await connection.query('set max_parallel_maintenance_workers = 0');
      for (let build = queue.shift(); build !== undefined; build = queue.shift()) {
        const { name, sql } = build;
        await step(connections.length > 1 ? `${name} (side by side)` : name, () => connection.query(sql));
      }
    }),
  );
}
/**
 * The longest build (10M books on PostgreSQL 15, side by side: 52–66 s, the next 29–39 s), started first. Ordering the
 * rest longest first as well, so that the title key's index ran beside it, made the builds take 73–79 s instead of 63
 * (three runs against two).
 */
const LONGEST_BUILD = `add constraint ${TITLE_WORDS_PKEY}`;

/** Whether the server builds GIN indexes in one process (before PostgreSQL 18). */
async function singleThreadedGin(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ v: string }>(`select current_setting('server_version_num') as v`);
  return Number(rows[0]?.v) < 180_000;
}

/** random()'s seed for the chunk that starts at book `lo`: in [0, 1), the same on every run. */
function chunkSeed(lo: number): number {
  return (lo % 999_983) / 999_983;
}

/**
 * The title words of books `lo`–`hi`, as migration 34's trigger writes them: split once, the words already in the
 * vocabulary written by their numbers, and the chunk's words the vocabulary lacks handed back. Those (the first chunks'
 * words, a new word here and there after) then go into the vocabulary and their books' rows follow. A word another loader
 * adds meanwhile is one this statement did not see: it comes back as lacking, its insert into the vocabulary does
 * nothing, and its rows follow all the same.
 */
async function insertTitleWords(client: pg.Client, lo: number, hi: number): Promise<void> {
  const { rows } = await client.query<{ lacking: string[] }>(
    `with w as materialized (
       select x.word, b.book_id from book b cross join lateral title_words(b.title_search) x(word) where b.book_id between $1 and $2
     ), known as (
       insert into title_word (word_id, book_id) select v.word_id, w.book_id from w join title_vocab v on v.word = w.word
     )
     select coalesce(array_agg(distinct w.word), '{}') as lacking from w where not exists (select 1 from title_vocab v where v.word = w.word)`,
    [lo, hi],
  );
  const lacking = rows[0]?.lacking ?? [];
  if (lacking.length === 0) return;
  await client.query(`insert into title_vocab (word) select unnest($1::text[]) order by 1 on conflict (word) do nothing`, [lacking]);
  await client.query(
    `insert into title_word (word_id, book_id)
     select v.word_id, b.book_id from book b cross join lateral title_words(b.title_search) x(word)
     join title_vocab v on v.word = x.word where b.book_id between $1 and $2 and x.word = any($3::text[])`,
    [lo, hi, lacking],
  );
}

async function insertAuthors(client: pg.Client, total: number): Promise<void> {
  const famousCount = FAMOUS_AUTHORS.length;
  await client.query(
    `insert into author (author_id, author_name, aliases, name_search, created_at, updated_at)
     select f.id, f.name, f.aliases, array_to_string(array[f.name] || f.aliases, chr(1)), now(), now()
     from jsonb_to_recordset($1::jsonb) as f(id int, name text, aliases text[])`,
    [JSON.stringify(FAMOUS_AUTHORS.map((a, i) => ({ id: i + 1, name: a.name, aliases: a.aliases })))],
  );
  const firstNames = unique(FIRST_NAMES);
  const surnames = unique(SURNAMES);
  // Skewed choice (power of random()) so some names are common and others rare; one author in six has a
  // middle initial, one in twenty-five a pen name as alias.
  await client.query(
    `insert into author (author_id, author_name, aliases, name_search, created_at, updated_at)
     select g, name, aliases, array_to_string(array[name] || aliases, chr(1)), ts, ts
     from (
       select g, ts,
         first || ' ' || case when g % 6 = 0 then chr(97 + (g / 6) % 26) || ' ' else '' end || last as name,
         case when g % 25 = 0 then array[pen_first || ' ' || pen_last] else '{}'::text[] end as aliases
       from (
         select g,
           timestamptz '2024-01-01 00:00:00+00' + g * interval '7 seconds' as ts,
           ($3::text[])[1 + floor(power(random(), 1.4) * $5)::int] as first,
           ($4::text[])[1 + floor(power(random(), 1.4) * $6)::int] as last,
           ($3::text[])[1 + floor(random() * $5)::int] as pen_first,
           ($4::text[])[1 + floor(random() * $6)::int] as pen_last
         from generate_series($1::int, $2::int) g
       ) p
     ) n`,
    [famousCount + 1, total, firstNames, surnames, firstNames.length, surnames.length],
  );
}

interface FamousBooks {
  ids: number[];
  titles: string[];
  authorIds: number[];
}

/** The famous authors' real titles, spread over the id range. */
function famousBookPlacement(totalBooks: number): FamousBooks {
  const placed: FamousBooks = { ids: [], titles: [], authorIds: [] };
  const all = FAMOUS_AUTHORS.flatMap((author, a) => author.books.map((title) => ({ title, authorId: a + 1 })));
  all.forEach((book, i) => {
    placed.ids.push(Math.floor(((i + 0.5) * totalBooks) / all.length) + 3);
    placed.titles.push(book.title);
    placed.authorIds.push(book.authorId);
  });
  return placed;
}

/**
 * The application's matchKeyOf() (what production stores in book.title_key) for the titles generated here: an
 * apostrophe inside a word dropped ("the fox's tale" → "the foxs tale"), `&` spelled "and", every other run of
 * non-alphanumerics one space, trimmed. The generator's titles are lowercase words joined by single spaces, with only
 * two other characters — the apostrophe of "n1's n2" (always inside a word) and the colon of ": book N" (always
 * followed by its space) — so the rule comes down to dropping both. matchKeyOf's regular expressions in SQL took a
 * fifth of the books' load (2M books: 23 s against 17–19 s). test/integration/catalog/book-search.test.ts compares
 * every seeded title's key with matchKeyOf(). Without the key the catalog would differ from production's and every
 * read would compute it again.
 */
const TITLE_KEY_OF_TITLE = `replace(replace(title, '''', ''), ':', '')`;

async function insertBooks(client: pg.Client, lo: number, hi: number, famous: FamousBooks): Promise<void> {
  const adjectives = unique(TITLE_ADJECTIVES);
  const nouns = unique(TITLE_NOUNS);
  const places = unique(TITLE_PLACES);
  // Ten title shapes over skewed word choices, an occasional series number, and the rare word on a few books.
  await client.query(
    `insert into book (book_id, book_original_title, title_search, title_key, created_at, updated_at)
     select g, title, title, ${TITLE_KEY_OF_TITLE}, ts, ts
     from (
       select g, ts, coalesce(($10::text[])[array_position($9::int[], g)],
         case when g % ${RARE_EVERY} = 17 then 'the ${RARE_WORD} ' || n1
         else (case pattern
           when 0 then 'the ' || a1 || ' ' || n1
           when 1 then 'the ' || n1 || ' of ' || n2
           when 2 then n1 || ' and ' || n2
           when 3 then 'the ' || a1 || ' ' || n1 || ' of ' || pl
           when 4 then 'a ' || n1 || ' in ' || pl
           when 5 then a1 || ' ' || n1
           when 6 then 'the ' || n1 || '''s ' || n2
           when 7 then 'the ' || a1 || ' ' || n1 || ' and the ' || a2 || ' ' || n2
           when 8 then 'the ' || n1 || ' of the ' || a2 || ' ' || n2
           else 'a ' || a1 || ' ' || n1 || ' for the ' || n2
         end) || case when series < 0.08 then ': book ' || (1 + floor(series * 100)::int % 7)::text else '' end
         end) as title
       from (
         select g,
           timestamptz '2024-01-01 00:00:00+00' + g * interval '20 seconds' as ts,
           floor(random() * 10)::int as pattern,
           random() as series,
           ($3::text[])[1 + floor(power(random(), 1.6) * $6)::int] as a1,
           ($3::text[])[1 + floor(power(random(), 1.6) * $6)::int] as a2,
           ($4::text[])[1 + floor(power(random(), 1.6) * $7)::int] as n1,
           ($4::text[])[1 + floor(power(random(), 1.6) * $7)::int] as n2,
           ($5::text[])[1 + floor(random() * $8)::int] as pl
         from generate_series($1::int, $2::int) g
       ) p
     ) t`,
    [lo, hi, adjectives, nouns, places, adjectives.length, nouns.length, places.length, famous.ids, famous.titles],
  );
}

async function insertBookAuthors(client: pg.Client, lo: number, hi: number, authors: number, famous: FamousBooks): Promise<void> {
  const famousCount = FAMOUS_AUTHORS.length;
  // First author: the famous author of a famous title, a famous author on a few generated books, else a generated
  // author (skewed: some are prolific). Three books in ten have a second, different, generated author.
  await client.query(
    `with p as materialized (
       select g,
         coalesce(($5::int[])[array_position($6::int[], g)],
                  case when g % ${FAMOUS_EVERY} between 11 and ${10 + famousCount} then g % ${FAMOUS_EVERY} - 10 end,
                  $3 + 1 + floor(power(random(), 1.5) * ($4 - $3))::int) as first_author,
         random() < 0.3 as two,
         floor(random() * ($4 - $3 - 1))::int as shift
       from generate_series($1::int, $2::int) g
     )
     insert into book_author (book_id, author_id, position)
     select g, first_author, 1 from p
     union all
     select g,
       case when first_author <= $3 then $3 + 1 + shift
            else $3 + 1 + (first_author - $3 + shift) % ($4 - $3) end,
       2
     from p where two`,
    [lo, hi, famousCount, authors, famous.authorIds, famous.ids],
  );
}

export function fmt(n: number): string {
  return n.toLocaleString('en-US');
}
