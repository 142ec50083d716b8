// Every documented error that applies to today's routes: status, `error` code, body shape, headers, and side effects.
import { request } from 'node:http';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestService, TEST_JWT_SECRET, type ApiResponse, type TestService } from '../../support/test-service.js';

let t: TestService;
let authorId: number;
let bookId: number;
let editionId: number;

const ONE_MIB = 1024 * 1024;
const ISBN = '978-0-306-40615-7';
/** The same book number as ISBN, written as an ISBN-10. */
const SAME_ISBN_AS_10 = '0-306-40615-2';

/** `{error, message}`, plus `details` (field problems) only for validation failures; always JSON. */
function expectErrorBody(res: ApiResponse, status: number, code: string): void {
  expect(res.status, res.text.slice(0, 300)).toBe(status);
  expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  expect(res.body, res.text.slice(0, 300)).toBeTypeOf('object');
  expect(res.body.error).toBe(code);
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
  const allowed = code === 'validation_failed' ? ['error', 'message', 'details'] : ['error', 'message'];
  for (const key of Object.keys(res.body)) expect(allowed, `unexpected key ${key}`).toContain(key);
  if (res.body.details !== undefined) {
    expect(Array.isArray(res.body.details)).toBe(true);
    for (const detail of res.body.details) {
      expect(Object.keys(detail).sort()).toEqual(['field', 'message']);
      expect(typeof detail.field).toBe('string');
      expect(typeof detail.message).toBe('string');
    }
  }
}

const fieldsOf = (res: ApiResponse): string[] => (res.body?.details ?? []).map((d: { field: string }) => d.field);

async function counts(): Promise<Record<string, number>> {
  const [row] = await t.db.sql<Record<string, number>>(
    `select (select count(*)::int from book) as book, (select count(*)::int from edition) as edition,
            (select count(*)::int from author) as author, (select count(*)::int from book_author) as book_author`,
  );
  return row!;
}

