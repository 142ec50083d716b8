// Confirm before alarming (issue 26 §11) over real HTTP: a store added by STORES_FILE, served by a local HTTP server
// whose page can change between two readings. A drop of more than 40 % is read twice before its alerts go out: when the
// second reading disagrees (another price, or a page that cannot be read) the quote is kept as suspect — shown in the
// API with its evidence — and raises no alert; when it agrees, the alerts go out as usual. Each quote says why (§10).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookWithEdition, logsSince, logWatermark, type PricedEdition } from '../../support/pricing-integration-helpers.js';
import { eventually, startTestService, type TestService } from '../../support/test-service.js';

let shop: Server;
let t: TestService;
/** What the page of each ISBN shows, one entry per request still to come (the last one stays); `null`: no price. */
const pages = new Map<string, Array<string | null>>();
const requests = new Map<string, number>();

function page(price: string | null): string {
  const offers = price === null ? '' : `,"offers":{"@type":"Offer","price":"${price}","priceCurrency":"EUR","availability":"https://schema.org/InStock"}`;
  const shown = price === null ? 'Price on request' : `${price.replace('.', ',')} €`;
  return `<!doctype html><html><head><title>A book</title><script type="application/ld+json">{"@type":"Product","name":"A book"${offers}}</script></head>
<body><main><h1>A book</h1><p class="price">${shown}</p><button>Add to basket</button></main></body></html>`;
}

