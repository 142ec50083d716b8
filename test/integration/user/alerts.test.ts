// User alerts: only the caller's, newest first, paginated; PATCH {is_read} → 204.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createBook, createEdition, expectError, insertAlert, ISO_TIMESTAMP, storeIdOf, userIdOf, walkPages } from './user-space-helpers.js';

let t: TestService;
let alice: number;
let bob: number;
let bookId: number;
let editionId: number;
let storeId: number;
let aliceWish: number;
let bobWish: number;
const aliceAlerts: number[] = [];
let bobAlert: number;

beforeAll(async () => {
  t = await startTestService();
  alice = await userIdOf(t, 'alice');
  bob = await userIdOf(t, 'bob');
  bookId = await createBook(t, 'Alerting Book');
  editionId = await createEdition(t, bookId, 'hardcover');
  storeId = await storeIdOf(t, 'demo-paperback-palace');
  aliceWish = (await t.call('POST', '/api/wishes', { body: { book_id: bookId } })).body.wish_id;
  bobWish = (await t.call('POST', '/api/wishes', { token: t.token('bob'), body: { book_id: bookId } })).body.wish_id;
  const base = { bookId, editionId, storeId };
  aliceAlerts.push(
    await insertAlert(t, { ...base, userId: alice, wishId: aliceWish, kind: 'below_max_price', amountMinor: 1299, createdAt: '2026-11-01T03:00:00Z' }),
    await insertAlert(t, { ...base, userId: alice, wishId: aliceWish, kind: 'price_drop', amountMinor: 1199, previousMinor: 1299, createdAt: '2026-11-02T03:00:00Z' }),
    await insertAlert(t, { ...base, userId: alice, wishId: aliceWish, kind: 'new_lowest', amountMinor: 1500, currency: 'JPY', createdAt: '2026-11-03T03:00:00Z' }),
  );
  bobAlert = await insertAlert(t, { ...base, userId: bob, wishId: bobWish, kind: 'back_in_stock', amountMinor: 999, createdAt: '2026-11-02T12:00:00Z' });
  aliceAlerts.push(
    await insertAlert(t, { ...base, userId: alice, wishId: aliceWish, kind: 'back_in_stock', amountMinor: 5, createdAt: '2026-11-04T03:00:00Z' }),
  );
});
afterAll(async () => {
  await t.stop();
});

describe('listing alerts', () => {
  it("lists only the caller's alerts, newest first, with every documented field", async () => {
    const res = await t.call('GET', '/api/alerts');
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: { alert_id: number }) => a.alert_id)).toEqual([...aliceAlerts].reverse());
    const [newest, jpy, drop, below] = res.body.data;
    expect(below).toEqual({
      alert_id: aliceAlerts[0], wish_id: aliceWish, book_id: bookId, edition_id: editionId, store_id: storeId,
      alert_kind: 'below_max_price', amount: '12.99', currency: 'EUR', previous_amount: null, url: null, is_read: false,
      created_at: '2026-11-01T03:00:00.000Z',
    });
    expect(drop).toMatchObject({ alert_kind: 'price_drop', amount: '11.99', previous_amount: '12.99', currency: 'EUR' });
    expect(jpy).toMatchObject({ alert_kind: 'new_lowest', amount: '1500', currency: 'JPY' });
    expect(newest).toMatchObject({ alert_kind: 'back_in_stock', amount: '0.05' });
    for (const a of res.body.data) expect(a.created_at).toMatch(ISO_TIMESTAMP);
    const times = res.body.data.map((a: { created_at: string }) => a.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(res.body.data.map((a: { alert_id: number }) => a.alert_id)).not.toContain(bobAlert);

    const bobs = await t.call('GET', '/api/alerts', { token: t.token('bob') });
    expect(bobs.body.data.map((a: { alert_id: number }) => a.alert_id)).toEqual([bobAlert]);
    expect(bobs.body.data[0]).toMatchObject({ wish_id: bobWish, alert_kind: 'back_in_stock', amount: '9.99' });

    const none = await t.call('GET', '/api/alerts', { token: t.token('carol') });
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
  });

  it('pages newest first, and walking prev from last visits the same alerts', async () => {
    const forward = await walkPages<{ alert_id: number }>(t, '/api/alerts?per_page=1');
    expect(forward.map((a) => a.alert_id)).toEqual([...aliceAlerts].reverse());
    const first = await t.call('GET', '/api/alerts?per_page=3');
    expect(first.body.data).toHaveLength(3);
    const backward: number[] = [];
    let href: string | undefined = first.body._links.last.href;
    while (href) {
      const page = await t.call('GET', href);
      expect(page.status).toBe(200);
      backward.unshift(...page.body.data.map((a: { alert_id: number }) => a.alert_id));
      href = page.body._links.prev?.href;
    }
    expect(backward).toEqual([...aliceAlerts].reverse());
  });
});