let isbnSeq = 100;
/** A fresh, valid ISBN-13 (978 prefix, correct check digit). */
function freshIsbn(): string {
  const first12 = `978${String(++isbnSeq).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + String((10 - (sum % 10)) % 10);
}

/** Every route that takes a JSON body, with a body it accepts. */
function bodyRoutes(): Array<{ method: string; path: string; valid: () => Record<string, unknown> }> {
  return [
    { method: 'POST', path: '/api/books', valid: () => ({ book_original_title: 'A valid title' }) },
    { method: 'PUT', path: `/api/books/${bookId}`, valid: () => ({ book_original_title: 'A valid title', author_ids: [authorId] }) },
    { method: 'POST', path: `/api/books/${bookId}/editions`, valid: () => ({ isbn: freshIsbn(), format: 'ebook', language_id: 1 }) },
    { method: 'POST', path: '/api/authors', valid: () => ({ author_name: 'A valid name' }) },
    { method: 'PUT', path: `/api/authors/${authorId}`, valid: () => ({ author_name: 'Ursula K. Le Guin', aliases: [] }) },
  ];
}

async function apiErrorRows(): Promise<Array<{ log_id: string; log_level: string; log_source: string; log_detail: any }>> {
  return t.db.sql("select log_id, log_level, log_source, log_detail from log where log_event = 'api_error' order by log_id");
}

beforeAll(async () => {
  t = await startTestService();
  const author = await t.call('POST', '/api/authors', { body: { author_name: 'Ursula K. Le Guin' } });
  expect(author.status).toBe(201);
  authorId = author.body.author_id;
  const book = await t.call('POST', '/api/books', { body: { book_original_title: 'A Wizard of Earthsea', author_ids: [authorId] } });
  expect(book.status).toBe(201);
  bookId = book.body.book_id;
  const edition = await t.call('POST', `/api/books/${bookId}/editions`, { body: { isbn: ISBN, format: 'paperback', language_id: 1 } });
  expect(edition.status).toBe(201);
  editionId = edition.body.edition_id;
});

afterAll(async () => {
  await t.stop();
});

describe('404 not_found', () => {
  const unknownRoutes = [
    '/api',
    '/api/',
    '/api/nope',
    '/api/Books',
    '/api/book',
    '/api/editions',
    '/api/books/1/nope',
    '/api/books/1/editions/1',
    '/api/authors/1/books',
    '/api/openapi.yaml',
  ];

  it('answers an unknown /api route with 404, with or without a token', async () => {
    for (const path of unknownRoutes) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        for (const token of [undefined, null]) {
          const res = await t.call(method, path, { token, body: method === 'POST' ? { a: 1 } : undefined });
          expect(res.status, `${method} ${path} token=${token === null ? 'none' : 'valid'}`).toBe(404);
          expectErrorBody(res, 404, 'not_found');
        }
      }
    }
  });

  it('answers a missing resource, and a missing parent of a nested path, with 404 naming it', async () => {
    const missing = 987654321;
    const cases: Array<[string, string, unknown?]> = [
      ['GET', `/api/books/${missing}`],
      ['PUT', `/api/books/${missing}`, { book_original_title: 'x' }],
      ['DELETE', `/api/books/${missing}`],
      ['GET', `/api/books/${missing}/editions`],
      ['POST', `/api/books/${missing}/editions`, { isbn: freshIsbn(), format: 'ebook', language_id: 1 }],
      ['GET', `/api/editions/${missing}`],
      ['GET', `/api/authors/${missing}`],
      ['PUT', `/api/authors/${missing}`, { author_name: 'x' }],
      ['DELETE', `/api/authors/${missing}`],
    ];
    const before = await counts();
    for (const [method, path, body] of cases) {
      const res = await t.call(method, path, { body });
      expectErrorBody(res, 404, 'not_found');
      expect(res.body.message, `${method} ${path}`).toContain(String(missing));
    }
    expect(await counts()).toEqual(before);
  });
});

describe('405 method_not_allowed', () => {
  const table = (): Array<[string, string[]]> => [
    ['/api/books', ['GET', 'HEAD', 'POST']],
    [`/api/books/${bookId}`, ['GET', 'HEAD', 'PUT', 'DELETE']],
    [`/api/books/${bookId}/editions`, ['GET', 'HEAD', 'POST']],
    [`/api/editions/${editionId}`, ['GET', 'HEAD']],
    ['/api/authors', ['GET', 'HEAD', 'POST']],
    [`/api/authors/${authorId}`, ['GET', 'HEAD', 'PUT', 'DELETE']],
    ['/api/openapi.json', ['GET', 'HEAD']],
  ];
  const ALL = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

  it('answers a known path with a method outside the table with 405 and an Allow header listing exactly the allowed methods', async () => {
    const before = await counts();
    for (const [path, allowed] of table()) {
      for (const method of ALL.filter((m) => !allowed.includes(m))) {
        for (const token of [undefined, null]) {
          const res = await t.call(method, path, { token, body: method === 'GET' || method === 'DELETE' ? undefined : { a: 1 } });
          expectErrorBody(res, 405, 'method_not_allowed');
          const allow = (res.headers.get('allow') ?? '').split(',').map((m) => m.trim()).filter(Boolean);
          expect(allow.sort(), `${method} ${path}`).toEqual([...allowed].sort());
        }
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('really serves every method that Allow lists', async () => {
    for (const [path, allowed] of table()) {
      for (const method of allowed) {
        // Empty bodies fail validation and a missing id is 404: either way the method itself was accepted.
        const target = method === 'DELETE' ? path.replace(/\d+$/, '987654321') : path;
        const res = await t.call(method, target, { body: method === 'POST' || method === 'PUT' ? {} : undefined });
        expect(res.status, `${method} ${target}`).not.toBe(405);
        expect(res.status, `${method} ${target}`).toBeLessThan(500);
      }
    }
  });
});

describe('400 validation_failed for bodies', () => {
  it('answers malformed JSON with 400', async () => {
    const before = await counts();
    const malformed = ['{', '{"book_original_title": }', "{'author_name': 'x'}", '{"a":1,}', 'nul', '{"a":1}{"b":2}', 'undefined', '\u0000'];
    for (const route of bodyRoutes()) {
      for (const rawBody of malformed) {
        const res = await t.call(route.method, route.path, { rawBody, headers: { 'content-type': 'application/json' } });
        expect(res.status, `${route.method} ${route.path} ${JSON.stringify(rawBody)}: ${res.text}`).toBe(400);
        expectErrorBody(res, 400, 'validation_failed');
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('answers an unknown field with 400 and details naming it', async () => {
    const before = await counts();
    for (const route of bodyRoutes()) {
      const one = await t.call(route.method, route.path, { body: { ...route.valid(), titel: 'typo' } });
      expectErrorBody(one, 400, 'validation_failed');
      expect(fieldsOf(one), `${route.method} ${route.path}`).toContain('titel');

      const two = await t.call(route.method, route.path, { body: { ...route.valid(), book_id: 1, created_at: 'now' } });
      expectErrorBody(two, 400, 'validation_failed');
      expect(fieldsOf(two), `${route.method} ${route.path}`).toEqual(expect.arrayContaining(['book_id', 'created_at']));
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses text the database cannot store as sent (a lone surrogate, U+0000), naming the field and storing nothing', async () => {
    const before = await counts();
    for (const bad of ['Half \ud83d a pair', '\udcda alone', 'nul \u0000 inside']) {
      const res = await t.call('POST', '/api/books', { body: { book_original_title: bad, author_ids: [] } });
      expectErrorBody(res, 400, 'validation_failed');
      expect(fieldsOf(res), JSON.stringify(bad)).toEqual(['book_original_title']);
    }
    expect(await counts()).toEqual(before);
    // A valid pair (an emoji) is stored and echoed as sent.
    const ok = await t.call('POST', '/api/books', { body: { book_original_title: 'Whole \ud83d\udcda pair', author_ids: [] } });
    expect(ok.status).toBe(201);
    expect(ok.body.book_original_title).toBe('Whole \ud83d\udcda pair');
    const again = await t.call('GET', `/api/books/${ok.body.book_id}`);
    expect(again.body.book_original_title).toBe('Whole \ud83d\udcda pair');
  });

  it('accepts each valid body (so the failures above come from the bad part alone)', async () => {
    for (const route of bodyRoutes()) {
      const res = await t.call(route.method, route.path, { body: route.valid() });
      expect(res.status, `${route.method} ${route.path}: ${res.text}`).toBe(route.method === 'POST' ? 201 : 200);
    }
  });
});

describe('413 payload_too_large', () => {
  /** A JSON body of exactly `size` bytes, valid JSON whose only string is too long for any field. */
  const jsonOfSize = (field: string, size: number): string => {
    const shell = `{"${field}":""}`;
    return `{"${field}":"${'x'.repeat(size - shell.length)}"}`;
  };

  it('answers a JSON body over 1 MiB with 413 and stores nothing', async () => {
    const before = await counts();
    for (const route of bodyRoutes()) {
      const field = route.path.includes('editions') ? 'publisher' : route.path.includes('authors') ? 'author_name' : 'book_original_title';
      const over = await t.call(route.method, route.path, { rawBody: jsonOfSize(field, ONE_MIB + 1), headers: { 'content-type': 'application/json' } });
      expectErrorBody(over, 413, 'payload_too_large');
      const far = await t.call(route.method, route.path, { rawBody: jsonOfSize(field, 3 * ONE_MIB), headers: { 'content-type': 'application/json' } });
      expectErrorBody(far, 413, 'payload_too_large');
      // Exactly 1 MiB is not over the limit: it is read, then refused as an invalid field.
      const atLimit = await t.call(route.method, route.path, { rawBody: jsonOfSize(field, ONE_MIB), headers: { 'content-type': 'application/json' } });
      expectErrorBody(atLimit, 400, 'validation_failed');
    }
    expect(await counts()).toEqual(before);
  });

  it('answers a chunked body (no Content-Length) over 1 MiB with 413', async () => {
    const before = await counts();
    const url = new URL('/api/books', t.baseUrl);
    const res = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = request(
        url,
        { method: 'POST', headers: { authorization: `Bearer ${t.token()}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      req.write('{"book_original_title":"');
      const chunk = 'y'.repeat(64 * 1024);
      for (let sent = 0; sent <= ONE_MIB; sent += chunk.length) req.write(chunk);
      req.end('"}');
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'payload_too_large', message: expect.any(String) });
    expect(await counts()).toEqual(before);
  });
});

