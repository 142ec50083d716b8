// The OpenAPI document declares, for every path and method, exactly the statuses that route answers. Every answer
// this file gets is checked against the declaration of the operation it was sent to (an undeclared status is a
// finding), and at the end every declared status must have been answered at least once (a declared status nobody
// could produce is a finding too).
//
// Two kinds of requests: probes, sent alike to every operation whether or not it declares the status the probe
// aims at (no token, bad path ids, bad query values, odd bodies, ids that name nothing, a database outage), so a
// route that answers something it does not declare is caught; and scenarios, one per success and per
// route-specific error (409, 429, the lookup's 404 and 503), that only a route's own fixtures can produce.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSourceView, startDemoMetadataServer, type DemoMetadataServer } from '../../../src/adapters/demo/metadata/index.js';
import { startDemoStoreServer, type DemoStoreServer } from '../../../src/adapters/demo/stores/index.js';
import { startTcpProxy, type TcpProxy } from '../../support/tcp-proxy.js';
import { type ApiResponse, type RequestOptions, startTestService, type TestService } from '../../support/test-service.js';
import { insertAlert, userIdOf } from '../user/user-space-helpers.js';

type Operation = { responses: Record<string, { headers?: Record<string, unknown> }>; parameters?: Parameter[]; requestBody?: unknown };
type Parameter = { name: string; in: string; schema: Record<string, unknown> };

const MISSING = 99_999_999;
const ONE_MIB = 1024 * 1024;

let t: TestService;
/** A second service on the same database, through a proxy this file cuts to see every route during an outage. */
let outage: TestService;
let proxy: TcpProxy;
let stores: DemoStoreServer;
let metadata: DemoMetadataServer;
let doc: { paths: Record<string, Record<string, Operation>> };

/** `get /api/books/{id}` → statuses answered. */
const observed = new Map<string, Set<number>>();
const findings: string[] = [];

let english: number;
let authorUsed: number;
let authorFree: number;
let bookUsed: number;
let bookFree: number;
let bookToDelete: number;
let bookToWish: number;
let editionIsbn: string;
let editionId: number;
let wishId: number;
let listId: number;
let listToken: string;
let alertId: number;

let isbnSeq = 0;
/** A valid ISBN-13 of the 979-8 block, never repeated in this file. */
function freshIsbn(): string {
  const first12 = `9798${String(++isbnSeq + 4_200_000).padStart(8, '0')}`;
  const sum = [...first12].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return first12 + String((10 - (sum % 10)) % 10);
}

/** ISBN-13s of the 978-0-00 block that both demonstration metadata sources know. */
function knownIsbn(start: number): string {
  for (let i = start; ; i++) {
    const body = `97800000${String(i).padStart(4, '0')}`;
    const sum = [...body].reduce((acc, d, k) => acc + Number(d) * (k % 2 === 0 ? 1 : 3), 0);
    const isbn = `${body}${(10 - (sum % 10)) % 10}`;
    if (demoSourceView('open-library', isbn) && demoSourceView('google-books', isbn)) return isbn;
  }
}

