// Bad input on every user-space and reference route: the answer is 400 or 404 (415 for a wrong media type,
// 401 without a token), never 5xx, always an `{error, message}` error body, and nothing stored changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Case, LONG, MAX_SAFE, MISSING_ID, NUL, raw, runCases as runCasesOn, serialize, short } from '../../support/bad-input-cases.js';
import { startTestService, type ApiResponse, type TestService } from '../../support/test-service.js';
import { createBook, createEdition, insertAlert, storeIdOf, userIdOf } from './user-space-helpers.js';

let t: TestService;
let bookId: number;
let freeBookId: number;
let wishId: number;
let alertId: number;
let languageId: number;
let freeLanguageId: number;
let listId: number;

/** Every user-space row (and the catalog rows a user route could touch), as digests. */
async function snapshot(): Promise<unknown> {
  const [row] = await t.db.sql(`select
    (select count(*)::int from app_user) as users,
    (select count(*)::int from book) as books,
    (select md5(coalesce(string_agg(x::text, '|' order by x.user_id), '')) from user_preferences x) as preferences,
    (select md5(coalesce(string_agg(x::text, '|' order by x.user_id, x.language_id), '')) from user_language x) as languages,
    (select md5(coalesce(string_agg(x::text, '|' order by x.wish_id), '')) from wish x) as wishes,
    (select md5(coalesce(string_agg(x::text, '|' order by x.list_id), '')) from book_list x) as lists,
    (select md5(coalesce(string_agg(x::text, '|' order by x.list_id, x.position), '')) from book_list_item x) as list_items,
    (select md5(coalesce(string_agg(x::text, '|' order by x.alert_id), '')) from alert x) as alerts,
    (select md5(coalesce(string_agg(x::text, '|' order by x.store_id), '')) from store x) as stores`);
  return row;
}

const runCases = (cases: Case[]): Promise<void> => runCasesOn(t, snapshot, cases);

// --- value sets ---

const NOT_STRINGS: unknown[] = [123, true, { a: 1 }, [], ['x']];
const NOT_BOOLEANS: unknown[] = ['true', 'false', 1, 0, null, {}, [], [true], 'yes', ''];
const BAD_ID_VALUES: unknown[] = [
  'abc', '1', -1, 0, 1.5, 1e20, true, {}, [1], raw('99999999999999999999'), raw('9007199254740993'), raw('1e400'), LONG, NUL,
];
const requiredId = (): unknown[] => [...BAD_ID_VALUES, null, MISSING_ID, MAX_SAFE];
const badAmounts: unknown[] = [
  12.99, 0, null, true, ['12.99'], {}, '', ' ', '-1', '-0.01', '+1', '1e3', '0x10', 'abc', '1,50', '12.', '.5', '12.999', '1.2.3',
  'Infinity', 'NaN', '1234567890123', '１２', '٣', LONG, NUL, '1 2',
];
const badCurrencies: unknown[] = [null, 12, true, ['EUR'], {}, '', 'EU', 'EURO', 'ZZZ', 'E1R', LONG, NUL];
const badMaxPrices = (): unknown[] => [
  '12.99', 12.99, true, [], ['12.99', 'EUR'], {}, { amount: '12.99' }, { currency: 'EUR' },
  { amount: '12.99', currency: 'EUR', extra: 1 }, { amount: '12.99', currency: 'EUR', amount_minor: 1299 },
  ...badAmounts.map((amount) => ({ amount, currency: 'EUR' })),
  ...badCurrencies.map((currency) => ({ amount: '12.99', currency })),
  { amount: '1500.5', currency: 'JPY' },
];
const badListNames = (): unknown[] => [...NOT_STRINGS, null, '', '   ', '\n\t', 'x'.repeat(201), LONG, NUL];
const badBookIds = (): unknown[] => [
  'abc', 1, {}, null, bookId,
  ['abc'], ['1'], [-1], [0], [1.5], [1e20], [raw('99999999999999999999')], [raw('9007199254740993')], [null], [[bookId]], [{}],
  [bookId, bookId],
  Array.from({ length: 1001 }, (_, i) => i + 1),
  [MISSING_ID],
  [MAX_SAFE],
  [bookId, MISSING_ID],
];
const badCountries: unknown[] = [...NOT_STRINGS, '', 'D', 'DEU', ' DE', 'D1', 'XX', 'ZZ', 'ÄÖ', LONG, NUL];
const badPrefCurrencies: unknown[] = [null, ...NOT_STRINGS, '', 'EU', 'EURO', 'ZZZ', ' EUR', LONG, NUL];
const badFormats = (): unknown[] => [
  null, 'ebook', {}, [], ['kindle'], ['Ebook'], ['ebook '], [1], [null], [['ebook']], [LONG], [NUL],
  ['ebook', 'ebook', 'ebook', 'ebook', 'ebook'], ['hardcover', 'paperback', 'ebook', 'audiobook', 'scroll'],
];

