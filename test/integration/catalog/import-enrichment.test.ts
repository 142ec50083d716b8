// Enrichment of imported books over the real service: an import that creates editions queues a background run
// (pg-boss), whose worker asks the real Open Library and Google Books adapters, here pointed at the local
// demonstration metadata server, and fills in what the export did not say.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSearchableIsbns, demoSourceView, startDemoMetadataServer, type DemoMetadataServer } from '../../../src/adapters/demo/metadata/index.js';
import { matchKeyOf } from '../../../src/domain/shared/search-text.js';
import { recordInserts } from '../../support/inserted-rows.js';
import { eventually, startTestService, type TestService } from '../../support/test-service.js';

let metadata: DemoMetadataServer;
let t: TestService;
/** Every edition row as the import offered it (recordInserts). */
let editionInserts: string;

interface EditionRow {
  isbn: string;
  format: string;
  language: string;
  publisher: string | null;
  published_year: number | null;
  cover_url: string | null;
  guessed_fields: string[];
  enriched: boolean;
}

beforeAll(async () => {
  metadata = await startDemoMetadataServer({ port: 0 });
  t = await startTestService({
    METADATA_SOURCES: 'open-library,google-books',
    OPEN_LIBRARY_URL: metadata.url,
    GOOGLE_BOOKS_URL: metadata.url,
    METADATA_MIN_INTERVAL_MS: '0',
    METADATA_RETRIES: '0',
  });
  editionInserts = await recordInserts(t.db, 'edition');
});
afterAll(async () => {
  await t.stop();
  await metadata.close();
});

/** ISBN-13s (valid check digit) of the 978-0-00 block, from `start` on. */
function isbns(start: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const body = `97800000${String(start + i).padStart(4, '0')}`;
    const sum = [...body].reduce((acc, digit, k) => acc + Number(digit) * (k % 2 === 0 ? 1 : 3), 0);
    return `${body}${(10 - (sum % 10)) % 10}`;
  });
}

/** An ISBN Open Library knows in full (cover, binding), as a hardcover: so the guessed paperback must change. */
const hardcoverIsbn = isbns(100, 300).find((isbn) => {
  const view = demoSourceView('open-library', isbn);
  return view !== null && !view.withoutCover && !view.withoutSecondaryField && view.book.format === 'hardcover';
})!;
const unknownIsbn = isbns(700, 1)[0]!;

async function edition(isbn: string): Promise<EditionRow> {
  const [row] = await t.db.sql<EditionRow>(
    `select e.isbn, e.format, l.language_code as language, e.publisher, e.published_year, e.cover_url, e.guessed_fields,
            e.enriched_at is not null as enriched
     from edition e join language l using (language_id) where e.isbn = $1`,
    [isbn],
  );
  return row!;
}

