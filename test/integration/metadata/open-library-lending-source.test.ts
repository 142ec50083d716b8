// OpenLibraryLendingSource against the demonstration metadata server and small purpose-built servers: several ISBNs
// in one Read API request (the multi-lookup form), the statuses a reader can act on (lendable, full access) and the
// others, the edition's own scan first, links made safe, unknown ISBNs, and the failures handled as the metadata
// sources handle them (429 with Retry-After, 5xx, timeouts, 404, answers that are not answers). Nothing reaches the
// real Open Library.
import { describe, expect, it } from 'vitest';
import { type DemoLendingStatus, demoLendingStatus, demoSearchableIsbns, demoSourceView } from '../../../src/adapters/demo/metadata/index.js';
import { OpenLibraryLendingSource } from '../../../src/adapters/metadata/open-library-lending-source.js';
import type { MetadataHttpOptions } from '../../../src/adapters/metadata/metadata-http-client.js';
import { httpClient, sendJson, TOLERANCE_MS, USER_AGENT, useMetadataServers } from './metadata-test-support.js';

const servers = useMetadataServers();

const lending = (baseUrl: string, options: Partial<MetadataHttpOptions> = {}, batchSize?: number) =>
  new OpenLibraryLendingSource(baseUrl, httpClient('open-library', options), batchSize);

/** The first demonstration ISBNs Open Library knows whose scan is in `status`. */
function isbnsIn(status: DemoLendingStatus, count = 1): string[] {
  return demoSearchableIsbns()
    .filter((isbn) => demoSourceView('open-library', isbn) !== null && demoLendingStatus(isbn) === status)
    .slice(0, count);
}
const unknownIsbn = () => demoSearchableIsbns().find((isbn) => demoSourceView('open-library', isbn) === null)!;

const entry = (items: unknown[]) => ({ records: { '/books/OL1M': { isbns: [] } }, items });

describe('asking', () => {
  it('asks about several ISBNs in one request and reads what a reader can do with each', async () => {
    const [lendable] = isbnsIn('lendable');
    const [free] = isbnsIn('full access');
    const [onLoan] = isbnsIn('checked out');
    const [restricted] = isbnsIn('restricted');
    const [noScan] = isbnsIn('none');
    const unknown = unknownIsbn();
    const asked = [lendable!, free!, onLoan!, restricted!, noScan!, unknown];

    const result = await lending(servers.demo.url).check(asked);

    const requests = servers.demo.requests('open-library');
    expect(requests.map((r) => [r.kind, r.isbns])).toEqual([['read', asked]]);
    expect(requests[0]?.userAgent).toBe(USER_AGENT);
    expect(result).toEqual({
      kind: 'checked',
      offers: new Map([
        [lendable, { available: true, url: expect.stringMatching(new RegExp(`^${servers.demo.url}/books/OL\\d+M/borrow$`)) }],
        [free, { available: true, url: `${servers.demo.url}/stream/demo${free}` }],
        [onLoan, { available: false }],
        [restricted, { available: false }],
        [noScan, { available: false }],
      ]),
    });
  });

  it('sends the ids in the multi-lookup path, `|` escaped, in batches of the chosen size', async () => {
    const isbns = isbnsIn('none', 5);
    await lending(servers.edge.url, {}, 2).check(isbns);
    expect(servers.edge.hits.map((h) => h.path)).toEqual([
      `/api/volumes/brief/json/isbn:${isbns[0]}%7Cisbn:${isbns[1]}`,
      `/api/volumes/brief/json/isbn:${isbns[2]}%7Cisbn:${isbns[3]}`,
      `/api/volumes/brief/json/isbn:${isbns[4]}`,
    ]);
  });

  it('asks each ISBN once, sends nothing that is not an ISBN-13, and nothing at all for an empty list', async () => {
    const [isbn] = isbnsIn('lendable');
    await lending(servers.demo.url).check([isbn!, isbn!, 'not-an-isbn', '0306406152']);
    expect(servers.demo.requests('open-library').map((r) => r.isbns)).toEqual([[isbn]]);
    servers.demo.reset();
    expect(await lending(servers.demo.url).check([])).toEqual({ kind: 'checked', offers: new Map() });
    expect(servers.demo.requests()).toEqual([]);
  });

  it('follows a status set on the demonstration server (a book that becomes lendable)', async () => {
    const [isbn] = isbnsIn('checked out');
    servers.demo.setLending(isbn!, 'lendable');
    const result = await lending(servers.demo.url).check([isbn!]);
    expect(result.kind === 'checked' && result.offers.get(isbn!)?.available).toBe(true);
  });
});

