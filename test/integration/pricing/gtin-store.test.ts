// Products known by their GTIN (issue 26 §9): a store whose URL template uses {gtin} is asked for a board game's
// barcode and reads the page's gtin12 as that product; a store whose template needs an ISBN is skipped for it, as a
// store that does not sell the format; a book is still asked everywhere, {gtin} giving its ISBN-13.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';

const UPC = '012345678905';
const OTHER_EAN = '5901234123457';

let shop: Server;
let asked: string[] = [];
let t: TestService;
let englishId: number;

/** The shop's page: a product with the barcode as gtin12 (a UPC) or gtin13 (an EAN-13, a book's ISBN). */
function productPage(code: string): string {
  const ids = code.length === 12 ? { gtin12: code } : { gtin13: code };
  const product = { '@context': 'https://schema.org', '@type': 'Product', name: 'Castle Builder', ...ids, offers: { price: '34.99', priceCurrency: 'EUR' } };
  return `<html><head><script type="application/ld+json">${JSON.stringify(product)}</script></head><body><h1>Castle Builder</h1></body></html>`;
}

function store(key: string, base: string, template: string): Record<string, unknown> {
  return {
    key,
    name: key,
    country: null,
    currency: 'EUR',
    formats: ['paperback'],
    homepageUrl: `${base}/${key}/`,
    productUrlTemplate: `${base}/${key}/${template}`,
    demo: false,
    verified: 'unverified',
    extraction: {},
  };
}

beforeAll(async () => {
  shop = createServer((req, res) => {
    const url = req.url ?? '';
    asked.push(url);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    // The barcode shop writes the UPC form of its codes; any other EAN-13 than a book's answers one other game.
    const code = url.split('/').pop() ?? '';
    res.end(productPage(code === `0${UPC}` ? UPC : code.length === 13 && !code.startsWith('97') ? OTHER_EAN : code));
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  const folder = mkdtempSync(path.join(tmpdir(), 'shelfwatch-stores-'));
  const storesFile = path.join(folder, 'gtin-shops.json');
  writeFileSync(storesFile, JSON.stringify([store('barcode-shop', base, 'ean/{gtin}'), store('isbn-shop', base, 'isbn/{isbn13}')]));
  t = await startTestService({
    STORES_FILE: storesFile,
    ENABLED_STORES: 'barcode-shop,isbn-shop',
    DEMO_STORES: 'off',
    FETCH_RETRIES: '0',
    STORE_MIN_INTERVAL_MS: '0',
  });
  englishId = Number((await t.db.sql<{ language_id: string }>("select language_id from language where language_code = 'en'"))[0]!.language_id);
});
afterAll(async () => {
  await t.stop();
  await new Promise<void>((resolve) => shop.close(() => resolve()));
});

async function edition(identifiers: Record<string, string>): Promise<number> {
  const book = await t.call('POST', '/api/books', { body: { book_original_title: `Known by ${JSON.stringify(identifiers)}` } });
  const created = await t.call('POST', `/api/books/${book.body.book_id}/editions`, {
    body: { isbn: null, ...identifiers, format: 'paperback', language_id: englishId },
  });
  expect(created.status, created.text).toBe(201);
  return created.body.edition_id;
}

describe('stores and products known by their GTIN', () => {
  it('a GTIN-only product is asked at the {gtin} store only, and its gtin12 page is its price', async () => {
    asked = [];
    const res = await t.call('POST', `/api/editions/${await edition({ gtin: UPC })}/prices`);
    expect(res.status, res.text).toBe(201);
    expect(asked).toEqual([`/barcode-shop/ean/0${UPC}`]);
    expect(res.body.failed).toEqual([]);
    expect(res.body.data).toEqual([expect.objectContaining({ amount: '34.99', currency: 'EUR' })]);
  });

  it('a page about another barcode is another edition: not_found, no quote', async () => {
    asked = [];
    const other = '4006381333931';
    const res = await t.call('POST', `/api/editions/${await edition({ gtin: other })}/prices`);
    expect(res.status, res.text).toBe(201);
    expect(asked).toEqual([`/barcode-shop/ean/${other}`]);
    expect(res.body.data).toEqual([]);
    expect(res.body.failed).toEqual([expect.objectContaining({ error: 'not_found' })]);
  });

  it('a book is asked at both stores, {gtin} giving its ISBN-13', async () => {
    asked = [];
    const res = await t.call('POST', `/api/editions/${await edition({ isbn: '9780306406157' })}/prices`);
    expect(res.status, res.text).toBe(201);
    expect([...asked].sort()).toEqual(['/barcode-shop/ean/9780306406157', '/isbn-shop/isbn/9780306406157']);
    expect(res.body.data).toHaveLength(2);
  });
});
