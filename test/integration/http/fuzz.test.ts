// A property-based fuzz of every route the OpenAPI document declares, and of POST /log, against a running service:
// valid and broken paths, queries, bodies and tokens. Whatever is sent: no 5xx, the process stays up, every error
// body is well formed, and a refused request leaves the stored data as it was. A fixed seed and a bounded count
// keep CI short and repeatable; `npm run fuzz` runs many more (FUZZ_RUNS, FUZZ_SEED).
import fc from 'fast-check';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breaking, fitting, hostileText, resolve, type Schema } from '../../support/fuzz/schema-values.js';
import { startTestService, TEST_JWT_SECRET, type TestService } from '../../support/test-service.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const SHARED_SECRET = 'fuzz-shared-secret-0123456789abcdef';

let t: TestService;
let doc: Schema;
let ids: number[] = [];

/** Tables whose content users own or share; logs, users and the job queue may change on any request. */
const DATA_TABLES_SQL = `
select table_name from information_schema.tables
where table_schema = 'public' and table_type = 'BASE TABLE'
  and table_name not in ('log_event', 'app_user', 'mikro_orm_migrations', 'scheduled_run', 'maintainer_alert_state')
  and table_name not like 'log%'
order by table_name`;
let dataTables: string[] = [];

async function digest(): Promise<string> {
  const parts = await Promise.all(
    dataTables.map(async (table) => {
      const [row] = await t.db.sql<{ d: string }>(`select coalesce(md5(string_agg(md5(x::text), '' order by md5(x::text))), '') as d from "${table}" x`);
      return `${table}:${row!.d}`;
    }),
  );
  return parts.join('|');
}

beforeAll(async () => {
  t = await startTestService({ LOG_SHARED_SECRET: SHARED_SECRET, LOG_VIEWER_TOKEN: 'fuzz-viewer-token-0123456789abcdef' });
  doc = (await t.call('GET', '/api/openapi.json', { token: null })).body;
  dataTables = (await t.db.sql<{ table_name: string }>(DATA_TABLES_SQL)).map((r) => r.table_name);
  // Something for ids to point at: an author, a book with an edition, a wish, a list.
  const [lang] = await t.db.sql<{ language_id: string }>("select language_id from language where language_code = 'en'");
  const author = await t.call('POST', '/api/authors', { body: { author_name: 'Fuzz Author' } });
  const book = await t.call('POST', '/api/books', { body: { book_original_title: 'Fuzz Book', author_ids: [author.body.author_id] } });
  const edition = await t.call('POST', `/api/books/${book.body.book_id}/editions`, {
    body: { isbn: '9780306406157', format: 'paperback', language_id: Number(lang!.language_id) },
  });
  const wish = await t.call('POST', '/api/wishes', { body: { book_id: book.body.book_id } });
  ids = [author.body.author_id, book.body.book_id, edition.body.edition_id, wish.body.wish_id, 1, 2].filter((id) => Number.isInteger(id));
});
afterAll(async () => {
  await t.stop();
});

interface Operation {
  method: string;
  path: string;
  op: Schema;
}

function operations(): Operation[] {
  const methods = ['get', 'post', 'put', 'patch', 'delete'];
  return Object.entries(doc.paths as Record<string, Record<string, Schema>>).flatMap(([path, item]) =>
    Object.entries(item)
      // A method the document lists only to say it is not allowed (405) has nothing behind it to fuzz.
      .filter(([method, op]) => methods.includes(method) && Object.keys(op.responses ?? {}).some((s) => s !== '405'))
      .map(([method, op]) => ({ method, path, op })),
  );
}

// Mostly a good token, so most requests get past authentication to the handlers; every kind of bad one too.
const tokens = (): fc.Arbitrary<string | null> =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant(t.token('fuzz-user')) },
    { weight: 3, arbitrary: fc.constant(t.token('fuzz-other')) },
    { weight: 5, arbitrary: badTokens() },
  );

const badTokens = (): fc.Arbitrary<string | null> =>
  fc.constantFrom(
    null,
    'garbage',
    jwt.sign({ sub: 'fuzz-user', exp: Math.floor(Date.now() / 1000) - 10 }, TEST_JWT_SECRET, { algorithm: 'HS256' }),
    jwt.sign({ sub: 'fuzz-user', iat: Math.floor(Date.now() / 1000) }, 'another-secret-0123456789abcdef-another', { algorithm: 'HS256', expiresIn: 60 }),
    jwt.sign({ sub: 'fuzz\u0000user', name: '\ud800' }, TEST_JWT_SECRET, { algorithm: 'HS256', expiresIn: 60 }),
  );

const pathValue = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(...ids.map(String)),
    fc.integer({ min: -3, max: 2 ** 53 }).map(String),
    fc.constantFrom('0', '-1', '1.5', 'abc', '%00', '%2F..%2F', '9'.repeat(40), '%E2%80%AE'),
    hostileText.map((s) => encodedSafely(s).slice(0, 200) || 'x'),
  );

/** A lone surrogate cannot be percent-encoded as UTF-8: it is sent as the replacement character a browser would send. */
function encodedSafely(text: string): string {
  return encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
}

interface FuzzRequest {
  method: string;
  url: string;
  token: string | null;
  body?: { text: string; contentType: string };
}

