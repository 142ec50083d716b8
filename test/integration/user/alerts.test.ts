// User alerts (C5): only the caller's, newest first, paginated; PATCH {is_read} → 204.
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
  it("lists only the caller's alerts, newest first, with the C5 fields", async () => {
    const res = await t.call('GET', '/api/alerts');
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: { alert_id: number }) => a.alert_id)).toEqual([...aliceAlerts].reverse());
    const [newest, jpy, drop, below] = res.body.data;
    expect(below).toEqual({
      alert_id: aliceAlerts[0], wish_id: aliceWish, book_id: bookId, edition_id: editionId, store_id: storeId,
      alert_kind: 'below_max_price', amount: '12.99', currency: 'EUR', previous_amount: null, is_read: false,
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
