// Bad input on every route: the answer is 400 or 404 (never 5xx), with a JSON error body, and nothing stored changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Case, LONG, MAX_SAFE, MISSING_ID, NUL, raw, runCases as runCasesOn, serialize, short } from '../../support/bad-input-cases.js';
import { startTestService, type TestService } from '../../support/test-service.js';

let t: TestService;
let authorId: number;
let bookId: number;
let editionId: number;

/** Everything stored that a catalog route could touch: counts and a digest of every row. */
async function snapshot(): Promise<unknown> {
  const [row] = await t.db.sql(`select
    (select count(*)::int from book) as book,
    (select count(*)::int from edition) as edition,
    (select count(*)::int from author) as author,
    (select md5(coalesce(string_agg(b::text, '|' order by b.book_id), '')) from book b) as book_rows,
    (select md5(coalesce(string_agg(e::text, '|' order by e.edition_id), '')) from edition e) as edition_rows,
    (select md5(coalesce(string_agg(a::text, '|' order by a.author_id), '')) from author a) as author_rows,
    (select md5(coalesce(string_agg(ba::text, '|' order by ba.book_id, ba.author_id), '')) from book_author ba) as book_author_rows`);
  return row;
}

const runCases = (cases: Case[]): Promise<void> => runCasesOn(t, snapshot, cases);

// --- value sets ---

const NOT_STRINGS: unknown[] = [123, true, { a: 1 }, [], ['x']];
const requiredText = (max: number): unknown[] => [...NOT_STRINGS, null, '', '   ', '\n\t', 'x'.repeat(max + 1), LONG, NUL];
const optionalText = (max: number): unknown[] => [...NOT_STRINGS, 'x'.repeat(max + 1), LONG, NUL];
const BAD_ID_VALUES: unknown[] = [
  'abc', '1', -1, 0, 1.5, 1e20, true, {}, [1], raw('99999999999999999999'), raw('9007199254740993'), raw('1e400'),
];
const requiredId: unknown[] = [...BAD_ID_VALUES, null, MISSING_ID, MAX_SAFE];
const nullableId: unknown[] = [...BAD_ID_VALUES, MISSING_ID, MAX_SAFE];
const idArray = (): unknown[] => [
  'abc', 1, {}, null,
  ['abc'], ['1'], [-1], [0], [1.5], [1e20], [raw('99999999999999999999')], [raw('9007199254740993')], [null], [[authorId]],
  [authorId, authorId],
  Array.from({ length: 51 }, (_, i) => i + 1),
  [MISSING_ID],
  [MAX_SAFE],
  [authorId, MISSING_ID],
];
const BAD_ISBNS: unknown[] = [
  '978-0-306-40615-8', // ISBN-13, wrong check digit
  '9780306406158',
  '0-306-40615-3', // ISBN-10, wrong check digit
  '030640615X',
  '978030640615', // 12 digits
  '97803064061570', // 14 digits
  '030640615', // 9 digits
  '03064061521', // 11 digits
  '1230306406157', // 13 digits without the 978/979 prefix
  'X306406152',
  '97803064061X7',
  'abcdefghij',
  'abcdefghijklm',
  '٩٧٨٠٣٠٦٤٠٦١٥٧', // Arabic-Indic digits
  '９７８０３０６４０６１５７', // full-width digits
  '9'.repeat(41),
  '', '   ',
  9780306406157, null, true, {}, ['9780306406157'], LONG, NUL,
];
const BAD_FORMATS: unknown[] = ['Hardcover', 'kindle', 'paperback ', '', 1, null, ['ebook'], LONG, NUL];
const badYears = (): unknown[] => {
  const latest = new Date().getUTCFullYear() + 2;
  return [1449, 0, -5, latest + 1, 3000, 2147483648, 1.5, '2000', true, [2000], raw('1e400'), raw('99999999999999999999')];
};
const badAliases = (): unknown[] => [
  'alias', 1, null, {},
  [1], [null], [{}], [['x']],
  Array.from({ length: 51 }, (_, i) => `Alias ${i}`),
  ['a'.repeat(301)],
  [LONG],
  [NUL],
];

