// `npm run job -- load-authors FILE` as an operator runs it: a real process reading a real gzip-compressed Open Library
// authors dump into a real PostgreSQL; then an import and a lookup by ISBN over the real service, which reuse the
// loaded authors (by name or alias, and by Open Library id) instead of creating their own.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSourceView, startDemoMetadataServer, type DemoMetadataServer } from '../../../src/adapters/demo/metadata/index.js';
import { authorKey } from '../../../src/adapters/demo/metadata/open-library-answers.js';
import { runJob } from '../../support/job-process.js';
import { startTestService, TEST_JWT_SECRET, type TestService } from '../../support/test-service.js';

let metadata: DemoMetadataServer;
let t: TestService;
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'shelfwatch-authors-'));
  metadata = await startDemoMetadataServer({ port: 0 });
  t = await startTestService({
    METADATA_SOURCES: 'open-library',
    OPEN_LIBRARY_URL: metadata.url,
    METADATA_MIN_INTERVAL_MS: '0',
    METADATA_RETRIES: '0',
  });
});
afterAll(async () => {
  await t?.stop();
  await metadata?.close();
  rmSync(folder, { recursive: true, force: true });
});

interface AuthorRow {
  author_id: string;
  author_name: string;
  aliases: string[];
  is_user_created: boolean;
  name_search: string;
  open_library_id: string | null;
  open_library_revision: number | null;
  birth_date: string | null;
  death_date: string | null;
  updated_at: Date;
}

const authorLine = (id: string, revision: number, record: Record<string, unknown>): string =>
  ['/type/author', `/authors/${id}`, String(revision), '2024-05-01T12:00:00.000000', JSON.stringify({ key: `/authors/${id}`, revision, ...record })].join('\t');

/** A gzip-compressed dump file of these lines; its path. */
function dumpFile(name: string, lines: readonly string[]): string {
  const file = path.join(folder, name);
  writeFileSync(file, gzipSync(`${lines.join('\n')}\n`));
  return file;
}

const loadAuthors = (file: string) => runJob(['load-authors', file], { NODE_ENV: 'test', DATABASE_URL: t.db.url, JWT_SECRET: TEST_JWT_SECRET }, 90_000);
const authorRows = () => t.db.sql<AuthorRow>('select * from author order by open_library_id nulls last, author_id');
const byId = async (id: string) => (await authorRows()).find((a) => a.open_library_id === id);

const FIRST_DUMP = [
  authorLine('OL1A', 3, { name: 'Ursula K. Le Guin', alternate_names: ['Ursula Kroeber', 'Ursula K. Le Guin'], birth_date: '21 October 1929', death_date: '22 January 2018' }),
  authorLine('OL2A', 1, { name: 'Stanisław Lem', birth_date: '1921' }),
  'this line is not a record',
  ['/type/redirect', '/authors/OL9A', '2', '2024-05-01T12:00:00', '{"location": "/authors/OL1A"}'].join('\t'),
  authorLine('OL3A', 5, { personal_name: 'Octavia E. Butler' }),
  authorLine('OL4A', 2, { name: '   ' }),
];