interface BodyRoute {
  name: string;
  method: string;
  path: () => string;
  valid: () => Record<string, unknown>;
  fields: Record<string, () => unknown[]>;
  required: string[];
  /** Status of the baseline body. */
  ok: number;
  /** Puts things back after the baseline body was accepted. */
  undo?: (res: ApiResponse) => Promise<void>;
}

const bodyRoutes: BodyRoute[] = [
  {
    name: 'POST /api/wishes',
    method: 'POST',
    path: () => '/api/wishes',
    valid: () => ({ book_id: freeBookId, is_monitored: true, max_price: { amount: '12.99', currency: 'EUR' } }),
    fields: { book_id: requiredId, is_monitored: () => NOT_BOOLEANS, max_price: badMaxPrices },
    required: ['book_id'],
    ok: 201,
    undo: async (res) => void (await t.call('DELETE', `/api/wishes/${res.body.wish_id}`)),
  },
  {
    name: 'PATCH /api/wishes/:id',
    method: 'PATCH',
    path: () => `/api/wishes/${wishId}`,
    valid: () => ({ is_monitored: true, max_price: { amount: '20', currency: 'EUR' } }),
    fields: { is_monitored: () => NOT_BOOLEANS, max_price: badMaxPrices },
    required: [],
    ok: 204,
  },
  {
    name: 'POST /api/lists',
    method: 'POST',
    path: () => '/api/lists',
    valid: () => ({ list_name: 'Valid list', book_ids: [bookId] }),
    fields: { list_name: badListNames, book_ids: badBookIds },
    required: ['list_name', 'book_ids'],
    ok: 201,
    undo: async (res) => void (await t.call('DELETE', `/api/lists/${res.body.list_id}`)),
  },
  {
    name: 'PUT /api/user/preferences',
    method: 'PUT',
    path: () => '/api/user/preferences',
    valid: () => ({ country: 'DE', currency: 'EUR', formats: ['ebook', 'paperback'], alert_email: true }),
    fields: { country: () => badCountries, currency: () => badPrefCurrencies, formats: badFormats, alert_email: () => NOT_BOOLEANS },
    required: [],
    ok: 200,
  },
  {
    name: 'POST /api/user/preferences/languages',
    method: 'POST',
    path: () => '/api/user/preferences/languages',
    valid: () => ({ language_id: freeLanguageId }),
    fields: { language_id: requiredId },
    required: ['language_id'],
    ok: 201,
    undo: async () => void (await t.call('DELETE', `/api/user/preferences/languages/${freeLanguageId}`)),
  },
  {
    name: 'PATCH /api/alerts/:id',
    method: 'PATCH',
    path: () => `/api/alerts/${alertId}`,
    valid: () => ({ is_read: false }),
    fields: { is_read: () => NOT_BOOLEANS },
    required: ['is_read'],
    ok: 204,
  },
];

beforeAll(async () => {
  t = await startTestService();
  const userId = await userIdOf(t, 'alice');
  bookId = await createBook(t, 'Bad Input Book');
  freeBookId = await createBook(t, 'Never Wished Book');
  const editionId = await createEdition(t, bookId);
  const wish = await t.call('POST', '/api/wishes', { body: { book_id: bookId } });
  wishId = wish.body.wish_id;
  const list = await t.call('POST', '/api/lists', { body: { list_name: 'Bad input list', book_ids: [bookId] } });
  listId = list.body.list_id;
  const langs = await t.db.sql<{ language_id: string }>("select language_id from language where language_code in ('en', 'fr') order by language_code");
  languageId = Number(langs[0]!.language_id);
  freeLanguageId = Number(langs[1]!.language_id);
  const lang = await t.call('POST', '/api/user/preferences/languages', { body: { language_id: languageId } });
  const prefs = await t.call('PUT', '/api/user/preferences', { body: { country: 'FR', currency: 'EUR', formats: ['hardcover'], alert_email: false } });
  expect([wish.status, list.status, lang.status, prefs.status]).toEqual([201, 201, 201, 200]);
  alertId = await insertAlert(t, { userId, wishId, bookId, editionId, storeId: await storeIdOf(t, 'demo-paperback-palace'), amountMinor: 1000 });
});