describe('enrichment of imported books', () => {
  it('fills publisher, year and cover in the background and replaces the guessed format and language', async () => {
    metadata.set('open-library', unknownIsbn, { kind: 'unknown' });
    metadata.set('google-books', unknownIsbn, { kind: 'unknown' });
    const csv = `isbn,title,author\n${hardcoverIsbn},An Imported Book,Ada Writer\n${unknownIsbn},Nobody Knows This,Obscure Author\n`;
    const res = await t.call('POST', '/api/wishes/import?create_missing=true', { rawBody: csv, headers: { 'content-type': 'text/csv' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ created_editions: 2 });

    // What the import wrote: the export's guesses, nothing the export did not say (the row as inserted: the
    // background enrichment may already have replaced them by the time the row is read).
    const [imported] = await t.db.sql<Omit<EditionRow, 'enriched'>>(
      `select i.isbn, i.format, l.language_code as language, i.publisher, i.published_year, i.cover_url, i.guessed_fields
       from ${editionInserts} i join language l using (language_id) where i.isbn = $1`,
      [hardcoverIsbn],
    );
    expect(imported).toMatchObject({ format: 'paperback', language: 'en', publisher: null, published_year: null, cover_url: null });
    expect(imported!.guessed_fields).toEqual(['format', 'language']);

    const demo = demoSourceView('open-library', hardcoverIsbn)!.book;
    const enriched = await eventually(async () => {
      const row = await edition(hardcoverIsbn);
      expect(row.enriched).toBe(true);
      return row;
    }, 15_000);
    expect(enriched).toMatchObject({
      format: 'hardcover',
      language: demo.languageCode,
      publisher: demo.publisher,
      published_year: demo.year,
      cover_url: expect.stringMatching(/^https?:\/\//),
      guessed_fields: [],
    });

    // An ISBN no source knows is marked enriched too (not asked about forever), and keeps what the import made.
    expect(await edition(unknownIsbn)).toMatchObject({
      format: 'paperback', language: 'en', publisher: null, published_year: null, cover_url: null,
      guessed_fields: ['format', 'language'], enriched: true,
    });
    // One lookup for the batch: Open Library was asked about both ISBNs in one request.
    const asked = metadata.requests('open-library').filter((request) => request.jscmd === 'data');
    expect(asked.some((request) => request.isbns.includes(hardcoverIsbn) && request.isbns.includes(unknownIsbn))).toBe(true);
  });

  it('names a book imported from a bare ISBN: the source\'s title and authors, created as the catalog\'s own', async () => {
    const isbn = isbns(400, 200).find((candidate) => {
      const view = demoSourceView('open-library', candidate);
      return view !== null && view.book.authors.length > 0;
    })!;
    const res = await t.call('POST', '/api/wishes/import?create_missing=true', { rawBody: `isbn\n${isbn}\n`, headers: { 'content-type': 'text/csv' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ created: 1, created_books: 1, created_authors: 0, created_editions: 1, unmatched: [] });
    const bookOf = async () =>
      (await t.db.sql<{ title: string; title_key: string; authors: string[]; user_created: boolean[] }>(
        `select b.book_original_title as title, b.title_key,
                coalesce(array_agg(a.author_name order by ba.position) filter (where a.author_id is not null), '{}') as authors,
                coalesce(array_agg(a.is_user_created order by ba.position) filter (where a.author_id is not null), '{}') as user_created
         from edition e join book b using (book_id)
         left join book_author ba on ba.book_id = b.book_id left join author a on a.author_id = ba.author_id
         where e.isbn = $1 group by b.book_id`,
        [isbn],
      ))[0]!;

    const demo = demoSourceView('open-library', isbn)!.book;
    const named = await eventually(async () => {
      const book = await bookOf();
      expect(book.title).not.toBe(`ISBN ${isbn}`);
      return book;
    }, 15_000);
    expect(named.title).toBe(demo.title);
    expect(named.title_key).toBe(matchKeyOf(demo.title));
    expect(named.authors).toEqual(demo.authors);
    expect(named.user_created.every((flag) => !flag)).toBe(true);
    expect((await edition(isbn)).guessed_fields).not.toContain('title');

  });

  it('gives a book imported without an ISBN the one edition a title search finds, then completes it like any other', async () => {
    // A demonstration book whose title and author no other searchable book shares: exactly one edition answers.
    const searchable = demoSearchableIsbns();
    const keyOf = (isbn: string) => {
      const b = demoSourceView('open-library', isbn)?.book;
      return b ? `${matchKeyOf(b.title)}|${matchKeyOf(b.authors[0] ?? '')}` : null;
    };
    const counts = new Map<string, number>();
    for (const isbn of searchable) {
      const key = keyOf(isbn);
      if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const isbn = searchable.find((candidate) => {
      const key = keyOf(candidate);
      return key !== null && counts.get(key) === 1 && demoSourceView('open-library', candidate)!.book.authors.length > 0;
    })!;
    const demo = demoSourceView('open-library', isbn)!.book;
    // As an export would write it: other case and punctuation, no ISBN.
    const csv = `isbn,title,author\n,"${demo.title.toUpperCase()}!",${demo.authors[0]}\n`;
    const res = await t.call('POST', '/api/wishes/import?create_missing=true', { rawBody: csv, headers: { 'content-type': 'text/csv' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ created: 1, created_books: 1, created_editions: 0 });

    const attached = await eventually(async () => {
      const [row] = await t.db.sql<{ isbn: string; pending: boolean }>(
        `select e.isbn, b.edition_search_pending as pending from book b join edition e using (book_id) where b.title_key = $1`,
        [matchKeyOf(`${demo.title.toUpperCase()}!`)],
      );
      expect(row).toBeDefined();
      return row!;
    }, 15_000);
    expect(attached).toEqual({ isbn, pending: false });
    const searches = metadata.requests('open-library').filter((request) => request.kind === 'search');
    expect(searches.some((request) => request.search?.title?.toUpperCase() === `${demo.title.toUpperCase()}!`)).toBe(true);
    // The edition found by the search is then completed by the ISBN lookup, as an imported one is.
    const completed = await eventually(async () => {
      const row = await edition(isbn);
      expect(row.enriched).toBe(true);
      return row;
    }, 15_000);
    expect(completed.publisher).toBe(demo.publisher);
  });

  it('searches a book once: a title no source knows leaves the book without an edition and no longer waiting', async () => {
    const csv = 'isbn,title,author\n,A Title Nobody Has Written Yet,Nobody At All\n';
    const res = await t.call('POST', '/api/wishes/import?create_missing=true', { rawBody: csv, headers: { 'content-type': 'text/csv' } });
    expect(res.status, res.text).toBe(200);
    await eventually(async () => {
      const [row] = await t.db.sql<{ pending: boolean; editions: number }>(
        `select b.edition_search_pending as pending, (select count(*)::int from edition e where e.book_id = b.book_id) as editions
         from book b where b.book_original_title = 'A Title Nobody Has Written Yet'`,
      );
      expect(row).toEqual({ pending: false, editions: 0 });
    }, 15_000);
  });

  it('when no source can be reached the editions stay pending, for a later run', async () => {
    const isbn = isbns(800, 1)[0]!;
    metadata.set('open-library', '*', { kind: 'server_error', status: 503 });
    metadata.set('google-books', '*', { kind: 'server_error', status: 503 });
    try {
      const csv = `isbn,title,author\n${isbn},Asked While Down,Patient Author\n`;
      const res = await t.call('POST', '/api/wishes/import?create_missing=true', { rawBody: csv, headers: { 'content-type': 'text/csv' } });
      expect(res.status, res.text).toBe(200);
      await eventually(async () => expect(metadata.requests().some((request) => request.isbns.includes(isbn))).toBe(true), 15_000);
      // The run has failed (pg-boss retries it later): nothing was marked or filled.
      await eventually(async () => {
        const [job] = await t.db.sql<{ state: string }>("select state from pgboss.job where name = 'enrich-editions' order by created_on desc limit 1");
        expect(job?.state).toBe('retry');
      });
      expect(await edition(isbn)).toMatchObject({ format: 'paperback', publisher: null, guessed_fields: ['format', 'language'], enriched: false });
    } finally {
      metadata.reset();
    }
  });

  it('an edition created by ISBN lookup is complete as a source gave it: nothing waits for enrichment', async () => {
    const isbn = isbns(900, 100).find((candidate) => demoSourceView('open-library', candidate) !== null)!;
    const created = await t.call('POST', '/api/editions/lookup', { body: { isbn } });
    expect(created.status, created.text).toBe(201);
    expect((await edition(isbn)).enriched).toBe(true);
  });
});