beforeAll(async () => {
  shop = createServer((req, res) => {
    const isbn = (req.url ?? '').split('/').pop() ?? '';
    requests.set(isbn, (requests.get(isbn) ?? 0) + 1);
    const queue = pages.get(isbn) ?? [];
    const price = queue.length > 1 ? queue.shift()! : (queue[0] ?? null);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(page(price));
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  const folder = mkdtempSync(path.join(tmpdir(), 'shelfwatch-stores-'));
  const storesFile = path.join(folder, 'changing-shop.json');
  writeFileSync(
    storesFile,
    JSON.stringify({
      key: 'changing-shop', name: 'Changing Shop', country: null, currency: 'EUR', formats: ['paperback'],
      homepageUrl: `${base}/`, productUrlTemplate: `${base}/book/{isbn13}`, demo: false, verified: 'unverified', extraction: {},
    }),
  );
  t = await startTestService({
    STORES_FILE: storesFile, ENABLED_STORES: 'changing-shop', DEMO_STORES: 'off', FETCH_RETRIES: '0', STORE_MIN_INTERVAL_MS: '0', FETCH_COOLDOWN: '0',
  });
});
afterAll(async () => {
  await t.stop();
  await new Promise<void>((resolve) => shop.close(() => resolve()));
});

/** A wished (monitored) book whose page shows `price`, fetched once: the store's previous price. */
async function wishedAt(title: string, price: string): Promise<PricedEdition & { wishId: number }> {
  const edition = await bookWithEdition(t, title);
  const wish = await t.call('POST', '/api/wishes', { body: { book_id: edition.bookId } });
  expect(wish.status, wish.text).toBe(201);
  pages.set(edition.isbn, [price]);
  const [first] = await fetchNow(edition.editionId);
  expect(first).toMatchObject({ amount: price, suspect: false });
  return { ...edition, wishId: wish.body.wish_id };
}

async function fetchNow(editionId: number): Promise<Array<Record<string, unknown>>> {
  const res = await t.call('POST', `/api/editions/${editionId}/prices`);
  expect(res.status, res.text).toBe(201);
  expect(res.body.data, JSON.stringify(res.body)).toHaveLength(1);
  return res.body.data;
}

async function alertKindsOf(wishId: number): Promise<string[]> {
  const res = await t.call('GET', '/api/alerts?per_page=100');
  expect(res.status, res.text).toBe(200);
  return res.body.data.filter((a: { wish_id: number }) => a.wish_id === wishId).map((a: { alert_kind: string }) => a.alert_kind).sort();
}

describe('confirm before alarming', () => {
  it('every quote says why: the deciding source and the sources that agree', async () => {
    const edition = await bookWithEdition(t, 'Evidence shown');
    pages.set(edition.isbn, ['14.50']);
    const [quote] = await fetchNow(edition.editionId);
    expect(quote!.evidence).toBe('json-ld "14.50" EUR; visible "14,50 €" agrees');
    const listed = await t.call('GET', `/api/editions/${edition.editionId}/prices`);
    expect(listed.body.data[0]).toMatchObject({ evidence: 'json-ld "14.50" EUR; visible "14,50 €" agrees', suspect: false });
    const history = await t.call('GET', `/api/books/${edition.bookId}/price-history`);
    expect(history.body.editions[0].series[0].latest).toMatchObject({ amount: '14.50', evidence: 'json-ld "14.50" EUR; visible "14,50 €" agrees' });
  });

  it('a large drop whose second reading gives another price is kept as suspect and raises no alert', async () => {
    const book = await wishedAt('Misread once', '20.00');
    const since = await logWatermark(t);
    pages.set(book.isbn, ['9.00', '19.50']);
    const before = requests.get(book.isbn)!;

    const [quote] = await fetchNow(book.editionId);
    expect(requests.get(book.isbn)! - before).toBe(2);
    expect(quote).toMatchObject({ amount: '9.00', suspect: true, evidence: 'json-ld "9.00" EUR; visible "9,00 €" agrees' });
    expect(await alertKindsOf(book.wishId)).toEqual([]);
    // Events are written by the log sink's batches.
    const suspect = await eventually(async () => {
      const events = (await logsSince(t, 'api', since)).filter((e) => e.log_event === 'quote_suspect');
      expect(events).toHaveLength(1);
      return events;
    });
    expect(suspect.map((e) => e.log_detail)).toEqual([
      {
        edition_id: book.editionId, store_id: expect.any(Number), amount: '9.00', currency: 'EUR', previous_amount: '20.00',
        second_reading: '19.50 EUR', evidence: 'json-ld "9.00" EUR; visible "9,00 €" agrees', on_demand: true,
      },
    ]);
    // Not the latest price of the edition either: the summary passes over it.
    const history = await t.call('GET', `/api/books/${book.bookId}/price-history`);
    expect(history.body.editions[0].series[0].latest.amount).toBe('20.00');

    // The next reading is compared with 20.00, not with the suspect 9.00.
    pages.set(book.isbn, ['18.00']);
    await fetchNow(book.editionId);
    expect(await alertKindsOf(book.wishId)).toEqual(['new_lowest', 'price_drop']);
  });

  it('a large drop whose second reading is refused is kept as suspect and raises no alert', async () => {
    const book = await wishedAt('Gone on second look', '30.00');
    pages.set(book.isbn, ['5.00', null]);
    const [quote] = await fetchNow(book.editionId);
    expect(quote).toMatchObject({ amount: '5.00', suspect: true });
    expect(await alertKindsOf(book.wishId)).toEqual([]);
  });

  it('a large drop the second reading confirms alerts as usual', async () => {
    const book = await wishedAt('Truly cheaper', '20.00');
    pages.set(book.isbn, ['9.00']);
    const before = requests.get(book.isbn)!;
    const [quote] = await fetchNow(book.editionId);
    expect(requests.get(book.isbn)! - before).toBe(2);
    expect(quote).toMatchObject({ amount: '9.00', suspect: false });
    expect(await alertKindsOf(book.wishId)).toEqual(['new_lowest', 'price_drop']);
  });

  it('a small drop is read once', async () => {
    const book = await wishedAt('A little cheaper', '20.00');
    pages.set(book.isbn, ['15.00', '99.00']);
    const before = requests.get(book.isbn)!;
    const [quote] = await fetchNow(book.editionId);
    expect(requests.get(book.isbn)! - before).toBe(1);
    expect(quote).toMatchObject({ amount: '15.00', suspect: false });
    expect(await alertKindsOf(book.wishId)).toEqual(['new_lowest', 'price_drop']);
  });
});
