// The `borrowable` alert over the real service: the demonstration Open Library lends a wished book that was on loan,
// the enrichment run (queued here as LENDING_CRON queues it) finds it at its next check, and every monitored wish of it
// gets one `borrowable` alert (GET /api/alerts, with the page to borrow it), logged `alert_sent` without a threshold;
// a webhook channel naming the kind receives one signed message, one with the default kinds none. A check that finds
// nothing new, and a book lendable at its first check, raise nothing.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLendingStatus, demoSearchableIsbns, demoSourceView, startDemoMetadataServer, type DemoMetadataServer } from '../../../src/adapters/demo/metadata/index.js';
import { EnrichmentQueue } from '../../../src/application/catalog/ports/enrichment-queue.js';
import { eventually, startTestService, type TestService } from '../../support/test-service.js';

interface Receiver {
  url: string;
  received: Array<{ signature: string | undefined; body: string }>;
  close(): Promise<void>;
}

/** A webhook receiver on 127.0.0.1 recording every POST. */
async function startReceiver(): Promise<Receiver> {
  const received: Receiver['received'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ signature: req.headers['shelfwatch-signature'] as string | undefined, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

let metadata: DemoMetadataServer;
let t: TestService;
let naming: Receiver;
let defaults: Receiver;

const known = demoSearchableIsbns().filter((isbn) => demoSourceView('open-library', isbn) !== null);
const inStatus = (status: string, skip = 0) => known.filter((isbn) => demoLendingStatus(isbn) === status)[skip]!;

beforeAll(async () => {
  metadata = await startDemoMetadataServer({ port: 0 });
  [naming, defaults] = [await startReceiver(), await startReceiver()];
  t = await startTestService({
    METADATA_SOURCES: 'open-library',
    OPEN_LIBRARY_URL: metadata.url,
    METADATA_MIN_INTERVAL_MS: '0',
    METADATA_RETRIES: '0',
    LENDING: 'on',
    LOG_FLUSH_MS: '50',
    CHANNEL_ALLOW_PRIVATE: 'on',
  });
});
afterAll(async () => {
  await t?.stop();
  await naming?.close();
  await defaults?.close();
  await metadata?.close();
});

const queueEnrichmentRun = () => t.service.container.get(EnrichmentQueue).enqueue();

async function aBook(title: string, isbn: string): Promise<{ bookId: number; editionId: number }> {
  const book = await t.call('POST', '/api/books', { body: { book_original_title: title } });
  expect(book.status, book.text).toBe(201);
  const [english] = await t.db.sql<{ language_id: string }>("select language_id from language where language_code = 'en'");
  const edition = await t.call('POST', `/api/books/${book.body.book_id}/editions`, { body: { isbn, format: 'ebook', language_id: Number(english!.language_id) } });
  expect(edition.status, edition.text).toBe(201);
  return { bookId: book.body.book_id as number, editionId: edition.body.edition_id as number };
}

async function wish(token: string, bookId: number, monitored = true): Promise<number> {
  const res = await t.call('POST', '/api/wishes', { token, body: { book_id: bookId, is_monitored: monitored } });
  expect(res.status, res.text).toBe(201);
  return res.body.wish_id as number;
}

/** The book's check is a day old (LENDING_REFRESH), the next run asks again; resolves once that run has checked it. */
async function checkAgain(bookId: number): Promise<void> {
  const [before] = await t.db.sql<{ checked_at: Date }>("update book_borrow set checked_at = checked_at - interval '25 hours' where book_id = $1 returning checked_at", [bookId]);
  await queueEnrichmentRun();
  await eventually(async () => {
    const [row] = await t.db.sql<{ checked_at: Date }>('select checked_at from book_borrow where book_id = $1', [bookId]);
    expect(new Date(row!.checked_at).getTime()).toBeGreaterThan(new Date(before!.checked_at).getTime());
  }, 15_000);
}

const alertsOf = async (token: string) => {
  const res = await t.call('GET', '/api/alerts', { token });
  expect(res.status, res.text).toBe(200);
  return res.body.data as Array<Record<string, unknown>>;
};

describe('the borrowable alert', () => {
  it('tells every monitored wish once when a wished book becomes lendable, in the app and on a channel naming it', async () => {
    const [ann, bob, cy] = [t.token('borrow-ann'), t.token('borrow-bob'), t.token('borrow-cy')];
    const isbn = inStatus('checked out', 3);
    const { bookId, editionId } = await aBook('A Book Back From Loan', isbn);
    const early = await aBook('Lendable From The Start', inStatus('lendable', 3));
    const annWish = await wish(ann, bookId);
    await wish(bob, bookId, false);
    const cyWish = await wish(cy, bookId);
    await wish(ann, early.bookId);
    const named = await t.call('POST', '/api/user/channels', { token: ann, body: { kind: 'webhook', target: naming.url, alert_kinds: ['borrowable'] } });
    expect(named.status, named.text).toBe(201);
    expect(named.body.alert_kinds).toEqual(['borrowable']);
    const byDefault = await t.call('POST', '/api/user/channels', { token: ann, body: { kind: 'webhook', target: defaults.url } });
    expect(byDefault.status, byDefault.text).toBe(201);

    // The first check: on loan, and lendable from the start — neither is news.
    await queueEnrichmentRun();
    await eventually(async () => {
      expect((await t.call('GET', `/api/books/${bookId}`)).body.borrow).toMatchObject({ available: false });
      expect((await t.call('GET', `/api/books/${early.bookId}`)).body.borrow).toMatchObject({ available: true });
    }, 15_000);
    expect(await alertsOf(ann)).toEqual([]);

    metadata.setLending(isbn, 'lendable');
    await checkAgain(bookId);
    const borrowUrl = (await t.call('GET', `/api/books/${bookId}`)).body.borrow.url as string;
    expect(borrowUrl).toMatch(new RegExp(`^${metadata.url}/books/OL\\d+M/borrow$`));

    const expected = (wishId: number) => ({
      alert_id: expect.any(Number), wish_id: wishId, book_id: bookId, edition_id: editionId, store_id: null, alert_kind: 'borrowable',
      amount: null, currency: null, previous_amount: null, url: borrowUrl, is_read: false, created_at: expect.any(String),
    });
    const [annAlert] = await alertsOf(ann);
    expect(await alertsOf(ann)).toEqual([expected(annWish)]);
    expect(await alertsOf(cy)).toEqual([expected(cyWish)]);
    expect(await alertsOf(bob)).toEqual([]);
    await eventually(async () => {
      const sent = await t.db.sql<{ detail: Record<string, unknown> }>(
        "select log_detail as detail from log where log_event = 'alert_sent' and (log_detail ->> 'book_id')::bigint = $1",
        [bookId],
      );
      expect(sent.map((e) => e.detail).filter((d) => d.channel === 'in_app')).toEqual([
        expect.objectContaining({ channel: 'in_app', threshold: null }),
        expect.objectContaining({ channel: 'in_app', threshold: null }),
      ]);
    }, 5_000);

    // One signed message to the channel naming the kind: no store, the page to borrow it at.
    const [message] = await eventually(async () => {
      expect(naming.received).toHaveLength(1);
      return naming.received;
    }, 15_000);
    expect(message!.signature).toBe(`sha256=${createHmac('sha256', named.body.secret as string).update(message!.body).digest('hex')}`);
    expect(JSON.parse(message!.body)).toEqual({
      event: 'alert',
      idempotency_key: `shelfwatch-a${annAlert!.alert_id}-c${named.body.channel_id}`,
      alert: { ...expected(annWish), alert_id: annAlert!.alert_id, url: undefined },
      reasons: ['borrowable'],
      book: { book_id: bookId, book_original_title: 'A Book Back From Loan' },
      store: null,
      url: borrowUrl,
    });

    // Checked again with nothing new: nothing more is raised or sent.
    await checkAgain(bookId);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await alertsOf(ann)).toHaveLength(1);
    expect(await alertsOf(cy)).toHaveLength(1);
    expect(naming.received).toHaveLength(1);
    expect(defaults.received).toEqual([]);
  });

  it('lists the kind in the OpenAPI document, for alerts and channels', async () => {
    const doc = JSON.stringify((await t.call('GET', '/api/openapi.json', { token: null })).body);
    expect(doc).toContain('"borrowable"');
    expect(doc).toContain('null for borrowable');
  });
});