let isbnSeq = 500;
function freshIsbn(): string {
  const first12 = `979${String(++isbnSeq).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + String((10 - (sum % 10)) % 10);
}

interface BodyRoute {
  name: string;
  method: string;
  path: () => string;
  valid: () => Record<string, unknown>;
  fields: Record<string, () => unknown[]>;
  required: string[];
}

const bookFields: BodyRoute['fields'] = {
  book_original_title: () => requiredText(500),
  author_ids: idArray,
  type_id: () => nullableId,
  genre_id: () => nullableId,
};
const editionFields: BodyRoute['fields'] = {
  isbn: () => BAD_ISBNS,
  format: () => BAD_FORMATS,
  language_id: () => requiredId,
  edition_title: () => optionalText(500),
  publisher: () => optionalText(300),
  published_year: badYears,
};
const authorFields: BodyRoute['fields'] = {
  author_name: () => requiredText(300),
  aliases: badAliases,
};

const bodyRoutes: BodyRoute[] = [
  {
    name: 'POST /api/books',
    method: 'POST',
    path: () => '/api/books',
    valid: () => ({ book_original_title: 'Valid title', author_ids: [authorId], type_id: null, genre_id: null }),
    fields: bookFields,
    required: ['book_original_title'],
  },
  {
    name: 'PUT /api/books/:id',
    method: 'PUT',
    path: () => `/api/books/${bookId}`,
    valid: () => ({ book_original_title: 'Valid title', author_ids: [authorId], type_id: null, genre_id: null }),
    fields: bookFields,
    required: ['book_original_title'],
  },
  {
    name: 'POST /api/books/:bookId/editions',
    method: 'POST',
    path: () => `/api/books/${bookId}/editions`,
    valid: () => ({ isbn: freshIsbn(), format: 'paperback', language_id: 1, edition_title: 'Second', publisher: 'Pub', published_year: 2001 }),
    fields: editionFields,
    required: ['isbn', 'format', 'language_id'],
  },
  {
    name: 'POST /api/authors',
    method: 'POST',
    path: () => '/api/authors',
    valid: () => ({ author_name: 'Valid Name', aliases: ['V. Name'] }),
    fields: authorFields,
    required: ['author_name'],
  },
  {
    name: 'PUT /api/authors/:id',
    method: 'PUT',
    path: () => `/api/authors/${authorId}`,
    valid: () => ({ author_name: 'Valid Name', aliases: ['V. Name'] }),
    fields: authorFields,
    required: ['author_name'],
  },
];

beforeAll(async () => {
  t = await startTestService();
  const author = await t.call('POST', '/api/authors', { body: { author_name: 'Original Author', aliases: ['O. Author'] } });
  authorId = author.body.author_id;
  const book = await t.call('POST', '/api/books', { body: { book_original_title: 'Original Book', author_ids: [authorId] } });
  bookId = book.body.book_id;
  const edition = await t.call('POST', `/api/books/${bookId}/editions`, { body: { isbn: '978-0-306-40615-7', format: 'hardcover', language_id: 1 } });
  editionId = edition.body.edition_id;
  expect([author.status, book.status, edition.status]).toEqual([201, 201, 201]);
});

afterAll(async () => {
  await t.stop();
});

describe('valid bodies are accepted (so every refusal below is caused by the bad part alone)', () => {
  it('accepts the baseline body on every body route', async () => {
    for (const route of bodyRoutes) {
      const res = await t.call(route.method, route.path(), { body: route.valid() });
      expect(res.status, `${route.method} ${route.path()}: ${res.text}`).toBe(route.method === 'POST' ? 201 : 200);
    }
    // Put the replaced rows back as they were, for readable data in the cases below.
    await t.call('PUT', `/api/books/${bookId}`, { body: { book_original_title: 'Original Book', author_ids: [authorId] } });
    await t.call('PUT', `/api/authors/${authorId}`, { body: { author_name: 'Original Author', aliases: ['O. Author'] } });
  });

  it('accepts the edges of the valid ranges', async () => {
    const latest = new Date().getUTCFullYear() + 2;
    for (const [isbn, year] of [
      ['0-19-853453-1', 1450],
      ['080442957X', latest],
      [freshIsbn(), null],
    ] as const) {
      const res = await t.call('POST', `/api/books/${bookId}/editions`, { body: { isbn, format: 'audiobook', language_id: 1, published_year: year } });
      expect(res.status, res.text).toBe(201);
    }
    const long = await t.call('POST', '/api/books', { body: { book_original_title: 't'.repeat(500), author_ids: [authorId], type_id: null } });
    expect(long.status, long.text).toBe(201);
    const aliases = await t.call('POST', '/api/authors', { body: { author_name: 'n'.repeat(300), aliases: Array.from({ length: 50 }, (_, i) => `Alias ${i}`) } });
    expect(aliases.status, aliases.text).toBe(201);
  });
});

describe('bad body fields', () => {
  for (const route of bodyRoutes) {
    for (const field of Object.keys(route.fields)) {
      it(`${route.name} ${field}: wrong types, out of range, unknown ids, 10 kB strings`, async () => {
        const cases = route.fields[field]!().map((value): Case => ({
          label: `${field}=${short(value)}`,
          method: route.method,
          path: route.path(),
          body: { ...route.valid(), [field]: value },
          expected: [400],
        }));
        await runCases(cases);
      });
    }

    it(`${route.name}: missing required fields`, async () => {
      const cases: Case[] = route.required.map((field) => {
        const body = route.valid();
        delete body[field];
        return { label: `without ${field}`, method: route.method, path: route.path(), body, expected: [400] };
      });
      cases.push({ label: 'only unknown fields', method: route.method, path: route.path(), body: { nothing: 'useful' }, expected: [400] });
      await runCases(cases);
    });

    it(`${route.name}: bodies that are not one JSON object`, async () => {
      const json = { 'content-type': 'application/json' };
      const valid = serialize(route.valid());
      const deep = `${'['.repeat(2000)}${']'.repeat(2000)}`;
      const variants: Array<[string, string | Buffer | undefined, Record<string, string>, number[]]> = [
        ['null', 'null', json, [400]],
        ['empty array', '[]', json, [400]],
        ['array holding a valid body', `[${valid}]`, json, [400]],
        ['string', '"text"', json, [400]],
        ['number', '123', json, [400]],
        ['true', 'true', json, [400]],
        ['empty object', '{}', json, [400]],
        ['empty body', '', json, [400]],
        ['no body at all', undefined, {}, [400]],
        ['form text labelled JSON', 'book_original_title=x&author_name=x', json, [400]],
        ['10 kB of garbage', LONG, json, [400]],
        ['10 kB key', serialize({ ...route.valid(), [LONG]: 1 }), json, [400]],
        ['__proto__ key', valid.replace(/^\{/, '{"__proto__":{"admin":true},'), json, [400]],
        ['deeply nested value', valid.replace(/^\{/, `{"nested":${deep},`), json, [400]],
        ['duplicate keys, first valid', valid.replace(/^\{/, '{"unknown_twice":1,"unknown_twice":2,'), json, [400]],
        ['gzip header on a body that is not gzip', 'not gzip at all', { ...json, 'content-encoding': 'gzip' }, [400]],
        ['deflate header on a body that is not deflate', 'not deflate at all', { ...json, 'content-encoding': 'deflate' }, [400]],
        ['unknown content encoding', valid, { ...json, 'content-encoding': 'compress' }, [400, 415]],
      ];
      await runCases(
        variants.map(([label, rawBody, headers, expected]) => ({ label, method: route.method, path: route.path(), rawBody, headers, expected })),
      );
    });
  }
});

describe('bad ids in paths', () => {
  const BAD_PATH_IDS = [
    'abc', '-1', '0', '00', '-0', '1.5', '99999999999999999999', '9999999999999999', '1e3', '0x1', '%201', '1%20', '1%00',
    '%E0%A4%A', '%', 'x'.repeat(10_000), '1,2', 'null', 'undefined', 'NaN', 'Infinity', '%2F1', '1;drop table book',
  ];

  const idRoutes = (): Array<{ method: string; path: (id: string) => string; body?: () => unknown }> => [
    { method: 'GET', path: (id) => `/api/books/${id}` },
    { method: 'PUT', path: (id) => `/api/books/${id}`, body: () => ({ book_original_title: 'Valid title' }) },
    { method: 'DELETE', path: (id) => `/api/books/${id}` },
    { method: 'GET', path: (id) => `/api/books/${id}/editions` },
    { method: 'POST', path: (id) => `/api/books/${id}/editions`, body: () => ({ isbn: freshIsbn(), format: 'ebook', language_id: 1 }) },
    { method: 'GET', path: (id) => `/api/editions/${id}` },
    { method: 'GET', path: (id) => `/api/authors/${id}` },
    { method: 'PUT', path: (id) => `/api/authors/${id}`, body: () => ({ author_name: 'Valid Name' }) },
    { method: 'DELETE', path: (id) => `/api/authors/${id}` },
  ];

  for (const route of idRoutes()) {
    it(`${route.method} ${route.path(':id')}: malformed ids are 400, well-formed missing ids are 404`, async () => {
      const cases: Case[] = [
        ...BAD_PATH_IDS.map((id): Case => ({ label: `id=${short(id)}`, method: route.method, path: route.path(id), body: route.body?.(), expected: [400] })),
        ...[String(MISSING_ID), String(MAX_SAFE)].map((id): Case => ({ label: `id=${id}`, method: route.method, path: route.path(id), body: route.body?.(), expected: [404] })),
      ];
      await runCases(cases);
    });
  }

  it('checks the path before the body: a bad id with a bad body is still a client error', async () => {
    await runCases([
      { label: 'bad id, bad body', method: 'PUT', path: '/api/books/abc', body: { book_original_title: 5 }, expected: [400] },
      { label: 'missing id, bad body', method: 'PUT', path: `/api/books/${MISSING_ID}`, body: { book_original_title: 5 }, expected: [400, 404] },
      { label: 'bad id, bad body', method: 'POST', path: '/api/books/-1/editions', body: { isbn: 'nope' }, expected: [400] },
      { label: 'missing parent, bad body', method: 'POST', path: `/api/books/${MISSING_ID}/editions`, body: { isbn: 'nope' }, expected: [400, 404] },
      { label: 'bad id, bad body', method: 'PUT', path: '/api/authors/1.5', body: { author_name: [] }, expected: [400] },
    ]);
  });
});

describe('bad query parameters on list routes', () => {
  const lists = (): string[] => ['/api/books', '/api/authors', `/api/books/${bookId}/editions`];

  it('refuses bad per_page, cursor and q with 400; odd but harmless q values never cause a 5xx', async () => {
    const cases: Case[] = [];
    for (const path of lists()) {
      const add = (query: string, expected: number[]) =>
        cases.push({ label: query.length > 50 ? `${query.slice(0, 47)}...` : query, method: 'GET', path: `${path}?${query}`, expected });
      for (const perPage of ['abc', '0', '101', '-1', '1.5', '', '1e2', '99999999999999999999']) add(`per_page=${perPage}`, [400]);
      add('per_page=5&per_page=6', [400]);
      add('cursor=garbage', [400]);
      add('cursor=', [400]);
      add(`cursor=${'a'.repeat(600)}`, [400]);
      add('cursor=a&cursor=b', [400]);
      add(`cursor=${encodeURIComponent(NUL)}`, [400]);
      if (path !== lists()[2]) {
        add(`q=${'q'.repeat(10_000)}`, [400]);
        add('q=one&q=two', [400]);
        // Harmless for a search: may be refused or simply match nothing, but never a 5xx.
        add('q=abc%00def', [200, 400]);
        add('q=%E0%A4%A', [200, 400]);
        add(`q=${encodeURIComponent("'; drop table book; --")}`, [200]);
        add(`q=${encodeURIComponent('%_\\')}`, [200]);
      }
    }
    cases.push({ label: 'q of 2 characters', method: 'GET', path: '/api/authors?q=ab', expected: [400] });
    cases.push({ label: 'q of 2 characters padded', method: 'GET', path: `/api/authors?q=${encodeURIComponent('  ab  ')}`, expected: [400] });
    await runCases(cases);
  });
});

describe('afterwards', () => {
  it('still serves the original rows unchanged', async () => {
    expect((await t.call('GET', `/api/books/${bookId}`)).body).toMatchObject({ book_original_title: 'Original Book', author_ids: [authorId] });
    expect((await t.call('GET', `/api/authors/${authorId}`)).body).toMatchObject({ author_name: 'Original Author', aliases: ['O. Author'] });
    expect((await t.call('GET', `/api/editions/${editionId}`)).body).toMatchObject({ isbn: '9780306406157', format: 'hardcover' });
  });

  it('recorded no api_error, so no request in this file was answered with a 5xx', async () => {
    // Flushed every 50 ms in tests; wait a few periods so late events are in the table too.
    await new Promise((r) => setTimeout(r, 300));
    const rows = await t.db.sql<{ log_detail: { endpoint: string; status: number; message: string } }>(
      "select log_detail from log where log_event = 'api_error' order by log_id",
    );
    expect(rows.map((r) => `${r.log_detail.status} ${r.log_detail.endpoint}: ${String(r.log_detail.message).slice(0, 100)}`)).toEqual([]);
  });
});