describe('reading an answer', () => {
  const ISBN = '9780316030571';

  it("takes the edition's own scan before another edition's, and links over https on Open Library", async () => {
    servers.edge.answer((_req, res) =>
      sendJson(res, 200, {
        [`isbn:${ISBN}`]: entry([
          { match: 'similar', status: 'full access', itemURL: 'http://www.archive.org/stream/otheredition' },
          { match: 'exact', status: 'checked out', itemURL: 'http://openlibrary.org/books/OL2M/x/borrow' },
          { match: 'exact', status: 'lendable', itemURL: 'http://openlibrary.org/books/OL1M/Use_of_Weapons/borrow' },
        ]),
      }),
    );
    expect(await lending(servers.edge.url).check([ISBN])).toEqual({
      kind: 'checked',
      offers: new Map([[ISBN, { available: true, url: 'https://openlibrary.org/books/OL1M/Use_of_Weapons/borrow' }]]),
    });
  });

  it("takes another edition's scan when the edition has none a reader can use", async () => {
    servers.edge.answer((_req, res) =>
      sendJson(res, 200, { [`ISBN:${ISBN}`]: entry([{ match: 'similar', status: 'Full Access', itemURL: 'http://www.archive.org/stream/otheredition' }]) }),
    );
    expect(await lending(servers.edge.url).check([ISBN])).toEqual({
      kind: 'checked',
      offers: new Map([[ISBN, { available: true, url: 'https://www.archive.org/stream/otheredition' }]]),
    });
  });

  it('never offers a link that is not a web address, nor an item without one', async () => {
    servers.edge.answer((_req, res) =>
      sendJson(res, 200, {
        [`isbn:${ISBN}`]: entry([
          { match: 'exact', status: 'lendable', itemURL: 'javascript:alert(1)' },
          { match: 'exact', status: 'lendable' },
          { match: 'exact', status: 'lendable', itemURL: `https://openlibrary.org/${'x'.repeat(2100)}` },
        ]),
      }),
    );
    expect(await lending(servers.edge.url).check([ISBN])).toEqual({ kind: 'checked', offers: new Map([[ISBN, { available: false }]]) });
  });

  it('leaves an ISBN the service does not know out of the answer', async () => {
    servers.edge.answer((_req, res) => sendJson(res, 200, {}));
    expect(await lending(servers.edge.url).check([ISBN])).toEqual({ kind: 'checked', offers: new Map() });
  });

  it('answers unavailable for JSON that is not an answer by id, rather than read every ISBN as not lendable', async () => {
    servers.edge.answer((_req, res) => sendJson(res, 200, []));
    expect(await lending(servers.edge.url).check([ISBN])).toEqual({
      kind: 'unavailable',
      message: 'open-library answered the Read API with something that is not an answer by id',
    });
  });

  it('reads a 404 as a wrong base URL, not as unknown books', async () => {
    servers.edge.answer((_req, res) => sendJson(res, 404, { error: 'notfound' }));
    expect(await lending(`${servers.edge.url}/wrong`).check([ISBN])).toEqual({
      kind: 'unavailable',
      message: `open-library has no Read API at ${servers.edge.url}/wrong/api/volumes (404)`,
    });
  });
});

