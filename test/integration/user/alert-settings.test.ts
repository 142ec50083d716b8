// The alerts a reader turns on (issue 27) over real HTTP: account defaults in the preferences, a wish's own settings,
// the 400s naming each bad field, the kinds in the OpenAPI document; then prices driven through the demonstration
// stores and the on-demand fetch raise percent_drop, lowest_in_days and below_target, listed by GET /api/alerts, and a
// channel with the default kinds gets one message per quote with every reason (C10.5), its `alert_sent` threshold the
// target.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoStoreServer, startDemoStoreServer } from '../../../src/adapters/demo/stores/index.js';
import { ChannelSender } from '../../../src/application/alerts/ports/channel-sender.js';
import { RecordingChannelSender } from '../../support/fakes/recording-channel-sender.js';
import { bookWithEdition, logsSince, storeIdByKey } from '../../support/pricing-integration-helpers.js';
import { demoStoresAnswer } from '../../support/demo-answers.js';
import { eventually, startTestService, type TestService } from '../../support/test-service.js';
import { expectError } from './user-space-helpers.js';

let demo: DemoStoreServer;
let t: TestService;
const sender = new RecordingChannelSender();

beforeAll(async () => {
  demo = await startDemoStoreServer({ port: 0 });
  t = await startTestService({
    DEMO_STORE_URL: demo.url,
    FETCH_COOLDOWN: '0',
    STORE_MIN_INTERVAL_MS: '0',
    FETCH_RETRIES: '0',
    FETCH_TIMEOUT_MS: '5000',
    LOG_FLUSH_MS: '50',
    CHANNEL_ALLOW_PRIVATE: 'on',
  });
  t.service.container.rebindSync(ChannelSender).toConstantValue(sender);
});
afterAll(async () => {
  await t?.stop();
  await demo?.close();
});

const OFF = { alert_drop_percent: null, alert_lowest_days: null, default_target: null };

describe('alert defaults in the preferences', () => {
  it('are off until set, then kept one by one, and null turns one off', async () => {
    const token = t.token('settings-prefs');
    expect((await t.call('GET', '/api/user/preferences', { token })).body).toMatchObject(OFF);

    const put = (body: Record<string, unknown>) => t.call('PUT', '/api/user/preferences', { token, body });
    let res = await put({ alert_drop_percent: 15, alert_lowest_days: 90, default_target: { max_price: { amount: '12.5', currency: 'eur' } } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ alert_drop_percent: 15, alert_lowest_days: 90, default_target: { max_price: { amount: '12.50', currency: 'EUR' } } });

    res = await put({ country: 'DE', default_target: { discount_percent: 0 } });
    expect(res.body).toMatchObject({ country: 'DE', alert_drop_percent: 15, alert_lowest_days: 90, default_target: { discount_percent: 0 } });
    expect((await t.call('GET', '/api/user/preferences', { token })).body).toEqual(res.body);

    res = await put({ alert_drop_percent: null, alert_lowest_days: null, default_target: null });
    expect(res.body).toMatchObject({ country: 'DE', ...OFF });
  });

  it.each([
    [{ alert_drop_percent: 0 }, 'alert_drop_percent'],
    [{ alert_drop_percent: 100 }, 'alert_drop_percent'],
    [{ alert_drop_percent: 12.5 }, 'alert_drop_percent'],
    [{ alert_drop_percent: '10' }, 'alert_drop_percent'],
    [{ alert_lowest_days: 60 }, 'alert_lowest_days'],
    [{ default_target: {} }, 'default_target'],
    [{ default_target: { discount_percent: 10, max_price: { amount: '9.00', currency: 'EUR' } } }, 'default_target'],
    [{ default_target: { discount_percent: 100 } }, 'default_target.discount_percent'],
    [{ default_target: { discount_percent: -1 } }, 'default_target.discount_percent'],
    [{ default_target: { max_price: { amount: 'cheap', currency: 'EUR' } } }, 'default_target.max_price.amount'],
    [{ default_target: { max_price: { amount: '-1', currency: 'EUR' } } }, 'default_target.max_price.amount'],
    [{ default_target: { max_price: { amount: '9.00', currency: 'XXX' } } }, 'default_target.max_price.currency'],
    [{ default_target: { percent: 10 } }, 'default_target.percent'],
  ])('refuses %j with 400 naming %s, and changes nothing', async (body, field) => {
    const token = t.token('settings-bad-prefs');
    const res = await t.call('PUT', '/api/user/preferences', { token, body });
    expectError(res, 400, 'validation_failed');
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    expect((await t.call('GET', '/api/user/preferences', { token })).body).toMatchObject(OFF);
  });
});