beforeAll(async () => {
  stores = await startDemoStoreServer({ port: 0 });
  metadata = await startDemoMetadataServer({ port: 0 });
  t = await startTestService({
    DEMO_STORE_URL: stores.url,
    STORE_MIN_INTERVAL_MS: '0',
    FETCH_RETRIES: '0',
    FETCH_TIMEOUT_MS: '3000',
    METADATA_SOURCES: 'open-library,google-books',
    OPEN_LIBRARY_URL: metadata.url,
    GOOGLE_BOOKS_URL: metadata.url,
    METADATA_MIN_INTERVAL_MS: '0',
    METADATA_RETRIES: '0',
  });
  const target = new URL(t.db.url);
  proxy = await startTcpProxy(target.hostname, Number(target.port));
  outage = await startTestService({ DATABASE_URL: proxy.via(t.db.url) });
  doc = (await t.call('GET', '/api/openapi.json', { token: null })).body;

  english = Number((await t.db.sql<{ language_id: string }>("select language_id from language where language_code = 'en'"))[0]!.language_id);
  const created = async (path: string, body: unknown): Promise<any> => {
    const res = await t.call('POST', path, { body });
    expect(res.status, `${path}: ${res.text}`).toBe(201);
    return res.body;
  };
  authorUsed = (await created('/api/authors', { author_name: 'Referenced author' })).author_id;
  authorFree = (await created('/api/authors', { author_name: 'Unreferenced author' })).author_id;
  bookUsed = (await created('/api/books', { book_original_title: 'Referenced book', author_ids: [authorUsed] })).book_id;
  bookFree = (await created('/api/books', { book_original_title: 'Free book' })).book_id;
  bookToDelete = (await created('/api/books', { book_original_title: 'Book to delete' })).book_id;
  bookToWish = (await created('/api/books', { book_original_title: 'Book to wish' })).book_id;
  editionIsbn = freshIsbn();
  editionId = (await created(`/api/books/${bookUsed}/editions`, { isbn: editionIsbn, format: 'paperback', language_id: english })).edition_id;
  wishId = (await created('/api/wishes', { book_id: bookUsed })).wish_id;
  const list = await created('/api/lists', { list_name: 'Declared list', book_ids: [bookUsed] });
  listId = list.list_id;
  listToken = list.token;
  const storeId = Number((await t.db.sql<{ store_id: string }>('select store_id from store order by store_id limit 1'))[0]!.store_id);
  alertId = await insertAlert(t, { userId: await userIdOf(t, 'alice'), wishId, bookId: bookUsed, editionId, storeId, amountMinor: 999 });
});

afterAll(async () => {
  // The outage probe restores the proxy when it is done.
  await outage?.stop();
  await proxy?.close();
  await t?.stop();
  await stores?.close();
  await metadata?.close();
});

function operations(): Array<{ key: string; method: string; path: string; op: Operation }> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ key: `${method} ${path}`, method, path, op })),
  );
}

function operation(key: string): Operation {
  const [method, path] = key.split(' ') as [string, string];
  const op = doc.paths[path]?.[method];
  if (!op) throw new Error(`the document has no operation ${key}`);
  return op;
}

/** `path` with each `{name}` replaced: by `values[name]`, else by `fallback`. */
function fill(path: string, fallback: string | number, values: Record<string, string | number> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(String(values[name] ?? fallback)));
}

/** Sends one request to the operation `key`, notes its status, and records a finding when the answer is undeclared. */
async function send(key: string, url: string, options: RequestOptions = {}, service: TestService = t): Promise<ApiResponse> {
  const method = key.split(' ')[0]!.toUpperCase();
  const res = await service.call(method, url, options);
  const declared = operation(key).responses[String(res.status)];
  const label = `${key}: ${method} ${url.slice(0, 120)} → ${res.status}`;
  if (!observed.has(key)) observed.set(key, new Set());
  observed.get(key)!.add(res.status);
  if (!declared) {
    findings.push(`undeclared ${label} ${res.text.slice(0, 160)}`);
    return res;
  }
  for (const header of Object.keys(declared.headers ?? {})) {
    if (!res.headers.get(header)) findings.push(`${label}: no ${header} header, which the document declares`);
  }
  if (res.status >= 400 && (typeof res.body?.error !== 'string' || typeof res.body?.message !== 'string')) {
    findings.push(`${label}: not an error body: ${res.text.slice(0, 160)}`);
  }
  return res;
}

async function expectAnswer(key: string, url: string, options: RequestOptions, status: number): Promise<ApiResponse> {
  const res = await send(key, url, options);
  expect(res.status, `${key} ${url}: ${res.text.slice(0, 300)}`).toBe(status);
  return res;
}

const csv = (text: string): RequestOptions => ({ rawBody: text, headers: { 'content-type': 'text/csv' } });

