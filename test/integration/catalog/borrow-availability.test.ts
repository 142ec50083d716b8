// Borrow or buy over the real service: with LENDING=on the enrichment run (queued here as the LENDING_CRON job
// queues it) asks the demonstration Open Library's Read API about the editions of the wished books, and the wishes
// (GET /api/wishes, GET /api/wishes/{id}, POST /api/wishes) and the book (GET /api/books/{id}) carry `borrow`; a book
// that becomes lendable is found at its next check. Only the wished books' ISBNs are sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLendingStatus, demoSearchableIsbns, demoSourceView, startDemoMetadataServer, type DemoMetadataServer } from '../../../src/adapters/demo/metadata/index.js';
import { EnrichmentQueue } from '../../../src/application/catalog/ports/enrichment-queue.js';
import { eventually, startTestService, type TestService } from '../../support/test-service.js';

let metadata: DemoMetadataServer;
let t: TestService;

const known = demoSearchableIsbns().filter((isbn) => demoSourceView('open-library', isbn) !== null);
const inStatus = (status: string, skip = 0) => known.filter((isbn) => demoLendingStatus(isbn) === status)[skip]!;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

beforeAll(async () => {
  metadata = await startDemoMetadataServer({ port: 0 });
  t = await startTestService({
    METADATA_SOURCES: 'open-library',
    OPEN_LIBRARY_URL: metadata.url,
    METADATA_MIN_INTERVAL_MS: '0',
    METADATA_RETRIES: '0',
    LENDING: 'on',
  });
});
afterAll(async () => {
  await t?.stop();
  await metadata?.close();
});

async function aBook(title: string, isbns: string[]): Promise<number> {
  const book = await t.call('POST', '/api/books', { body: { book_original_title: title } });
  expect(book.status, book.text).toBe(201);
  const [english] = await t.db.sql<{ language_id: string }>("select language_id from language where language_code = 'en'");
  for (const isbn of isbns) {
    const edition = await t.call('POST', `/api/books/${book.body.book_id}/editions`, { body: { isbn, format: 'ebook', language_id: Number(english!.language_id) } });
    expect(edition.status, edition.text).toBe(201);
  }
  return book.body.book_id as number;
}

const queueEnrichmentRun = () => t.service.container.get(EnrichmentQueue).enqueue();

describe('borrow on wishes and books', () => {
  it('is null until checked, then says whether the book can be borrowed, with the link to borrow it', async () => {
    const lendable = await aBook('A Book To Borrow', [inStatus('none'), inStatus('lendable')]);
    const onLoan = await aBook('A Book On Loan', [inStatus('checked out')]);
    const unwished = await aBook('Nobody Wishes This', [inStatus('lendable', 1)]);

    const added = await t.call('POST', '/api/wishes', { body: { book_id: lendable } });
    expect(added.status, added.text).toBe(201);
    expect(added.body.borrow).toBeNull();
    expect((await t.call('POST', '/api/wishes', { body: { book_id: onLoan } })).status).toBe(201);
    expect((await t.call('GET', `/api/books/${lendable}`)).body.borrow).toBeNull();

    await queueEnrichmentRun();
    const byBook = await eventually(async () => {
      const page = await t.call('GET', '/api/wishes');
      const borrow = new Map<number, any>(page.body.data.map((w: any) => [w.book_id, w.borrow]));
      expect(borrow.get(lendable)).not.toBeNull();
      expect(borrow.get(onLoan)).not.toBeNull();
      return borrow;
    }, 15_000);
    expect(byBook.get(lendable)).toEqual({ available: true, url: expect.stringMatching(new RegExp(`^${metadata.url}/books/OL\\d+M/borrow$`)), checked_at: expect.stringMatching(ISO) });
    expect(byBook.get(onLoan)).toEqual({ available: false, url: null, checked_at: expect.stringMatching(ISO) });

    const wish = (await t.call('GET', `/api/wishes?book_id=${lendable}`)).body.data[0];
    const one = await t.call('GET', `/api/wishes/${wish.wish_id}`);
    expect(one.status, one.text).toBe(200);
    expect(one.body).toEqual(wish);
    expect((await t.call('GET', `/api/wishes/${wish.wish_id}`, { token: t.token('someone-else') })).status).toBe(404);
    expect((await t.call('GET', `/api/books/${lendable}`)).body.borrow).toEqual(byBook.get(lendable));
    expect((await t.call('GET', `/api/books/${unwished}`)).body.borrow).toBeNull();
    // A book someone else wishes shows its check on a new wish at once.
    const theirs = await t.call('POST', '/api/wishes', { body: { book_id: lendable }, token: t.token('bob') });
    expect(theirs.body.borrow).toEqual(byBook.get(lendable));

    // Only the wished books' ISBNs went out, as Read API ids.
    const asked = metadata.requests('open-library').filter((r) => r.kind === 'read').flatMap((r) => r.isbns);
    expect(new Set(asked)).toEqual(new Set([inStatus('none'), inStatus('lendable'), inStatus('checked out')]));
  });

  it('finds a book that became lendable at its next check, and logs that it did', async () => {
    const isbn = inStatus('checked out', 2);
    const bookId = await aBook('Back From Loan', [isbn]);
    expect((await t.call('POST', '/api/wishes', { body: { book_id: bookId } })).status).toBe(201);
    await queueEnrichmentRun();
    await eventually(async () => expect((await t.call('GET', `/api/books/${bookId}`)).body.borrow).toMatchObject({ available: false }), 15_000);

    metadata.setLending(isbn, 'lendable');
    // Its check is a day old (LENDING_REFRESH), so the next run asks again.
    await t.db.sql("update book_borrow set checked_at = checked_at - interval '25 hours' where book_id = $1", [bookId]);
    await queueEnrichmentRun();
    await eventually(async () => expect((await t.call('GET', `/api/books/${bookId}`)).body.borrow).toMatchObject({ available: true }), 15_000);
    await eventually(async () => {
      const events = await t.db.sql<{ detail: { became_available_count: number } }>(
        "select log_detail as detail from log where log_event = 'borrow_checked' order by log_time desc limit 1",
      );
      expect(events[0]?.detail.became_available_count).toBe(1);
    }, 5_000);
  });

  it('is in the OpenAPI document on the wish and on the book', async () => {
    const doc = (await t.call('GET', '/api/openapi.json', { token: null })).body;
    const text = JSON.stringify(doc.paths['/api/wishes/{id}'].get) + JSON.stringify(doc.paths['/api/books/{id}'].get) + JSON.stringify(doc.components ?? {});
    expect(text).toContain('checked_at');
    expect(JSON.stringify(doc)).toContain('Open Library lending programme');
  });
});
