// The isolation matrix: user B calls every user-scoped route with user A's ids. Every answer is 404 not_found
// (never 403, never A's data), B's listings never show A's rows, and A's data is unchanged afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createBook, createEdition, expectError, insertAlert, storeIdOf, userIdOf, walkPages } from './user-space-helpers.js';

let t: TestService;
let tokenA: string;
let tokenB: string;
let userA: number;
let userB: number;
const a = { wishId: 0, listId: 0, listToken: '', languageId: 0, alertId: 0, bookId: 0 };

/** Everything A can read through the API, as full JSON. */
async function viewOfA(): Promise<Record<string, unknown>> {
  const get = async (path: string, token: string | null = tokenA) => {
    const res = await t.call('GET', path, { token });
    expect(res.status, `${path}: ${res.text.slice(0, 200)}`).toBe(200);
    return res.body;
  };
  return {
    wishes: await get('/api/wishes?per_page=100'),
    lists: await get('/api/lists?per_page=100'),
    list: await get(`/api/lists/${a.listId}`),
    publicList: await get(`/api/lists/${a.listToken}`, null),
    preferences: await get('/api/user/preferences'),
    languages: await get('/api/user/preferences/languages?per_page=100'),
    alerts: await get('/api/alerts?per_page=100'),
    stores: await get('/api/user/stores?per_page=100'),
  };
}

/** A's rows in every user-scoped table, as text. */
async function rowsOfA(): Promise<Record<string, unknown>> {
  const [row] = await t.db.sql(
    `select
      (select string_agg(x::text, '|' order by x.wish_id) from wish x where x.user_id = $1) as wish,
      (select string_agg(x::text, '|' order by x.list_id) from book_list x where x.user_id = $1) as book_list,
      (select string_agg(i::text, '|' order by i.list_id, i.position) from book_list_item i
         join book_list l on l.list_id = i.list_id where l.user_id = $1) as book_list_item,
      (select string_agg(x::text, '|' order by x.language_id) from user_language x where x.user_id = $1) as user_language,
      (select string_agg(x::text, '|') from user_preferences x where x.user_id = $1) as user_preferences,
      (select string_agg(x::text, '|' order by x.alert_id) from alert x where x.user_id = $1) as alert`,
    [userA],
  );
  return row!;
}

beforeAll(async () => {
  t = await startTestService();
  tokenA = t.token('isolation-a', { email: 'a@example.org' });
  tokenB = t.token('isolation-b', { email: 'b@example.org' });
  userA = await userIdOf(t, 'isolation-a', tokenA);
  userB = await userIdOf(t, 'isolation-b', tokenB);
  expect(userA).not.toBe(userB);

  // A creates one of everything.
  a.bookId = await createBook(t, 'Shared Catalog Book');
  const editionId = await createEdition(t, a.bookId, 'paperback');
  const wish = await t.call('POST', '/api/wishes', { token: tokenA, body: { book_id: a.bookId, max_price: { amount: '10', currency: 'EUR' } } });
  expect(wish.status).toBe(201);
  a.wishId = wish.body.wish_id;
  const list = await t.call('POST', '/api/lists', { token: tokenA, body: { list_name: "A's list", book_ids: [a.bookId] } });
  expect(list.status).toBe(201);
  a.listId = list.body.list_id;
  a.listToken = list.body.token;
  const [lang] = await t.db.sql<{ language_id: string }>("select language_id from language where language_code = 'it'");
  a.languageId = Number(lang!.language_id);
  expect((await t.call('POST', '/api/user/preferences/languages', { token: tokenA, body: { language_id: a.languageId } })).status).toBe(201);
  const prefs = await t.call('PUT', '/api/user/preferences', { token: tokenA, body: { country: 'DE', currency: 'EUR', formats: ['paperback'], alert_email: true } });
  expect(prefs.status).toBe(200);
  a.alertId = await insertAlert(t, {
    userId: userA, wishId: a.wishId, bookId: a.bookId, editionId, storeId: await storeIdOf(t, 'demo-buchhandlung'),
    kind: 'below_max_price', amountMinor: 950,
  });
});
afterAll(async () => {
  await t.stop();
});