describe('failures', () => {
  const [ISBN] = isbnsIn('lendable');

  it('waits out a short Retry-After of a 429, then succeeds', async () => {
    servers.demo.set('open-library', '*', { kind: 'rate_limited', retryAfterSeconds: 1, times: 1 });
    const result = await lending(servers.demo.url).check([ISBN!]);
    expect(result.kind === 'checked' && result.offers.get(ISBN!)?.available).toBe(true);
    const [limited, retried] = servers.demo.requests('open-library');
    expect((retried?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(1000 - TOLERANCE_MS);
  });

  it('answers a long Retry-After as unavailable at once, and asks nothing more before then', async () => {
    servers.demo.set('open-library', '*', { kind: 'rate_limited', retryAfterSeconds: 120 });
    const source = lending(servers.demo.url);
    expect(await source.check([ISBN!])).toEqual({ kind: 'unavailable', message: 'open-library answered 429', retryAfterSeconds: 120 });
    expect((await source.check([ISBN!])).kind).toBe('unavailable');
    expect(servers.demo.requests('open-library')).toHaveLength(1);
  });

  it('gives up on a 5xx after its retries', async () => {
    servers.demo.set('open-library', '*', { kind: 'server_error', status: 502 });
    expect(await lending(servers.demo.url, { retries: 1 }).check([ISBN!])).toEqual({ kind: 'unavailable', message: 'open-library answered 502' });
    expect(servers.demo.requests('open-library')).toHaveLength(2);
  });

  it('times out a slow answer', async () => {
    servers.demo.set('open-library', '*', { kind: 'slow', delayMs: 5_000 });
    expect(await lending(servers.demo.url, { timeoutMs: 200, retries: 0 }).check([ISBN!])).toEqual({
      kind: 'unavailable',
      message: 'open-library did not answer within 200 ms',
    });
  });

  it('answers unavailable for a body that is not JSON (a captive portal)', async () => {
    servers.demo.set('open-library', '*', { kind: 'malformed' });
    expect(await lending(servers.demo.url).check([ISBN!])).toEqual({ kind: 'unavailable', message: 'open-library answered 200 with a body that is not JSON' });
  });

  it('stops at once when the signal aborts', async () => {
    servers.demo.set('open-library', '*', { kind: 'slow', delayMs: 5_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stopping')), 50);
    const started = Date.now();
    await expect(lending(servers.demo.url).check([ISBN!], controller.signal)).rejects.toThrow('stopping');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('the demonstration server', () => {
  it('answers the single-id form as openlibrary.org does: the entry, or [] when unknown', async () => {
    const [isbn] = isbnsIn('lendable');
    const known = (await (await fetch(`${servers.demo.url}/api/volumes/brief/isbn/${isbn}.json`)).json()) as { items: Array<{ status: string; itemURL: string }> };
    expect(known.items.map((item) => item.status)).toEqual(['lendable']);
    expect(await (await fetch(`${servers.demo.url}/api/volumes/brief/isbn/${unknownIsbn()}.json`)).json()).toEqual([]);
    // The item's link leads to a page of the demonstration, not to the world.
    expect((await fetch(known.items[0]!.itemURL)).status).toBe(200);
  });

  it('takes a status over /__control/lending, and refuses a bad one', async () => {
    const [isbn] = isbnsIn('none');
    const post = (body: unknown) => fetch(`${servers.demo.url}/__control/lending`, { method: 'POST', body: JSON.stringify(body) });
    expect((await post({ isbn, status: 'full access' })).status).toBe(200);
    expect(((await (await fetch(`${servers.demo.url}/api/volumes/brief/isbn/${isbn}.json`)).json()) as { items: Array<{ status: string }> }).items.map((i) => i.status)).toEqual(['full access']);
    expect((await post({ isbn, status: 'borrowed' })).status).toBe(400);
    expect((await post({ isbn: '123', status: null })).status).toBe(400);
  });
});