describe('415 unsupported_media_type', () => {
  it('answers a body that is not application/json with 415 and stores nothing', async () => {
    const before = await counts();
    for (const route of bodyRoutes()) {
      const json = JSON.stringify(route.valid());
      const variants: Array<[string, string | Buffer, Record<string, string>]> = [
        ['text/plain', json, { 'content-type': 'text/plain' }],
        ['form-urlencoded', new URLSearchParams(route.valid() as Record<string, string>).toString(), { 'content-type': 'application/x-www-form-urlencoded' }],
        ['multipart', `--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--b--\r\n`, { 'content-type': 'multipart/form-data; boundary=b' }],
        ['xml', '<book/>', { 'content-type': 'application/xml' }],
        ['no Content-Type', Buffer.from(json), {}],
        ['JSON in latin1', json, { 'content-type': 'application/json; charset=latin1' }],
      ];
      for (const [label, rawBody, headers] of variants) {
        const res = await t.call(route.method, route.path, { rawBody, headers });
        expect(res.status, `${route.method} ${route.path} as ${label}: ${res.text}`).toBe(415);
        expectErrorBody(res, 415, 'unsupported_media_type');
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('accepts application/json with a UTF-8 charset and in any letter case', async () => {
    for (const contentType of ['application/json; charset=utf-8', 'Application/JSON']) {
      const res = await t.call('POST', '/api/authors', { rawBody: JSON.stringify({ author_name: `Typed ${contentType}` }), headers: { 'content-type': contentType } });
      expect(res.status, `${contentType}: ${res.text}`).toBe(201);
    }
  });
});

describe('409 conflict', () => {
  it('refuses the same ISBN twice, in any spelling and on any book, storing nothing', async () => {
    const other = await t.call('POST', '/api/books', { body: { book_original_title: 'Another book' } });
    const before = await counts();
    for (const [target, isbn] of [
      [bookId, ISBN],
      [bookId, '9780306406157'],
      [bookId, SAME_ISBN_AS_10],
      [bookId, '0306406152'],
      [other.body.book_id, ' 978 0 306 40615 7 '],
    ] as const) {
      const res = await t.call('POST', `/api/books/${target}/editions`, { body: { isbn, format: 'hardcover', language_id: 1 } });
      expectErrorBody(res, 409, 'conflict');
    }
    expect(await counts()).toEqual(before);
    const [row] = await t.db.sql<{ n: number }>("select count(*)::int as n from edition where isbn = '9780306406157'");
    expect(row!.n).toBe(1);
  });

  it('refuses to delete an author that a book references, until the book is gone', async () => {
    const author = (await t.call('POST', '/api/authors', { body: { author_name: 'Referenced' } })).body.author_id;
    const book = (await t.call('POST', '/api/books', { body: { book_original_title: 'Referencing', author_ids: [author] } })).body.book_id;
    const refused = await t.call('DELETE', `/api/authors/${author}`);
    expectErrorBody(refused, 409, 'conflict');
    expect((await t.call('GET', `/api/authors/${author}`)).status).toBe(200);
    expect((await t.call('GET', `/api/books/${book}`)).body.author_ids).toEqual([author]);

    expect((await t.call('DELETE', `/api/books/${book}`)).status).toBe(204);
    expect((await t.call('DELETE', `/api/authors/${author}`)).status).toBe(204);
  });
});

describe('401 unauthorized', () => {
  it('answers every kind of bad token with 401 and WWW-Authenticate: Bearer', async () => {
    const before = await counts();
    const expired = jwt.sign({ sub: 'alice', exp: Math.floor(Date.now() / 1000) - 3600 }, TEST_JWT_SECRET, { algorithm: 'HS256' });
    const wrongKey = jwt.sign({ sub: 'alice' }, 'another-secret-that-is-long-enough-0123456789', { algorithm: 'HS256', expiresIn: 3600 });
    const unsigned = jwt.sign({ sub: 'alice', exp: Math.floor(Date.now() / 1000) + 3600 }, '', { algorithm: 'none' });
    const authorizations: Array<[string, string | null]> = [
      ['missing', null],
      ['empty', ''],
      ['Bearer only', 'Bearer'],
      ['Basic', 'Basic YWxpY2U6c2VjcmV0'],
      ['garbage', 'Bearer not-a-jwt'],
      ['expired', `Bearer ${expired}`],
      ['wrong key', `Bearer ${wrongKey}`],
      ['alg none', `Bearer ${unsigned}`],
    ];
    for (const [label, authorization] of authorizations) {
      for (const [method, path, body] of [
        ['GET', '/api/books'],
        ['POST', '/api/books', { book_original_title: 'Unauthorised' }],
        ['DELETE', `/api/authors/${authorId}`],
      ] as const) {
        const headers: Record<string, string> = authorization === null ? {} : { authorization };
        const res = await t.call(method, path, { token: null, headers, body });
        expect(res.status, `${label}: ${method} ${path}`).toBe(401);
        expectErrorBody(res, 401, 'unauthorized');
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
      }
    }
    expect(await counts()).toEqual(before);
  });
});

describe('400 invalid_cursor', () => {
  it('answers a garbage cursor with 400 invalid_cursor', async () => {
    const res = await t.call('GET', '/api/books?cursor=garbage');
    expectErrorBody(res, 400, 'invalid_cursor');
  });
});

describe('500 internal_error', () => {
  /**
   * Runs `work` with a table renamed, so every statement of the service on it fails (whatever columns it
   * selects); always puts the table back.
   */
  async function withTableRenamed(table: string, work: () => Promise<void>): Promise<void> {
    await t.db.sql(`alter table ${table} rename to ${table}_gone`);
    try {
      await work();
    } finally {
      await t.db.sql(`alter table ${table}_gone rename to ${table}`);
    }
  }

  function expectNoLeak(res: ApiResponse, ...secrets: string[]): void {
    expect(res.body).toEqual({ error: 'internal_error', message: expect.any(String) });
    expect(res.text).not.toMatch(/\bat\s+\S+\s*\(|\.ts:\d+|\.js:\d+|node_modules|Error:|stack/i);
    expect(res.text).not.toMatch(/\b(select|insert|update|delete)\b.*\b(from|into|set)\b/i);
    expect(res.text).not.toMatch(/column|relation|syntax|sqlstate|42703/i);
    for (const secret of secrets) expect(res.text).not.toContain(secret);
  }

  /** Waits for exactly one new api_error row, then checks that no second one follows. */
  async function expectOneApiError(before: number): Promise<{ log_level: string; log_source: string; log_detail: any }> {
    const rows = await eventually(async () => {
      const all = await apiErrorRows();
      expect(all.length).toBeGreaterThan(before);
      return all;
    });
    // Several flush periods (LOG_FLUSH_MS=50) later, still exactly one.
    await new Promise((r) => setTimeout(r, 400));
    const after = await apiErrorRows();
    expect(after).toHaveLength(before + 1);
    expect(after).toEqual(rows);
    return after[after.length - 1]!;
  }

  it('answers a failing read with 500 without stack or SQL, and logs one api_error with endpoint, status, message and stack', async () => {
    const before = (await apiErrorRows()).length;
    await withTableRenamed('author', async () => {
      const res = await t.call('GET', '/api/authors', { headers: { 'x-request-id': 'report-1234' } });
      expect(res.status).toBe(500);
      expect(res.headers.get('x-request-id')).toBe('report-1234');
      expectErrorBody(res, 500, 'internal_error');
      expectNoLeak(res, 'author_gone', 'author_id');
    });
    const row = await expectOneApiError(before);
    // The id the user can quote from the answer finds this row.
    expect(row.log_detail.request_id).toBe('report-1234');
    expect(row.log_source).toBe('api');
    expect(row.log_level).toBe('error');
    expect(row.log_detail.status).toBe(500);
    // Soft: the endpoint names the route as the client called it, /api prefix included.
    expect.soft(row.log_detail.endpoint).toBe('GET /api/authors');
    expect(typeof row.log_detail.message).toBe('string');
    expect(row.log_detail.message.length).toBeGreaterThan(0);
    expect(typeof row.log_detail.stack).toBe('string');
    expect(row.log_detail.stack).toMatch(/\n\s+at /);
    // Fixed behind the service's back: it answers again without a restart.
    expect((await t.call('GET', '/api/authors')).status).toBe(200);
  });

  it('answers a failing write with 500, stores nothing and logs one api_error', async () => {
    const before = (await apiErrorRows()).length;
    const stored = await counts();
    await withTableRenamed('book', async () => {
      const res = await t.call('POST', '/api/books', { body: { book_original_title: 'Never stored', author_ids: [authorId] } });
      expectErrorBody(res, 500, 'internal_error');
      expectNoLeak(res, 'book_gone', 'title_search', 'Never stored');
    });
    expect(await counts()).toEqual(stored);
    const row = await expectOneApiError(before);
    expect(row.log_detail.status).toBe(500);
    expect.soft(row.log_detail.endpoint).toBe('POST /api/books');
    expect(typeof row.log_detail.stack).toBe('string');
  });

  it('names the route pattern (or the path) of a failing request with an id', async () => {
    const before = (await apiErrorRows()).length;
    await withTableRenamed('book', async () => {
      const res = await t.call('GET', `/api/books/${bookId}`);
      expectErrorBody(res, 500, 'internal_error');
      expectNoLeak(res, 'book_gone', 'book_original_title');
    });
    const row = await expectOneApiError(before);
    expect(row.log_detail.status).toBe(500);
    expect(row.log_detail.endpoint).toMatch(new RegExp(`^GET /api/books/(:id|${bookId})$`));
  });
});

/** A TCP proxy in front of the test database that can drop or refuse connections on demand. */
class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;
  private accepting = true;
  port = 0;

  private constructor(targetHost: string, targetPort: number) {
    this.server = createServer((client) => this.handle(client, targetHost, targetPort));
  }

  static async start(targetHost: string, targetPort: number): Promise<TcpProxy> {
    const proxy = new TcpProxy(targetHost, targetPort);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    proxy.port = (proxy.server.address() as AddressInfo).port;
    return proxy;
  }

  private handle(client: Socket, host: string, port: number): void {
    if (!this.accepting) {
      client.destroy();
      return;
    }
    const upstream = connect(port, host);
    this.sockets.add(client);
    this.sockets.add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    client.pipe(upstream);
    upstream.pipe(client);
  }

  /** Drops every open connection; new ones are accepted and reset at once. */
  reset(): void {
    this.accepting = false;
    for (const socket of this.sockets) socket.destroy();
  }

  /** Drops every open connection and stops listening: new ones are refused. */
  async refuse(): Promise<void> {
    this.reset();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  async restore(): Promise<void> {
    this.accepting = true;
    if (!this.server.listening) await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
  }

  async close(): Promise<void> {
    this.reset();
    if (this.server.listening) await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

describe('503 service_unavailable', () => {
  it('answers 503 while the database is unreachable and recovers by itself when it is back', async () => {
    const target = new URL(t.db.url);
    const proxy = await TcpProxy.start(target.hostname, Number(target.port));
    const viaProxy = new URL(t.db.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    let s: TestService | undefined;
    try {
      s = await startTestService({ DATABASE_URL: viaProxy.toString() });
      const service = s;
      expect((await service.call('GET', '/api/books?per_page=1')).status).toBe(200);

      for (const outage of ['reset', 'refuse'] as const) {
        const title = `Written during a ${outage} outage`;
        if (outage === 'reset') proxy.reset();
        else await proxy.refuse();

        const requests: Array<[string, string, { body?: unknown; token?: string }]> = [
          ['GET', '/api/books', {}],
          ['GET', `/api/books/${bookId}`, {}],
          ['GET', `/api/books/${bookId}/editions`, {}],
          ['GET', `/api/editions/${editionId}`, {}],
          ['GET', '/api/authors?q=guin', {}],
          ['POST', '/api/books', { body: { book_original_title: title } }],
          ['PUT', `/api/authors/${authorId}`, { body: { author_name: 'Renamed during outage' } }],
          ['DELETE', `/api/books/${bookId}`, {}],
          // A user never seen before needs the database before the route even runs.
          ['GET', '/api/books', { token: service.token(`newcomer-${outage}`) }],
        ];
        for (const [method, path, options] of requests) {
          const res = await service.call(method, path, options);
          expect(res.status, `${outage}: ${method} ${path}: ${res.text}`).toBe(503);
          expectErrorBody(res, 503, 'service_unavailable');
          expect(res.text).not.toMatch(/ECONN|terminated|\bat\s+\S+\s*\(|\.ts:\d+|select|insert/i);
        }

        await proxy.restore();
        // The same service, never restarted, answers again once the database is reachable.
        await eventually(async () => {
          expect((await service.call('GET', '/api/books?per_page=1')).status).toBe(200);
        }, 15_000);
        expect((await service.call('GET', `/api/books/${bookId}`)).status).toBe(200);
        expect((await service.call('GET', '/api/books', { token: service.token(`newcomer-${outage}`) })).status).toBe(200);
        const written = await service.call('POST', '/api/books', { body: { book_original_title: `After the ${outage} outage` } });
        expect(written.status).toBe(201);
        expect(await t.db.sql('select 1 from book where book_original_title = $1', [title])).toEqual([]);
        expect((await t.call('GET', `/api/authors/${authorId}`)).body.author_name).toBe('Ursula K. Le Guin');
      }
    } finally {
      await s?.stop();
      await proxy.close();
    }
  });
});