describe('user B with user A ids', () => {
  it('answers 404 not_found on every user-scoped route, and A sees exactly the same data afterwards', async () => {
    const viewBefore = await viewOfA();
    const rowsBefore = await rowsOfA();
    expect(Object.values(rowsBefore).every((v) => v !== null), JSON.stringify(rowsBefore)).toBe(true);

    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/api/lists/${a.listId}`],
      ['DELETE', `/api/lists/${a.listId}`],
      ['PATCH', `/api/wishes/${a.wishId}`, { is_monitored: false }],
      ['PATCH', `/api/wishes/${a.wishId}`, { max_price: null }],
      ['PATCH', `/api/wishes/${a.wishId}`, { is_monitored: false, max_price: { amount: '1', currency: 'EUR' } }],
      ['DELETE', `/api/wishes/${a.wishId}`],
      ['DELETE', `/api/user/preferences/languages/${a.languageId}`],
      ['PATCH', `/api/alerts/${a.alertId}`, { is_read: true }],
      ['PATCH', `/api/alerts/${a.alertId}`, { is_read: false }],
    ];
    const problems: string[] = [];
    for (const [method, path, body] of attempts) {
      const res = await t.call(method, path, { token: tokenB, body });
      if (res.status !== 404 || res.body?.error !== 'not_found') problems.push(`${method} ${path}: ${res.status} ${res.text.slice(0, 200)}`);
      if (res.text.includes(a.listToken) || res.text.includes('a@example.org') || res.text.includes('isolation-a')) {
        problems.push(`${method} ${path}: leaks A's data: ${res.text.slice(0, 200)}`);
      }
    }
    // GET /api/wishes/:id is not in the seed's route table, so it is 405 for every id; what matters is that
    // B's answer for A's wish is the answer for a wish that does not exist (no existence leak, no data).
    const getWish = await t.call('GET', `/api/wishes/${a.wishId}`, { token: tokenB });
    const getMissing = await t.call('GET', '/api/wishes/987654321', { token: tokenB });
    if (![404, 405].includes(getWish.status) || getWish.status !== getMissing.status || getWish.body?.error !== getMissing.body?.error) {
      problems.push(`GET /api/wishes/:id: ${getWish.status} ${getWish.text.slice(0, 200)} vs missing id ${getMissing.status}`);
    }
    if (getWish.text.includes('"wish_id"')) problems.push(`GET /api/wishes/:id shows a wish: ${getWish.text.slice(0, 200)}`);
    expect(problems).toEqual([]);

    // A's side: unchanged, through the API and in the database.
    expect(await viewOfA()).toEqual(viewBefore);
    expect(await rowsOfA()).toEqual(rowsBefore);
  });

  it("never shows A's rows in B's own listings; B's singleton is B's own", async () => {
    const wishes = await walkPages<{ wish_id: number }>(t, '/api/wishes', tokenB);
    const lists = await walkPages<{ list_id: number; token: string }>(t, '/api/lists', tokenB);
    const languages = await walkPages<{ language_id: number }>(t, '/api/user/preferences/languages', tokenB);
    const alerts = await walkPages<{ alert_id: number }>(t, '/api/alerts', tokenB);
    // The filters stay scoped to the caller: A's wished book and A's unread alert are not B's.
    const wishOfABook = await walkPages<{ wish_id: number }>(t, `/api/wishes?book_id=${a.bookId}`, tokenB);
    const unread = await walkPages<{ alert_id: number }>(t, '/api/alerts?is_read=false', tokenB);
    const read = await walkPages<{ alert_id: number }>(t, '/api/alerts?is_read=true', tokenB);
    expect(wishOfABook).toEqual([]);
    expect(unread).toEqual([]);
    expect(read).toEqual([]);
    expect(wishes).toEqual([]);
    expect(lists).toEqual([]);
    expect(languages).toEqual([]);
    expect(alerts).toEqual([]);
    const prefs = await t.call('GET', '/api/user/preferences', { token: tokenB });
    expect(prefs.body).toMatchObject({ country: null, currency: 'EUR', alert_email: false });
    expect(prefs.body.formats).toHaveLength(4);
  });

  it('lets B own the same book and language independently (no cross-user conflict), still isolated', async () => {
    const viewBefore = await viewOfA();
    const rowsBefore = await rowsOfA();

    const wish = await t.call('POST', '/api/wishes', { token: tokenB, body: { book_id: a.bookId } });
    expect(wish.status, wish.text).toBe(201);
    expect(wish.body.wish_id).not.toBe(a.wishId);
    expect((await t.call('POST', '/api/user/preferences/languages', { token: tokenB, body: { language_id: a.languageId } })).status).toBe(201);
    const list = await t.call('POST', '/api/lists', { token: tokenB, body: { list_name: "B's list", book_ids: [a.bookId] } });
    expect(list.status).toBe(201);
    expect((await t.call('PUT', '/api/user/preferences', { token: tokenB, body: { country: 'GB', currency: 'GBP', formats: ['ebook'] } })).status).toBe(200);
    const bAlert = await insertAlert(t, {
      userId: userB, wishId: wish.body.wish_id, bookId: a.bookId,
      editionId: Number((await t.db.sql<{ edition_id: string }>('select edition_id from edition where book_id = $1', [a.bookId]))[0]!.edition_id),
      storeId: await storeIdOf(t, 'demo-corner-bookshop'), amountMinor: 1,
    });

    // B's own listings hold exactly B's rows.
    expect((await walkPages<{ wish_id: number }>(t, '/api/wishes', tokenB)).map((w) => w.wish_id)).toEqual([wish.body.wish_id]);
    expect((await walkPages<{ list_id: number }>(t, '/api/lists', tokenB)).map((l) => l.list_id)).toEqual([list.body.list_id]);
    expect((await walkPages<{ alert_id: number }>(t, '/api/alerts', tokenB)).map((x) => x.alert_id)).toEqual([bAlert]);

    // B removing its own language, wish and list, and marking its alert, leaves A's alone.
    expect((await t.call('PATCH', `/api/alerts/${bAlert}`, { token: tokenB, body: { is_read: true } })).status).toBe(204);
    expect((await t.call('DELETE', `/api/user/preferences/languages/${a.languageId}`, { token: tokenB })).status).toBe(204);
    expect((await t.call('DELETE', `/api/lists/${list.body.list_id}`, { token: tokenB })).status).toBe(204);
    expect((await t.call('DELETE', `/api/wishes/${wish.body.wish_id}`, { token: tokenB })).status).toBe(204);

    // A's ids are still 404 for B, and A's data is unchanged.
    expectError(await t.call('DELETE', `/api/user/preferences/languages/${a.languageId}`, { token: tokenB }), 404, 'not_found');
    expectError(await t.call('GET', `/api/lists/${a.listId}`, { token: tokenB }), 404, 'not_found');
    expect(await viewOfA()).toEqual(viewBefore);
    expect(await rowsOfA()).toEqual(rowsBefore);
  });

  it('gives A (the owner) the same ids normally', async () => {
    expect((await t.call('GET', `/api/lists/${a.listId}`, { token: tokenA })).body.list_id).toBe(a.listId);
    expect((await t.call('PATCH', `/api/alerts/${a.alertId}`, { token: tokenA, body: { is_read: true } })).status).toBe(204);
    expect((await t.call('PATCH', `/api/wishes/${a.wishId}`, { token: tokenA, body: { is_monitored: false } })).status).toBe(204);
    const [alert] = await t.db.sql<{ is_read: boolean }>('select is_read from alert where alert_id = $1', [a.alertId]);
    expect(alert!.is_read).toBe(true);
  });
});
