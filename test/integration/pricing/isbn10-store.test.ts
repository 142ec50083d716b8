// A store added by STORES_FILE whose pages are addressed by ISBN-10 (as Amazon's book pages are): an on-demand fetch
// asks it for /dp/<ISBN-10> of a 978- edition, and never asks it for a 979- edition, which has no ISBN-10.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';

let shop: Server;
let asked: string[] = [];
let t: TestService;
let englishId: number;

beforeAll(async () => {
  shop = createServer((req, res) => {
    asked.push(req.url ?? '');
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<html><head><script type="application/ld+json">{"@type":"Book","offers":{"price":"11.50","priceCurrency":"EUR"}}</script></head><body></body></html>`);
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  const folder = mkdtempSync(path.join(tmpdir(), 'shelfwatch-stores-'));
  const storesFile = path.join(folder, 'isbn10-shop.json');
  writeFileSync(
    storesFile,
    JSON.stringify({
      key: 'isbn10-shop',
      name: 'ISBN-10 Shop',
      country: null,
      currency: 'EUR',
      formats: ['paperback'],
      homepageUrl: `${base}/`,
      productUrlTemplate: `${base}/dp/{isbn10}`,
      demo: false,
      verified: 'unverified',
      extraction: {},
    }),
  );
  t = await startTestService({ STORES_FILE: storesFile, ENABLED_STORES: 'isbn10-shop', DEMO_STORES: 'off', FETCH_RETRIES: '0', STORE_MIN_INTERVAL_MS: '0' });
  englishId = Number((await t.db.sql<{ language_id: string }>("select language_id from language where language_code = 'en'"))[0]!.language_id);
});
afterAll(async () => {
  await t.stop();
  await new Promise<void>((resolve) => shop.close(() => resolve()));
});

async function edition(isbn: string): Promise<number> {
  const book = await t.call('POST', '/api/books', { body: { book_original_title: `Addressed by ${isbn}` } });
  const created = await t.call('POST', `/api/books/${book.body.book_id}/editions`, { body: { isbn, format: 'paperback', language_id: englishId } });
  expect(created.status).toBe(201);
  return created.body.edition_id;
}

describe('a store addressed by ISBN-10', () => {
  it('is asked for the ISBN-10 of a 978- edition', async () => {
    asked = [];
    const res = await t.call('POST', `/api/editions/${await edition('9780306406157')}/prices`);
    expect(res.status).toBe(201);
    expect(asked).toEqual(['/dp/0306406152']);
    expect(res.body.data).toEqual([expect.objectContaining({ amount: '11.50', currency: 'EUR' })]);
  });

  it('is not asked for a 979- edition, which has no ISBN-10', async () => {
    asked = [];
    const res = await t.call('POST', `/api/editions/${await edition('9791032305690')}/prices`);
    expect(res.status).toBe(201);
    expect(asked).toEqual([]);
    expect(res.body).toEqual({ data: [], failed: [] });
  });
});