describe('npm run job -- load-authors', () => {
  it('loads the authors of a dump, none user-created, and names the lines it could not read', async () => {
    const run = await loadAuthors(dumpFile('ol_dump_authors_2024-05-31.txt.gz', FIRST_DUMP));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Done in [\d.]+ s: 6 lines; 3 authors new, 0 updated, 0 unchanged; 1 records of other types skipped; 2 bad lines\./);
    expect(run.stdout).toMatch(/line 3: not five tab-separated columns/);
    expect(run.stdout).toMatch(/line 6: the record has no name/);

    const rows = await authorRows();
    expect(rows.map((a) => [a.open_library_id, a.author_name, a.is_user_created])).toEqual([
      ['OL1A', 'Ursula K. Le Guin', false],
      ['OL2A', 'Stanisław Lem', false],
      ['OL3A', 'Octavia E. Butler', false],
    ]);
    expect(rows[0]).toMatchObject({
      aliases: ['Ursula Kroeber'],
      name_search: 'ursula k. le guin\u0001ursula kroeber',
      open_library_revision: 3,
      birth_date: '21 October 1929',
      death_date: '22 January 2018',
    });
    expect(rows[1]!.name_search).toBe('stanislaw lem');
  });

  it('run again on the same file, duplicates nothing and changes nothing', async () => {
    const before = await authorRows();
    const run = await loadAuthors(dumpFile('ol_dump_authors_2024-05-31.txt.gz', FIRST_DUMP));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/0 authors new, 0 updated, 3 unchanged/);
    expect(await authorRows()).toEqual(before);
  });

  it('a newer dump updates the authors whose record has a newer revision and adds the new ones', async () => {
    const run = await loadAuthors(
      dumpFile('ol_dump_authors_2024-06-30.txt.gz', [
        authorLine('OL1A', 4, { name: 'Ursula K. Le Guin', alternate_names: ['Ursula Kroeber Le Guin'], birth_date: '1929' }),
        authorLine('OL2A', 1, { name: 'An older spelling that must not win' }),
        authorLine('OL5A', 1, { name: 'Ted Chiang' }),
      ]),
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/1 authors new, 1 updated, 1 unchanged/);
    expect(await byId('OL1A')).toMatchObject({ aliases: ['Ursula Kroeber Le Guin'], open_library_revision: 4, birth_date: '1929', death_date: null });
    expect(await byId('OL2A')).toMatchObject({ author_name: 'Stanisław Lem' });
    expect((await authorRows()).length).toBe(4);
  });

  // Two runs of the job: twice a single run's time (some 14 s each on a loaded CI machine).
  it('resumes an interrupted load of the same file after the last line it stored', { timeout: 90_000 }, async () => {
    const file = dumpFile('ol_dump_authors_2024-07-31.txt.gz', [1, 2, 3, 4, 5, 6].map((n) => authorLine(`OL10${n}A`, 1, { name: `Resumed Author ${n}` })));
    // What an earlier run told to stop after its batch through line 3 left behind.
    await t.db.sql('insert into author_load (dump_key, lines_done, finished) values ($1, 3, false)', [`ol_dump_authors_2024-07-31.txt.gz:${statSync(file).size}`]);
    const run = await loadAuthors(file);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/resuming after line 3: 6 lines; 3 authors new/);
    const resumed = (await authorRows()).filter((a) => a.author_name.startsWith('Resumed Author')).map((a) => a.open_library_id);
    expect(resumed).toEqual(['OL104A', 'OL105A', 'OL106A']);
    // Finished: the next run of the file reads it all again (and finds lines 1 to 3 new).
    const again = await loadAuthors(file);
    expect(again.stdout).toMatch(/Done in [\d.]+ s: 6 lines; 3 authors new, 0 updated, 3 unchanged/);
  });

  it('refuses a missing file', async () => {
    const run = await loadAuthors(path.join(folder, 'nothing-here.txt.gz'));
    expect(run.code).not.toBe(0);
    expect(run.stderr + run.stdout).toMatch(/does not exist/);
  });
});

describe('loaded authors are reused before any author is created', () => {
  it('by name or alias (case and accents aside) when an import creates books', async () => {
    const lem = (await byId('OL2A'))!;
    const leGuin = (await byId('OL1A'))!;
    const authorsBefore = (await authorRows()).length;
    const csv = 'isbn,title,author\n,Solaris,STANISLAW LEM\n,The Dispossessed,Ursula Kroeber Le Guin\n';
    const res = await t.call('POST', '/api/wishes/import?create_missing=true', { rawBody: csv, headers: { 'content-type': 'text/csv' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body, res.text).toMatchObject({ created_books: 2, created_authors: 0 });
    const links = await t.db.sql<{ title: string; author_id: string }>(
      'select b.book_original_title as title, ba.author_id from book b join book_author ba using (book_id) order by b.book_original_title',
    );
    expect(links).toEqual([
      { title: 'Solaris', author_id: lem.author_id },
      { title: 'The Dispossessed', author_id: leGuin.author_id },
    ]);
    expect((await authorRows()).length).toBe(authorsBefore);
  });

  it('by Open Library id when a metadata lookup gives one, whatever the name', async () => {
    const isbn = isbnKnownToOpenLibrary();
    const view = demoSourceView('open-library', isbn)!;
    const id = authorKey(view.book.authors[0]!).replace('/authors/', '');
    const loaded = await loadAuthors(dumpFile('ol_dump_authors_2024-08-31.txt.gz', [authorLine(id, 1, { name: 'A Spelling The Source Does Not Use' })]));
    expect(loaded.code, loaded.stdout + loaded.stderr).toBe(0);
    const author = (await byId(id))!;

    const res = await t.call<{ book_id: number }>('POST', '/api/editions/lookup', { body: { isbn } });
    expect(res.status, res.text).toBe(201);
    const [link] = await t.db.sql<{ author_id: string }>('select author_id from book_author where book_id = $1 order by position limit 1', [res.body.book_id]);
    expect(link!.author_id).toBe(author.author_id);
  });
});

/** An ISBN-13 (978-0-00 block) the demonstration Open Library knows, with one author at least. */
function isbnKnownToOpenLibrary(): string {
  for (let n = 300; n < 600; n++) {
    const body = `97800000${String(n).padStart(4, '0')}`;
    const sum = [...body].reduce((acc, digit, k) => acc + Number(digit) * (k % 2 === 0 ? 1 : 3), 0);
    const isbn = `${body}${(10 - (sum % 10)) % 10}`;
    const view = demoSourceView('open-library', isbn);
    if (view && !view.altSpelling && view.book.authors.length > 0) return isbn;
  }
  throw new Error('no ISBN known to the demonstration Open Library');
}