afterAll(async () => {
  await t.stop();
});

describe('valid bodies are accepted (so every refusal below is caused by the bad part alone)', () => {
  it('accepts the baseline body on every body route', async () => {
    for (const route of bodyRoutes) {
      const res = await t.call(route.method, route.path(), { body: route.valid() });
      expect(res.status, `${route.name}: ${res.text}`).toBe(route.ok);
      await route.undo?.(res);
    }
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

    it(`${route.name}: missing required fields, unknown fields`, async () => {
      const cases: Case[] = route.required.map((field) => {
        const body = route.valid();
        delete body[field];
        return { label: `without ${field}`, method: route.method, path: route.path(), body, expected: [400] };
      });
      for (const [label, extra] of [
        ['unknown field', { colour: 'blue' }],
        ['user_id smuggled in', { user_id: 1 }],
        ['subject smuggled in', { subject: 'bob' }],
        ['id field smuggled in', { wish_id: 1, list_id: 1, alert_id: 1 }],
        ['10 kB unknown key', { [LONG]: 1 }],
      ] as const) {
        cases.push({ label, method: route.method, path: route.path(), body: { ...route.valid(), ...extra }, expected: [400] });
      }
      cases.push({ label: 'only unknown fields', method: route.method, path: route.path(), body: { nothing: 'useful' }, expected: [400] });
      await runCases(cases);
    });

    it(`${route.name}: bodies that are not one JSON object`, async () => {
      const json = { 'content-type': 'application/json' };
      const valid = serialize(route.valid());
      const variants: Array<[string, string | Buffer | undefined, Record<string, string>, number[]]> = [
        ['null', 'null', json, [400]],
        ['empty array', '[]', json, [400]],
        ['array holding a valid body', `[${valid}]`, json, [400]],
        ['string', '"text"', json, [400]],
        ['number', '123', json, [400]],
        ['true', 'true', json, [400]],
        ['empty body', '', json, [400]],
        ['no body at all', undefined, {}, [400]],
        ['truncated JSON', valid.slice(0, -1), json, [400]],
        ['10 kB of garbage', LONG, json, [400]],
        ['__proto__ key', valid.replace(/^\{/, '{"__proto__":{"admin":true},'), json, [400]],
        ['valid body as text/plain', valid, { 'content-type': 'text/plain' }, [415]],
        ['valid body as form data', valid, { 'content-type': 'application/x-www-form-urlencoded' }, [415]],
      ];
      // `{}` is a valid PUT (it names no change), so for the PUT the empty object and the empty body are left to
      // the dedicated test below.
      if (route.method === 'PUT') variants.splice(variants.findIndex(([label]) => label === 'empty body'), 1);
      else variants.push(['empty object', '{}', json, [400]]);
      await runCases(
        variants.map(([label, rawBody, headers, expected]) => ({ label, method: route.method, path: route.path(), rawBody, headers, expected })),
      );
    });
  }
});

describe('empty bodies', () => {
  it('PUT /api/user/preferences: an empty body labelled JSON is not JSON (400, like no body), and stores nothing', async () => {
    await runCases([
      { label: 'no body at all', method: 'PUT', path: '/api/user/preferences', expected: [400] },
      { label: 'empty body', method: 'PUT', path: '/api/user/preferences', rawBody: '', headers: { 'content-type': 'application/json' }, expected: [400] },
    ]);
  });
});

describe('bad ids in paths', () => {
  const BAD_PATH_IDS = [
    'abc', '-1', '0', '00', '-0', '1.5', '99999999999999999999', '9999999999999999', '1e3', '0x1', '%201', '1%20', '1%00',
    '%E0%A4%A', '%', 'x'.repeat(10_000), '1,2', 'null', 'NaN', '%2F1', '1;drop table wish',
  ];

  const idRoutes = (): Array<{ method: string; path: (id: string) => string; body?: () => unknown }> => [
    { method: 'PATCH', path: (id) => `/api/wishes/${id}`, body: () => ({ is_monitored: false }) },
    { method: 'DELETE', path: (id) => `/api/wishes/${id}` },
    { method: 'DELETE', path: (id) => `/api/lists/${id}` },
    { method: 'DELETE', path: (id) => `/api/user/preferences/languages/${id}` },
    { method: 'PATCH', path: (id) => `/api/alerts/${id}`, body: () => ({ is_read: true }) },
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

  it('GET /api/lists/:x with odd ids and tokens: 400 or 404, never a list, never a 5xx', async () => {
    const cases: Case[] = [];
    for (const x of [...BAD_PATH_IDS.filter((id) => id !== '1%00'), String(MISSING_ID), String(MAX_SAFE), '..', '%2E%2E', '%20', 'a'.repeat(128), 'a'.repeat(129), "' or 1=1 --"]) {
      cases.push({ label: `x=${short(x)} with JWT`, method: 'GET', path: `/api/lists/${x}`, expected: [400, 404] });
      // Without a JWT an all-digit x is an id, which needs one.
      cases.push({ label: `x=${short(x)} without JWT`, method: 'GET', path: `/api/lists/${x}`, token: null, expected: /^\d+$/.test(x) ? [401] : [400, 404] });
    }
    await runCases(cases);
  });

  it('GET /api/lists/:x with a NUL character in x: 404 (no list has that token), not 500', async () => {
    await runCases(
      ['1%00', 'abc%00', `${'A'.repeat(31)}%00`].flatMap((x): Case[] => [
        { label: `x=${x} with JWT`, method: 'GET', path: `/api/lists/${x}`, expected: [400, 404] },
        { label: `x=${x} without JWT`, method: 'GET', path: `/api/lists/${x}`, token: null, expected: [400, 404] },
      ]),
    );
  });

  it('checks the path before the body: a bad id with a bad body is still a client error', async () => {
    await runCases([
      { label: 'bad id, bad body', method: 'PATCH', path: '/api/wishes/abc', body: { is_monitored: 'no' }, expected: [400] },
      { label: 'missing id, bad body', method: 'PATCH', path: `/api/wishes/${MISSING_ID}`, body: { is_monitored: 'no' }, expected: [400, 404] },
      { label: 'bad id, bad body', method: 'PATCH', path: '/api/alerts/-1', body: { is_read: 1 }, expected: [400] },
      { label: 'missing id, empty body', method: 'PATCH', path: `/api/alerts/${MISSING_ID}`, body: {}, expected: [400, 404] },
    ]);
  });
});

describe('bad query parameters', () => {
  const lists = [
    '/api/wishes', '/api/lists', '/api/alerts', '/api/user/preferences/languages',
    '/api/stores', '/api/user/stores', '/api/languages', '/api/types', '/api/genres',
  ];

  it('refuses bad per_page and cursor with 400 on every list route', async () => {
    const cases: Case[] = [];
    for (const path of lists) {
      const add = (query: string) => cases.push({ label: query.length > 50 ? `${query.slice(0, 47)}...` : query, method: 'GET', path: `${path}?${query}`, expected: [400] });
      for (const perPage of ['abc', '0', '101', '-1', '1.5', '', '1e2', '99999999999999999999']) add(`per_page=${perPage}`);
      add('per_page=5&per_page=6');
      add('cursor=garbage');
      add('cursor=');
      add(`cursor=${'a'.repeat(600)}`);
      add('cursor=a&cursor=b');
      add(`cursor=${encodeURIComponent(NUL)}`);
    }
    await runCases(cases);
  });

  it('refuses bad type_id and genre_id filters with 400', async () => {
    const cases: Case[] = [];
    for (const bad of ['abc', '0', '-1', '1.5', '', '99999999999999999999', String(MISSING_ID), String(MAX_SAFE), LONG, encodeURIComponent(NUL)]) {
      cases.push({ label: `genres type_id=${short(bad)}`, method: 'GET', path: `/api/genres?type_id=${bad}`, expected: [400] });
      cases.push({ label: `ontology type_id=${short(bad)}`, method: 'GET', path: `/api/ontology?type_id=${bad}`, expected: [400] });
      cases.push({ label: `ontology genre_id=${short(bad)}`, method: 'GET', path: `/api/ontology?genre_id=${bad}`, expected: [400] });
    }
    cases.push({ label: 'repeated type_id', method: 'GET', path: '/api/ontology?type_id=1&type_id=2', expected: [400] });
    await runCases(cases);
  });

  it('refuses bad is_read (alerts) and book_id (wishes) filters with 400, alone and beside a valid per_page', async () => {
    const cases: Case[] = [];
    for (const bad of ['1', '0', 'yes', 'no', 'TRUE', 'False', '', '%20true', 'true%20', 'null', 'undefined', LONG, encodeURIComponent(NUL), 'true&is_read=true', 'true&is_read=false']) {
      cases.push({ label: `alerts is_read=${short(bad)}`, method: 'GET', path: `/api/alerts?is_read=${bad}`, expected: [400] });
      cases.push({ label: `alerts is_read=${short(bad)} per_page=1`, method: 'GET', path: `/api/alerts?per_page=1&is_read=${bad}`, expected: [400] });
    }
    for (const bad of ['abc', '0', '00', '-1', '1.5', '', '1e3', '0x1', '99999999999999999999', '9007199254740993', LONG, encodeURIComponent(NUL), `${bookId}&book_id=${bookId}`, 'true']) {
      cases.push({ label: `wishes book_id=${short(bad)}`, method: 'GET', path: `/api/wishes?book_id=${bad}`, expected: [400] });
      cases.push({ label: `wishes book_id=${short(bad)} per_page=1`, method: 'GET', path: `/api/wishes?per_page=1&book_id=${bad}`, expected: [400] });
    }
    await runCases(cases);
    // Every one of them names the filter in details[0].field.
    for (const path of ['/api/alerts?is_read=yes', '/api/alerts?is_read=', '/api/wishes?book_id=abc', '/api/wishes?book_id=0']) {
      const res = await t.call('GET', path);
      expect(res.status, path).toBe(400);
      expect(res.body.details[0].field, path).toBe(path.includes('alerts') ? 'is_read' : 'book_id');
    }
    // The well-formed values are accepted: a missing book is an empty page, not 404.
    for (const path of ['/api/alerts?is_read=true', '/api/alerts?is_read=false', `/api/wishes?book_id=${bookId}`, `/api/wishes?book_id=${MISSING_ID}`, `/api/wishes?book_id=${MAX_SAFE}`]) {
      expect((await t.call('GET', path)).status, path).toBe(200);
    }
  });
});

describe('authentication comes first', () => {
  it('answers 401 on every user route without a token, even with a bad body, storing nothing', async () => {
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/wishes'], ['POST', '/api/wishes', { book_id: 'x' }], ['PATCH', `/api/wishes/${wishId}`, { is_monitored: 1 }],
      ['DELETE', `/api/wishes/${wishId}`], ['GET', '/api/lists'], ['POST', '/api/lists', { list_name: 5 }],
      ['GET', `/api/lists/${listId}`], ['DELETE', `/api/lists/${listId}`], ['GET', '/api/user/preferences'],
      ['PUT', '/api/user/preferences', { country: 'XX' }], ['GET', '/api/user/preferences/languages'],
      ['POST', '/api/user/preferences/languages', { language_id: -1 }], ['DELETE', `/api/user/preferences/languages/${languageId}`],
      ['GET', '/api/alerts'], ['PATCH', `/api/alerts/${alertId}`, { is_read: 'x' }], ['GET', '/api/stores'], ['GET', '/api/user/stores'],
      ['GET', '/api/languages'], ['GET', '/api/types'], ['GET', '/api/genres'], ['GET', '/api/ontology'],
    ];
    await runCases(routes.map(([method, path, body]) => ({ label: 'no token', method, path, body, token: null, expected: [401] })));
    await runCases(routes.map(([method, path, body]) => ({ label: 'garbage token', method, path, body, token: 'not.a.jwt', expected: [401] })));
  });
});