describe("a wish's own alert settings", () => {
  it('are null (the account’s defaults) unless given, shown on every wish representation, changed by PATCH', async () => {
    const token = t.token('settings-wish');
    const [a, b] = [await bookWithEdition(t, 'Own Settings A'), await bookWithEdition(t, 'Own Settings B')];
    const plain = await t.call('POST', '/api/wishes', { token, body: { book_id: a.bookId } });
    expect(plain.status, plain.text).toBe(201);
    expect(plain.body).toMatchObject({ alert_drop_percent: null, alert_lowest_days: null });
    const own = await t.call('POST', '/api/wishes', { token, body: { book_id: b.bookId, alert_drop_percent: 25, alert_lowest_days: 365 } });
    expect(own.body).toMatchObject({ alert_drop_percent: 25, alert_lowest_days: 365 });

    expect((await t.call('PATCH', `/api/wishes/${plain.body.wish_id}`, { token, body: { alert_lowest_days: 30 } })).status).toBe(204);
    expect((await t.call('PATCH', `/api/wishes/${own.body.wish_id}`, { token, body: { alert_drop_percent: null } })).status).toBe(204);
    const listed = (await t.call('GET', '/api/wishes?per_page=10', { token })).body.data;
    expect(listed.map((w: Record<string, unknown>) => [w.wish_id, w.alert_drop_percent, w.alert_lowest_days])).toEqual([
      [plain.body.wish_id, null, 30],
      [own.body.wish_id, null, 365],
    ]);
    expect((await t.call('GET', `/api/wishes/${own.body.wish_id}`, { token })).body).toMatchObject({ alert_drop_percent: null, alert_lowest_days: 365 });
  });

  it('refuses bad values naming the field, on create and on PATCH', async () => {
    const token = t.token('settings-wish-bad');
    const book = await bookWithEdition(t, 'Own Settings Bad');
    expectError(await t.call('POST', '/api/wishes', { token, body: { book_id: book.bookId, alert_drop_percent: 0 } }), 400, 'validation_failed', 'alert_drop_percent');
    expectError(await t.call('POST', '/api/wishes', { token, body: { book_id: book.bookId, alert_lowest_days: 7 } }), 400, 'validation_failed', 'alert_lowest_days');
    const created = await t.call('POST', '/api/wishes', { token, body: { book_id: book.bookId } });
    expectError(await t.call('PATCH', `/api/wishes/${created.body.wish_id}`, { token, body: { alert_drop_percent: 99.5 } }), 400, 'validation_failed', 'alert_drop_percent');
    expectError(await t.call('PATCH', `/api/wishes/${created.body.wish_id}`, { token, body: { default_target: null } }), 400, 'validation_failed', 'default_target');
  });
});

describe('the OpenAPI document', () => {
  it('lists the new alert kinds and settings', async () => {
    const doc = JSON.stringify((await t.call('GET', '/api/openapi.json')).body);
    for (const name of ['percent_drop', 'lowest_in_days', 'below_target', 'alert_drop_percent', 'alert_lowest_days', 'default_target', 'discount_percent']) {
      expect(doc, name).toContain(`"${name}"`);
    }
  });
});

