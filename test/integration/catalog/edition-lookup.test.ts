// "Add a book by ISBN" over real HTTP and PostgreSQL, with the real Open Library and Google Books
// adapters asking the local demonstration metadata server.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoSourceView, startDemoMetadataServer, type DemoMetadataServer } from '../../../src/adapters/demo/metadata/index.js';
import { startTestService, type TestService } from '../../support/test-service.js';

let metadata: DemoMetadataServer;
let t: TestService;

interface EditionBody {
  edition_id: number;
  book_id: number;
  isbn: string;
  format: string;
  language_id: number;
  publisher: string | null;
  published_year: number | null;
  cover_url: string | null;
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
});
afterEach(() => metadata.reset());
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

/** An ISBN both demonstration sources know. */
const known = (start: number): string => isbns(start, 200).find((isbn) => demoSourceView('open-library', isbn) && demoSourceView('google-books', isbn))!;

const lookup = (isbn: string) => t.call<EditionBody>('POST', '/api/editions/lookup', { body: { isbn } });

describe('POST /api/editions/lookup', () => {
  it('creates the edition with its book and authors from a metadata source (201), then finds it (200)', async () => {
    const isbn = known(100);
    const created = await lookup(isbn);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ isbn, format: expect.stringMatching(/^(hardcover|paperback|ebook|audiobook)$/) });
    const book = await t.call<{ book_original_title: string; author_ids: number[] }>('GET', `/api/books/${created.body.book_id}`);
    expect(book.body.book_original_title.length).toBeGreaterThan(0);
    expect(book.body.author_ids.length).toBeGreaterThan(0);
    const author = await t.call<{ is_user_created: boolean }>('GET', `/api/authors/${book.body.author_ids[0]}`);
    expect(author.body.is_user_created).toBe(false);

    const again = await lookup(isbn.replace(/^(\d{3})(\d)/, '$1-$2'));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(created.body);
  });

  it('answers 200 with the catalog edition without asking any source', async () => {
    const book = await t.call<{ book_id: number }>('POST', '/api/books', { body: { book_original_title: 'Typed By Hand' } });
    const language = Number((await t.db.sql<{ language_id: string }>("select language_id from language where language_code = 'en'"))[0]!.language_id);
    const isbn = isbns(300, 1)[0]!;
    const edition = await t.call<EditionBody>('POST', `/api/books/${book.body.book_id}/editions`, { body: { isbn, format: 'hardcover', language_id: language } });
    expect(edition.status).toBe(201);
    metadata.reset();
    const found = await lookup(isbn);
    expect(found.status).toBe(200);
    expect(found.body).toEqual(edition.body);
    expect(metadata.requests()).toEqual([]);
  });

  it('two requests adding the same new ISBN at once create one edition', async () => {
    const isbn = known(400);
    const [a, b] = await Promise.all([lookup(isbn), lookup(isbn)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.edition_id).toBe(b.body.edition_id);
    expect(Number((await t.db.sql<{ n: string }>('select count(*) as n from edition where isbn = $1', [isbn]))[0]!.n)).toBe(1);
  });

  it('a bad ISBN is 400 naming isbn; an ISBN no source knows is 404', async () => {
    const bad = await lookup('978-0-00-000000-1');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'validation_failed', details: [expect.objectContaining({ field: 'isbn' })] });
    const isbn = isbns(500, 1)[0]!;
    metadata.set('open-library', isbn, { kind: 'unknown' });
    metadata.set('google-books', isbn, { kind: 'unknown' });
    const missing = await lookup(isbn);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'not_found' });
  });

  it('no source can be reached: 503 with Retry-After, and nothing is created', async () => {
    const isbn = known(600);
    metadata.set('open-library', '*', { kind: 'server_error', status: 503, retryAfterSeconds: 30 });
    metadata.set('google-books', '*', { kind: 'server_error', status: 503, retryAfterSeconds: 30 });
    const res = await lookup(isbn);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ error: 'service_unavailable' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number((await t.db.sql<{ n: string }>('select count(*) as n from edition where isbn = $1', [isbn]))[0]!.n)).toBe(0);
  });
});