function requestsFor(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const parameters = ((operation.op.parameters ?? []) as Schema[]).map((p) => resolve(p, doc));
  const pathNames = parameters.filter((p) => p.in === 'path').map((p) => p.name as string);
  const queryParams = parameters.filter((p) => p.in === 'query');
  const content = resolve(operation.op.requestBody, doc).content as Record<string, Schema> | undefined;
  const jsonSchema = content?.['application/json']?.schema as Schema | undefined;
  const takesFile = content !== undefined && Object.keys(content).some((type) => type !== 'application/json');

  const pathArb = fc.tuple(...pathNames.map(() => pathValue())).map((values) => {
    let path = operation.path;
    pathNames.forEach((name, i) => (path = path.replace(`{${name}}`, values[i]!)));
    return path;
  });
  const queryArb = fc
    .tuple(...queryParams.map((p) => fc.option(fc.oneof(fitting(p.schema, doc).map((v) => String(v)), hostileText), { nil: undefined })))
    .map((values) => {
      const query = new URLSearchParams();
      queryParams.forEach((p, i) => values[i] !== undefined && query.append(p.name as string, values[i]!.replace(/[\ud800-\udfff]/g, '\ufffd')));
      return query.toString();
    });
  const bodyArb: fc.Arbitrary<FuzzRequest['body']> = jsonSchema
    ? fc.oneof(
        fitting(jsonSchema, doc).map((v) => ({ text: JSON.stringify(v), contentType: 'application/json' })),
        breaking(jsonSchema, doc).map((v) => ({ text: JSON.stringify(v) ?? 'null', contentType: 'application/json' })),
        hostileText.map((text) => ({ text, contentType: 'application/json' })),
      )
    : takesFile
      ? fc.oneof(
          fc.constantFrom('isbn\n9780306406157\n', 'isbn,title,author\n,Fuzz Book,Fuzz Author\n', 'Title,Author,ISBN13,Exclusive Shelf\n').map((text) => ({ text, contentType: 'text/csv' })),
          hostileText.map((text) => ({ text, contentType: 'text/csv' })),
          hostileText.map((text) => ({ text, contentType: 'application/octet-stream' })),
        )
      : fc.constant(undefined);
  return fc.record({ path: pathArb, query: queryArb, token: tokens(), body: bodyArb }).map(({ path, query, token, body }) => ({
    method: operation.method.toUpperCase(),
    url: `${path}${query ? `?${query}` : ''}`,
    token,
    body,
  }));
}

async function send(request: FuzzRequest): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = {};
  if (request.token !== null) headers.authorization = `Bearer ${request.token}`;
  if (request.body) headers['content-type'] = request.body.contentType;
  const res = await fetch(`${t.baseUrl}${request.url}`, { method: request.method, headers, body: request.body?.text });
  return { status: res.status, text: await res.text() };
}

function expectErrorShape(status: number, text: string, what: string): void {
  if (status < 400) return;
  const body = JSON.parse(text) as { error?: unknown; message?: unknown };
  expect(typeof body.error, what).toBe('string');
  expect(typeof body.message, what).toBe('string');
}

describe('fuzz of every route', () => {
  it(`answers ${RUNS} generated requests without a 5xx, with proper errors, and refused ones change nothing`, async () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(20);
    const anyRequest = fc.constantFrom(...all).chain(requestsFor);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(anyRequest, async (request) => {
        const before = await digest();
        const { status, text } = await send(request);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const what = `${request.method} ${request.url} → ${status}: ${text.slice(0, 200)}`;
        expect(status, what).toBeLessThan(500);
        expectErrorShape(status, text, what);
        if (status >= 400) expect(await digest(), `${what} changed stored data`).toBe(before);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const alive = await t.call('GET', '/api/openapi.json', { token: null });
    expect(alive.status).toBe(200);
    // The requests reached the handlers, not only the gates: some were accepted, some refused for their content. (Few
    // are accepted: most routes want a body whose every field is right, which random bodies rarely are.)
    const count = (test: (status: number) => boolean) => [...statuses].filter(([s]) => test(s)).reduce((n, [, k]) => n + k, 0);
    expect(count((s) => s >= 200 && s < 300), JSON.stringify([...statuses])).toBeGreaterThan(RUNS / 40);
    expect(count((s) => s === 400 || s === 404), JSON.stringify([...statuses])).toBeGreaterThan(RUNS / 20);
  }, 600_000);

  it('takes any POST /log body without a 5xx, and stays up', async () => {
    const detail = fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.dictionary(hostileText, hostileText, { maxKeys: 3 }));
    const event = fc.record(
      {
        log_level: fc.oneof(fc.constantFrom('info', 'warn', 'error'), hostileText),
        log_source: fc.oneof(fc.constantFrom('api', 'fetch'), hostileText),
        log_event: fc.oneof(fc.constant('fuzzed'), hostileText),
        log_detail: detail,
        log_time: fc.oneof(fc.constant(new Date().toISOString()), hostileText),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(event.map((e) => JSON.stringify(e)), fc.array(event, { maxLength: 4 }).map((e) => JSON.stringify(e)), hostileText);
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (text, authorised) => {
        const res = await fetch(`${t.baseUrl}/log`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(authorised ? { authorization: `Bearer ${SHARED_SECRET}` } : {}) },
          body: text,
        });
        const answer = await res.text();
        expect(res.status, `${text.slice(0, 200)} → ${res.status}: ${answer.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) expectErrorShape(res.status, answer, text.slice(0, 200));
      }),
      { seed: SEED, numRuns: Math.max(20, Math.round(RUNS / 2)), endOnFailure: true },
    );
    expect((await t.call('GET', '/api/openapi.json', { token: null })).status).toBe(200);
  }, 600_000);
});