describe('marking alerts read', () => {
  it('PATCH {is_read: true} answers 204 and the alert reads as read; false marks it unread again', async () => {
    const target = aliceAlerts[1]!;
    const isRead = async () => (await t.call('GET', '/api/alerts?per_page=100')).body.data.find((a: { alert_id: number }) => a.alert_id === target).is_read;
    const res = await t.call('PATCH', `/api/alerts/${target}`, { body: { is_read: true } });
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');
    expect(await isRead()).toBe(true);
    // The others are untouched.
    const others = (await t.call('GET', '/api/alerts?per_page=100')).body.data.filter((a: { alert_id: number }) => a.alert_id !== target);
    expect(others.every((a: { is_read: boolean }) => a.is_read === false)).toBe(true);
    // Idempotent.
    expect((await t.call('PATCH', `/api/alerts/${target}`, { body: { is_read: true } })).status).toBe(204);
    expect(await isRead()).toBe(true);
    expect((await t.call('PATCH', `/api/alerts/${target}`, { body: { is_read: false } })).status).toBe(204);
    expect(await isRead()).toBe(false);
    expect((await t.call('PATCH', `/api/alerts/${target}`, { body: { is_read: true } })).status).toBe(204);
  });

  it("answers 404 for an unknown alert and for another user's alert, changing nothing", async () => {
    expectError(await t.call('PATCH', '/api/alerts/987654321', { body: { is_read: true } }), 404, 'not_found');
    expectError(await t.call('PATCH', `/api/alerts/${bobAlert}`, { body: { is_read: true } }), 404, 'not_found');
    const [row] = await t.db.sql<{ is_read: boolean }>('select is_read from alert where alert_id = $1', [bobAlert]);
    expect(row!.is_read).toBe(false);
  });

  it('refuses a body without is_read or with anything else (400)', async () => {
    const path = `/api/alerts/${aliceAlerts[0]}`;
    expectError(await t.call('PATCH', path, { body: {} }), 400, 'validation_failed', 'is_read');
    expectError(await t.call('PATCH', path, { body: { is_read: 'true' } }), 400, 'validation_failed', 'is_read');
    expectError(await t.call('PATCH', path, { body: { is_read: true, alert_kind: 'price_drop' } }), 400, 'validation_failed', 'alert_kind');
    const [row] = await t.db.sql<{ is_read: boolean; alert_kind: string }>('select is_read, alert_kind from alert where alert_id = $1', [aliceAlerts[0]]);
    expect(row).toEqual({ is_read: false, alert_kind: 'below_max_price' });
  });

  it('needs a JWT', async () => {
    expectError(await t.call('GET', '/api/alerts', { token: null }), 401, 'unauthorized');
    expectError(await t.call('PATCH', `/api/alerts/${aliceAlerts[0]}`, { token: null, body: { is_read: true } }), 401, 'unauthorized');
  });
});