describe('alerts of the new kinds from new quotes', () => {
  it('raises them by the settings, lists them, and sends one message per quote naming every reason', async () => {
    const token = t.token('settings-alerts', { email: 'settings@example.test' });
    const prefs = await t.call('PUT', '/api/user/preferences', {
      token,
      body: { country: 'DE', currency: 'EUR', formats: ['paperback'], alert_drop_percent: 20, alert_lowest_days: 30, default_target: { max_price: { amount: '12.00', currency: 'EUR' } } },
    });
    expect(prefs.status, prefs.text).toBe(200);
    const channel = await t.call('POST', '/api/user/channels', { token, body: { kind: 'webhook', target: 'https://hooks.example.org/settings' } });
    expect(channel.status, channel.text).toBe(201);
    expect(channel.body.alert_kinds).toEqual(['below_max_price', 'price_drop', 'new_lowest', 'back_in_stock']);

    const book = await bookWithEdition(t, 'The Settings Saga');
    const wished = await t.call('POST', '/api/wishes', { token, body: { book_id: book.bookId } });
    const palace = await storeIdByKey(t, 'demo-paperback-palace');
    const priceAt = async (amount: string) => {
      demoStoresAnswer(demo, book.isbn, { 'paperback-palace': [amount] });
      const res = await t.call('POST', `/api/editions/${book.editionId}/prices`);
      expect(res.status, res.text).toBe(201);
    };
    const alerts = async () =>
      ((await t.call('GET', '/api/alerts?per_page=100', { token })).body.data as Array<Record<string, unknown>>)
        .filter((a) => a.wish_id === wished.body.wish_id)
        .map((a) => [a.alert_kind, a.amount, a.previous_amount, a.store_id]);

    await priceAt('15.00');
    expect(await alerts()).toEqual([]);
    await priceAt('11.00');
    // Newest first; one quote, four alerts: a drop (27 %), the lowest of the window, under the target (and new_lowest).
    expect((await alerts()).sort()).toEqual(
      [
        ['below_target', '11.00', '15.00', palace],
        ['lowest_in_days', '11.00', '15.00', palace],
        ['new_lowest', '11.00', '15.00', palace],
        ['percent_drop', '11.00', '15.00', palace],
        ['price_drop', '11.00', '15.00', palace],
      ].sort(),
    );
    await priceAt('11.00');
    expect(await alerts()).toHaveLength(5);

    await eventually(async () => {
      const mine = sender.sent.filter((s) => s.message.book.bookId === book.bookId);
      expect(mine).toHaveLength(1);
      expect(mine[0]!.message.alert.kind).toBe('below_target');
      expect(mine[0]!.message.reasons).toEqual(['below_target', 'new_lowest', 'lowest_in_days', 'percent_drop', 'price_drop']);
    });
    await eventually(async () => {
      const sent = (await logsSince(t, 'alert')).filter((e) => e.log_event === 'alert_sent' && Number(e.log_detail.book_id) === book.bookId);
      expect(sent.find((e) => e.log_detail.channel === 'webhook')?.log_detail.threshold).toBe('12.00');
    });
  });

  it('raises none of them without settings', async () => {
    const token = t.token('settings-none');
    await t.call('PUT', '/api/user/preferences', { token, body: { country: 'DE', currency: 'EUR', formats: ['paperback'] } });
    const book = await bookWithEdition(t, 'The Quiet Chronicle');
    const wished = await t.call('POST', '/api/wishes', { token, body: { book_id: book.bookId } });
    for (const amount of ['30.00', '3.00']) {
      demoStoresAnswer(demo, book.isbn, { 'paperback-palace': [amount] });
      expect((await t.call('POST', `/api/editions/${book.editionId}/prices`)).status).toBe(201);
    }
    const listed = (await t.call('GET', '/api/alerts?per_page=100', { token })).body.data as Array<Record<string, unknown>>;
    expect(listed.filter((a) => a.wish_id === wished.body.wish_id).map((a) => a.alert_kind).sort()).toEqual(['new_lowest', 'price_drop']);
  });
});