/** A request body each route with one accepts (ids in it name things that exist). */
function validBody(key: string): RequestOptions {
  const bodies: Record<string, () => RequestOptions> = {
    'post /api/books': () => ({ body: { book_original_title: 'Probe book' } }),
    'put /api/books/{id}': () => ({ body: { book_original_title: 'Probe book' } }),
    'post /api/books/{bookId}/editions': () => ({ body: { isbn: freshIsbn(), format: 'ebook', language_id: english } }),
    'post /api/editions/lookup': () => ({ body: { isbn: editionIsbn } }),
    'post /api/authors': () => ({ body: { author_name: 'Probe author' } }),
    'put /api/authors/{id}': () => ({ body: { author_name: 'Probe author' } }),
    'put /api/user/preferences': () => ({ body: { alert_email: true } }),
    'post /api/user/preferences/languages': () => ({ body: { language_id: english } }),
    'post /api/wishes/import': () => csv(`isbn,title\n${freshIsbn()},No such book anywhere\n`),
    'post /api/wishes': () => ({ body: { book_id: bookFree } }),
    'patch /api/wishes/{id}': () => ({ body: { is_monitored: true } }),
    'post /api/lists': () => ({ body: { list_name: 'Probe list', book_ids: [] } }),
    'patch /api/alerts/{id}': () => ({ body: { is_read: false } }),
    'post /api/alerts/mark-read': () => ({ body: {} }),
    'post /api/user/channels': () => ({ body: { kind: 'email', target: 'probe@example.org' } }),
    'patch /api/user/channels/{id}': () => ({ body: { is_enabled: true } }),
  };
  const make = bodies[key];
  if (make) return make();
  if (operation(key).requestBody) throw new Error(`no valid body for ${key}: add one to validBody`);
  return {};
}

/** The query string a route with a required query parameter needs to reach its handler (empty for the others). */
function validQuery(key: string): string {
  const queries: Record<string, () => string> = {
    'get /api/wishes/price-history': () => `?ids=${wishId}`,
  };
  return queries[key]?.() ?? '';
}

/** A value of `parameter` the API refuses, chosen from what its schema says. */
function invalidQueryValue(parameter: Parameter): string {
  const schema = parameter.schema;
  if (schema.type === 'integer') return 'abc';
  if (Array.isArray(schema.enum)) return 'neither';
  if (typeof schema.pattern === 'string') return '!';
  if (typeof schema.minLength === 'number' && schema.minLength > 1) return 'x'.repeat(schema.minLength - 1);
  if (typeof schema.maxLength === 'number') return 'x'.repeat(schema.maxLength + 1);
  throw new Error(`no invalid value known for query parameter ${parameter.name}`);
}

