// Runs `scripts/extract.ts` (what `npm run extract` runs) as a real process: on saved pages, on a batch, and on
// URLs served by a real HTTP server on 127.0.0.1 that stands in for a store.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScript } from '../../../support/job-process.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const BOOK_PAGE = 'test/fixtures/store-pages/jsonld-book-offer.html';
const PAGE_URL = 'https://lesezeichen.example/buch/9783596294312';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

// Exactly these settings: no retries and no spacing, so a failing fetch answers at once.
const extract = (args: string[], env: Record<string, string> = {}): Promise<Run> =>
  runScript('scripts/extract.ts', args, { FETCH_RETRIES: '0', STORE_MIN_INTERVAL_MS: '0', ...env });

const jsonLines = (stdout: string): Array<Record<string, unknown>> =>
  stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('npm run extract, as a process', () => {
  let server: Server;
  let base: string;
  const requests: string[] = [];

  beforeAll(async () => {
    const bookPage = readFileSync(path.join(ROOT, BOOK_PAGE));
    server = createServer((request, response) => {
      requests.push(request.url ?? '');
      if (request.url?.endsWith('/9783596294312')) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(bookPage);
      } else {
        response.writeHead(404).end('not here');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads a saved page and prints the decision for a person', async () => {
    const run = await extract(['--url', PAGE_URL, BOOK_PAGE]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`== ${BOOK_PAGE}\npage:     ${PAGE_URL} (a product page)`);
    expect(run.stdout).toContain('currency USD (assumed)');
    expect(run.stdout).toContain('result:   18.09 EUR in_stock (json-ld)');
  });

  it('prints one JSON object per input with --json; a missing file is reported and exits 1', async () => {
    const run = await extract(['--json', '--url', PAGE_URL, '--isbn', '978-3-596-29431-2', BOOK_PAGE, 'test/fixtures/extract-cli/gone.html']);
    expect(run.code).toBe(1);
    const [read, missing] = jsonLines(run.stdout);
    expect(read).toMatchObject({ input: BOOK_PAGE, ok: true, amount: '18.09', currency: 'EUR', availability: 'in_stock', source: 'json-ld', url: PAGE_URL });
    expect(read?.report).toMatchObject({ page: 'product', settings: { isbn13: '9783596294312', currency: 'USD', currencyAssumed: true } });
    expect(missing).toMatchObject({ input: 'test/fixtures/extract-cli/gone.html', ok: false, kind: 'bad_input' });
  });

  it('runs a batch: one line per case in order, bad lines included, blank lines skipped', async () => {
    const run = await extract(['--batch', 'test/fixtures/extract-cli/cases.jsonl']);
    // Bad lines are answered in-band: the batch was read, so it exits 0.
    expect(run.code).toBe(0);
    const lines = jsonLines(run.stdout);
    expect(lines).toHaveLength(7);
    expect(lines[0]).toEqual({ ok: true, amount: '18.09', currency: 'EUR', availability: 'in_stock', source: 'json-ld' });
    expect(lines[1]).toMatchObject({ ok: false, kind: 'no_price' });
    expect(lines[2]).toMatchObject({ ok: false, kind: 'no_price' });
    expect(lines[3]).toMatchObject({ ok: false, kind: 'bad_input', message: expect.stringMatching(/^line 5: cannot read .*missing-page\.html/) });
    expect(lines[4]).toMatchObject({ ok: false, kind: 'bad_input', message: expect.stringMatching(/^line 6: not JSON/) });
    expect(lines[5]).toEqual({ ok: true, amount: '18.09', currency: 'EUR', availability: 'in_stock', source: 'json-ld' });
    expect(lines[6]).toMatchObject({ ok: false, kind: 'bad_input', message: expect.stringMatching(/^line 8: unknown store "no-such-store"/) });
  });

  it("fetches a URL from a store's server and applies the recipe of its host", async () => {
    const url = `${base}/paperback-palace/isbn/9783596294312`;
    const run = await extract(['--json', url], { DEMO_STORE_URL: base });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const [line] = jsonLines(run.stdout);
    expect(line).toMatchObject({ input: url, ok: true, amount: '18.09', currency: 'EUR', source: 'json-ld', url });
    expect(line?.report).toMatchObject({ settings: { store: 'demo-paperback-palace', currency: 'EUR', currencyAssumed: false } });
    expect(requests).toContain('/paperback-palace/isbn/9783596294312');
  });

  it('exits 1 when a URL cannot be read: a 404, a closed port', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/book/1`;
    await new Promise((resolve) => closed.close(resolve));
    const run = await extract(['--json', `${base}/elsewhere/1`, closedUrl]);
    expect(run.code).toBe(1);
    expect(jsonLines(run.stdout)).toEqual([
      expect.objectContaining({ input: `${base}/elsewhere/1`, ok: false, kind: 'not_found' }),
      expect.objectContaining({ input: closedUrl, ok: false, kind: 'network_error', message: expect.stringContaining('ECONNREFUSED') }),
    ]);
  });

  it('takes --gtin: a page naming the edition\'s UPC is the edition beside its ISBN; a bad check digit is a usage error', async () => {
    // A US paperback's page lists it under its cover's UPC only (as an EAN-13).
    const upcPage = 'test/fixtures/store-pages/classes/edition-isbn-and-upc.html';
    const args = ['--json', '--url', 'https://dockside.example/products/long-way-home-mmpb', '--currency', 'USD', '--isbn', '978-0-306-40615-7'];
    const [both] = jsonLines((await extract([...args, '--gtin', '036000291452', upcPage])).stdout);
    expect(both).toMatchObject({ ok: true, amount: '8.99', currency: 'USD' });
    expect(both?.report).toMatchObject({ settings: { isbn13: '9780306406157', gtin: '0036000291452' } });
    // Known by its ISBN alone, the page is another edition's.
    const [isbnOnly] = jsonLines((await extract([...args, upcPage])).stdout);
    expect(isbnOnly).toMatchObject({ ok: false, kind: 'not_found' });

    const bad = await extract(['--gtin', '036000291453', upcPage]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--gtin "036000291453" is not a valid GTIN (EAN-13, UPC-A, GTIN-14 or GTIN-8): the check digit is wrong');
  });

  it('exits 2 on a usage error, with the message on stderr', async () => {
    const run = await extract(['--currency', 'EURO', BOOK_PAGE]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('--currency "EURO" is not an ISO 4217 currency code');
  });
});