describe('filtering by is_read', () => {
  // A user of its own, so the marking tests above do not move these alerts.
  const reader = () => t.token('alert-reader');
  /** Oldest first: r0..r6. Read: r1, r3, r4. The two newest are unread, so an unfiltered cursor honoured with the
   *  filter would skip them, and the rule that such a cursor gives the first page is visible. */
  const all: number[] = [];
  const readIds = () => [all[4]!, all[3]!, all[1]!];
  const unreadIds = () => [all[6]!, all[5]!, all[2]!, all[0]!];
  const ids = (data: Array<{ alert_id: number }>) => data.map((a) => a.alert_id);
  const paramsOf = (href: string) => new URL(href, 'http://x').searchParams;

  beforeAll(async () => {
    const userId = await userIdOf(t, 'alert-reader');
    const book = await createBook(t, 'Filtered Alerts Book');
    const wish = await t.call('POST', '/api/wishes', { token: reader(), body: { book_id: book } });
    expect(wish.status, wish.text).toBe(201);
    for (let i = 0; i < 7; i++) {
      all.push(await insertAlert(t, {
        userId, wishId: wish.body.wish_id, bookId: book, editionId, storeId, amountMinor: 1000 + i,
        createdAt: `2026-12-0${i + 1}T03:00:00Z`,
      }));
    }
    for (const i of [1, 3, 4]) {
      expect((await t.call('PATCH', `/api/alerts/${all[i]}`, { token: reader(), body: { is_read: true } })).status).toBe(204);
    }
  });

  it('is_read=false lists exactly the unread alerts and is_read=true exactly the read ones, newest first', async () => {
    const unread = await t.call('GET', '/api/alerts?is_read=false&per_page=100', { token: reader() });
    expect(unread.status, unread.text).toBe(200);
    expect(ids(unread.body.data)).toEqual(unreadIds());
    expect(unread.body.data.every((a: { is_read: boolean }) => a.is_read === false)).toBe(true);
    const read = await t.call('GET', '/api/alerts?is_read=true&per_page=100', { token: reader() });
    expect(ids(read.body.data)).toEqual(readIds());
    expect(read.body.data.every((a: { is_read: boolean }) => a.is_read === true)).toBe(true);
    // Without the filter: all of them, as before.
    const everything = await t.call('GET', '/api/alerts?per_page=100', { token: reader() });
    expect(ids(everything.body.data)).toEqual([...all].reverse());
  });

  it('repeats is_read (and per_page) in every link, and walking next or prev visits each matching alert once', async () => {
    for (const [value, expected] of [['false', unreadIds()], ['true', readIds()]] as const) {
      const middle = await t.call('GET', `/api/alerts?is_read=${value}&per_page=1`, { token: reader() });
      const next = await t.call('GET', middle.body._links.next.href, { token: reader() });
      expect(next.status, next.text).toBe(200);
      const links = next.body._links as Record<string, { href: string }>;
      expect(Object.keys(links).sort()).toEqual(['first', 'last', 'next', 'prev', 'self']);
      for (const [name, link] of Object.entries(links)) {
        expect(paramsOf(link.href).get('is_read'), `${name}: ${link.href}`).toBe(value);
        expect(paramsOf(link.href).get('per_page'), `${name}: ${link.href}`).toBe('1');
      }
      const forward = await walkPages<{ alert_id: number }>(t, `/api/alerts?is_read=${value}&per_page=1`, reader());
      expect(ids(forward)).toEqual(expected);
      const backward: number[] = [];
      let href: string | undefined = middle.body._links.last.href;
      for (let guard = 0; href !== undefined && guard < 20; guard++) {
        const page = await t.call('GET', href, { token: reader() });
        expect(page.status, page.text).toBe(200);
        backward.unshift(...ids(page.body.data));
        href = page.body._links.prev?.href;
      }
      expect(backward).toEqual(expected);
    }
  });

  it('answers the first filtered page for a cursor made without the filter or with the other value', async () => {
    const unfiltered = await t.call('GET', '/api/alerts?per_page=2', { token: reader() });
    expect(ids(unfiltered.body.data)).toEqual([all[6], all[5]]);
    const cursor = paramsOf(unfiltered.body._links.next.href).get('cursor')!;
    expect(cursor).toBeTruthy();
    // Honoured, this cursor would answer the unread alerts after r5 (r2, r0); bound to the filters, it is ignored.
    const reused = await t.call('GET', `/api/alerts?is_read=false&per_page=2&cursor=${encodeURIComponent(cursor)}`, { token: reader() });
    expect(reused.status, reused.text).toBe(200);
    expect(ids(reused.body.data)).toEqual(unreadIds().slice(0, 2));
    expect(reused.body._links.prev).toBeUndefined();
    expect(reused.body._links.self.href).toBe(reused.body._links.first.href);
    expect(paramsOf(reused.body._links.first.href).get('cursor')).toBeNull();

    const readPage = await t.call('GET', '/api/alerts?is_read=true&per_page=1', { token: reader() });
    const readCursor = paramsOf(readPage.body._links.next.href).get('cursor')!;
    const otherValue = await t.call('GET', `/api/alerts?is_read=false&per_page=1&cursor=${encodeURIComponent(readCursor)}`, { token: reader() });
    expect(ids(otherValue.body.data)).toEqual([all[6]]);
    expect(otherValue.body._links.prev).toBeUndefined();
    const withoutFilter = await t.call('GET', `/api/alerts?per_page=1&cursor=${encodeURIComponent(readCursor)}`, { token: reader() });
    expect(ids(withoutFilter.body.data)).toEqual([all[6]]);
    expect(withoutFilter.body._links.prev).toBeUndefined();
  });

  it("never shows another user's alerts through the filter", async () => {
    const aliceUnread = await walkPages<{ alert_id: number }>(t, '/api/alerts?is_read=false&per_page=2');
    const aliceRead = await walkPages<{ alert_id: number }>(t, '/api/alerts?is_read=true&per_page=2');
    const alices = new Set([...aliceUnread, ...aliceRead].map((a) => a.alert_id));
    for (const id of [...all, bobAlert]) expect(alices.has(id), `alert ${id}`).toBe(false);
    expect([...alices].sort((x, y) => x - y)).toEqual([...aliceAlerts].sort((x, y) => x - y));
    const bobs = await t.call('GET', '/api/alerts?is_read=false', { token: t.token('bob') });
    expect(ids(bobs.body.data)).toEqual([bobAlert]);
    expect((await t.call('GET', '/api/alerts?is_read=true', { token: t.token('bob') })).body.data).toEqual([]);
    expect((await t.call('GET', '/api/alerts?is_read=false', { token: t.token('carol') })).body.data).toEqual([]);
  });

  it('drops an alert from the unread listing once it is marked read', async () => {
    const target = all[2]!;
    expect((await t.call('PATCH', `/api/alerts/${target}`, { token: reader(), body: { is_read: true } })).status).toBe(204);
    try {
      const unread = await t.call('GET', '/api/alerts?is_read=false&per_page=100', { token: reader() });
      expect(ids(unread.body.data)).toEqual(unreadIds().filter((id) => id !== target));
      const read = await t.call('GET', '/api/alerts?is_read=true&per_page=100', { token: reader() });
      expect(ids(read.body.data)).toEqual([all[4], all[3], all[2], all[1]]);
    } finally {
      await t.call('PATCH', `/api/alerts/${target}`, { token: reader(), body: { is_read: false } });
    }
  });

  it('refuses any is_read but true or false with 400 validation_failed naming is_read', async () => {
    for (const query of ['is_read=1', 'is_read=0', 'is_read=yes', 'is_read=TRUE', 'is_read=False', 'is_read=', 'is_read=true%20', 'is_read=null', 'is_read=true&is_read=false']) {
      const res = await t.call('GET', `/api/alerts?${query}`, { token: reader() });
      expectError(res, 400, 'validation_failed', 'is_read');
      expect(res.body.details[0].field, query).toBe('is_read');
    }
  });
});