describe('each route answers what it declares', () => {
  it('answers each success and each route-specific error it declares', async () => {
    const none = { token: null };
    await expectAnswer('get /api/openapi.json', '/api/openapi.json', none, 200);

    await expectAnswer('get /api/books', '/api/books', {}, 200);
    await expectAnswer('post /api/books', '/api/books', validBody('post /api/books'), 201);
    await expectAnswer('get /api/books/{id}', `/api/books/${bookUsed}`, {}, 200);
    await expectAnswer('put /api/books/{id}', `/api/books/${bookFree}`, { body: { book_original_title: 'Free book, renamed' } }, 200);
    await expectAnswer('delete /api/books/{id}', `/api/books/${bookUsed}`, {}, 409);
    await expectAnswer('delete /api/books/{id}', `/api/books/${bookToDelete}`, {}, 204);

    await expectAnswer('get /api/books/{bookId}/editions', `/api/books/${bookUsed}/editions`, {}, 200);
    const editionBody = { format: 'hardcover', language_id: english };
    await expectAnswer('post /api/books/{bookId}/editions', `/api/books/${bookFree}/editions`, { body: { ...editionBody, isbn: freshIsbn() } }, 201);
    await expectAnswer('post /api/books/{bookId}/editions', `/api/books/${bookFree}/editions`, { body: { ...editionBody, isbn: editionIsbn } }, 409);

    await expectAnswer('post /api/editions/lookup', '/api/editions/lookup', { body: { isbn: editionIsbn } }, 200);
    await expectAnswer('post /api/editions/lookup', '/api/editions/lookup', { body: { isbn: knownIsbn(100) } }, 201);
    const unknown = freshIsbn();
    metadata.set('open-library', unknown, { kind: 'unknown' });
    metadata.set('google-books', unknown, { kind: 'unknown' });
    await expectAnswer('post /api/editions/lookup', '/api/editions/lookup', { body: { isbn: unknown } }, 404);
    metadata.set('open-library', '*', { kind: 'server_error', status: 503, retryAfterSeconds: 30 });
    metadata.set('google-books', '*', { kind: 'server_error', status: 503, retryAfterSeconds: 30 });
    await expectAnswer('post /api/editions/lookup', '/api/editions/lookup', { body: { isbn: knownIsbn(600) } }, 503);
    metadata.reset();

    await expectAnswer('get /api/editions/{id}', `/api/editions/${editionId}`, {}, 200);
    await expectAnswer('get /api/editions/{editionId}/prices', `/api/editions/${editionId}/prices`, {}, 200);
    await expectAnswer('post /api/editions/{editionId}/prices', `/api/editions/${editionId}/prices`, {}, 201);
    await expectAnswer('post /api/editions/{editionId}/prices', `/api/editions/${editionId}/prices`, {}, 429);
    await expectAnswer('get /api/books/{bookId}/price-history', `/api/books/${bookUsed}/price-history`, {}, 200);
    const someStore = Number((await t.db.sql<{ store_id: string }>('select min(store_id) as store_id from store'))[0]!.store_id);
    await expectAnswer('get /api/stores/{storeId}/health', `/api/stores/${someStore}/health`, {}, 200);
    await expectAnswer('get /api/store-health', '/api/store-health', {}, 200);

    await expectAnswer('get /api/authors', '/api/authors', {}, 200);
    await expectAnswer('post /api/authors', '/api/authors', validBody('post /api/authors'), 201);
    await expectAnswer('get /api/authors/{id}', `/api/authors/${authorUsed}`, {}, 200);
    await expectAnswer('put /api/authors/{id}', `/api/authors/${authorFree}`, { body: { author_name: 'Unreferenced, renamed' } }, 200);
    await expectAnswer('delete /api/authors/{id}', `/api/authors/${authorUsed}`, {}, 409);
    await expectAnswer('delete /api/authors/{id}', `/api/authors/${authorFree}`, {}, 204);

    for (const path of ['/api/stores', '/api/user/stores', '/api/languages', '/api/types', '/api/genres', '/api/ontology']) {
      await expectAnswer(`get ${path}`, path, {}, 200);
    }

    await expectAnswer('get /api/user/preferences', '/api/user/preferences', {}, 200);
    await expectAnswer('put /api/user/preferences', '/api/user/preferences', validBody('put /api/user/preferences'), 200);
    await expectAnswer('get /api/user/preferences/languages', '/api/user/preferences/languages', {}, 200);
    await expectAnswer('post /api/user/preferences/languages', '/api/user/preferences/languages', { body: { language_id: english } }, 201);
    await expectAnswer('post /api/user/preferences/languages', '/api/user/preferences/languages', { body: { language_id: english } }, 409);
    await expectAnswer('delete /api/user/preferences/languages/{id}', `/api/user/preferences/languages/${english}`, {}, 204);

    await expectAnswer('post /api/wishes/import', '/api/wishes/import', validBody('post /api/wishes/import'), 200);
    await expectAnswer('get /api/wishes', '/api/wishes', {}, 200);
    const wish = await expectAnswer('post /api/wishes', '/api/wishes', { body: { book_id: bookToWish } }, 201);
    await expectAnswer('post /api/wishes', '/api/wishes', { body: { book_id: bookToWish } }, 409);
    await expectAnswer('patch /api/wishes/{id}', `/api/wishes/${wish.body.wish_id}`, { body: { is_monitored: false } }, 204);
    await expectAnswer('get /api/wishes/{id}', `/api/wishes/${wish.body.wish_id}`, {}, 200);
    await expectAnswer('delete /api/wishes/{id}', `/api/wishes/${wish.body.wish_id}`, {}, 204);
    await expectAnswer('get /api/wishes/price-history', `/api/wishes/price-history${validQuery('get /api/wishes/price-history')}`, {}, 200);

    await expectAnswer('get /api/lists', '/api/lists', {}, 200);
    const list = await expectAnswer('post /api/lists', '/api/lists', { body: { list_name: 'Short-lived', book_ids: [] } }, 201);
    await expectAnswer('get /api/lists/{id}', `/api/lists/${listId}`, {}, 200);
    await expectAnswer('get /api/lists/{id}', `/api/lists/${listToken}`, none, 200);
    await expectAnswer('delete /api/lists/{id}', `/api/lists/${list.body.list_id}`, {}, 204);

    await expectAnswer('get /api/alerts', '/api/alerts', {}, 200);
    await expectAnswer('patch /api/alerts/{id}', `/api/alerts/${alertId}`, { body: { is_read: true } }, 204);
    await expectAnswer('post /api/alerts/mark-read', '/api/alerts/mark-read', validBody('post /api/alerts/mark-read'), 200);

    await expectAnswer('get /api/user/channels', '/api/user/channels', {}, 200);
    const channel = await expectAnswer('post /api/user/channels', '/api/user/channels', { body: { kind: 'email' } }, 201);
    const channelUrl = `/api/user/channels/${channel.body.channel_id}`;
    await expectAnswer('get /api/user/channels/{id}', channelUrl, {}, 200);
    // The default token carries no e-mail claim: a channel to the account's address has nowhere to send.
    await expectAnswer('post /api/user/channels/{id}/test', `${channelUrl}/test`, {}, 409);
    await expectAnswer('patch /api/user/channels/{id}', channelUrl, { body: { target: 'probe@example.org' } }, 204);
    await expectAnswer('post /api/user/channels/{id}/test', `${channelUrl}/test`, {}, 202);
    await expectAnswer('delete /api/user/channels/{id}', channelUrl, {}, 204);
    // The per-user cap on channels (10): add channels until one more is refused.
    for (let i = 0; i < 10; i++) await send('post /api/user/channels', '/api/user/channels', { body: { kind: 'email', target: `cap${i}@example.org` } });
    await expectAnswer('post /api/user/channels', '/api/user/channels', { body: { kind: 'email' } }, 409);
  });

  it('probe: no token', async () => {
    for (const { key, path } of operations()) await send(key, fill(path, MISSING), { token: null, ...validBody(key) });
  });

  it('probe: path parameters that are no id (not a positive integer, out of range, too long for a share token)', async () => {
    for (const { key, path, op } of operations()) {
      for (const parameter of (op.parameters ?? []).filter((p) => p.in === 'path')) {
        for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999', 'x'.repeat(129)]) {
          await send(key, fill(path, MISSING, { [parameter.name]: bad }), validBody(key));
        }
      }
    }
  });

  it('probe: query values the API refuses (each documented parameter, and per_page and cursor everywhere)', async () => {
    for (const { key, path, op } of operations()) {
      const url = fill(path, MISSING);
      for (const parameter of (op.parameters ?? []).filter((p) => p.in === 'query')) {
        await send(key, `${url}?${parameter.name}=${encodeURIComponent(invalidQueryValue(parameter))}`, validBody(key));
      }
      await send(key, `${url}?per_page=0`, validBody(key));
      await send(key, `${url}?cursor=not-a-cursor`, validBody(key));
    }
  });

  it('probe: bodies the API refuses (unknown field, no body, another media type, too large)', async () => {
    const overJson = `{"x":"${'a'.repeat(ONE_MIB)}"}`;
    const overCsv = `title\n${'a'.repeat(5 * ONE_MIB)}\n`;
    // fetch sends no body with GET; Express would not read one there anyway.
    for (const { key, path, op } of operations().filter(({ method }) => method !== 'get')) {
      const url = fill(path, MISSING);
      await send(key, url, { body: { undocumented_field: 1 } });
      await send(key, url);
      await send(key, url, { rawBody: 'plain words', headers: { 'content-type': 'text/plain' } });
      await send(key, url, { rawBody: '<a/>', headers: { 'content-type': 'application/xml' } });
      // Routes without a body never read one; only those that take one are sent one too large to read.
      if (op.requestBody) {
        await send(key, url, { rawBody: overJson, headers: { 'content-type': 'application/json' } });
        await send(key, url, { rawBody: overCsv, headers: { 'content-type': 'text/csv' } });
      }
    }
  });

  it('probe: well-formed ids that name nothing, with a valid body', async () => {
    for (const { key, path } of operations()) {
      if (!path.includes('{')) continue;
      await send(key, fill(path, MISSING), validBody(key));
    }
  });

  it('probe: every route while the database is unreachable', async () => {
    expect((await outage.call('GET', '/api/books?per_page=1')).status).toBe(200);
    await proxy.cut();
    try {
      for (const { key, path } of operations()) {
        await send(key, fill(path, 1, { id: key.includes('/lists/') ? listId : 1 }) + validQuery(key), validBody(key), outage);
      }
    } finally {
      await proxy.restore();
    }
  });

  it('declares every status it was seen to answer, and was seen to answer every status it declares', () => {
    const unseen: string[] = [];
    for (const { key, op } of operations()) {
      const seen = observed.get(key) ?? new Set<number>();
      for (const status of Object.keys(op.responses)) if (!seen.has(Number(status))) unseen.push(`${key} declares ${status}, never answered`);
    }
    const problems = [...findings, ...unseen];
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
