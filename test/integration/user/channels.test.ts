// The user's notification channels over HTTP: CRUD with defaults, a webhook's secret shown once, the owner's scope,
// fields named in 400s, targets inside private networks refused (unless the operator allows them), pagination, the
// queued test action, and the preferences' alert_email as the default e-mail channel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelSender } from '../../../src/application/alerts/ports/channel-sender.js';
import { RecordingChannelSender } from '../../support/fakes/recording-channel-sender.js';
import { eventually, startTestService, type TestService } from '../../support/test-service.js';
import { expectError, ISO_TIMESTAMP, userIdOf, walkPages } from './user-space-helpers.js';

const ALL_KINDS = ['below_max_price', 'price_drop', 'new_lowest', 'back_in_stock'];

let t: TestService;
let permissive: TestService;
const sender = new RecordingChannelSender();

beforeAll(async () => {
  t = await startTestService();
  permissive = await startTestService({ CHANNEL_ALLOW_PRIVATE: 'on' });
  // Delivery adapters are not under test here: the worker sends through a recorder.
  t.service.container.rebindSync(ChannelSender).toConstantValue(sender);
});
afterAll(async () => {
  await permissive?.stop();
  await t?.stop();
});

async function create(body: Record<string, unknown>, token: string, service: TestService = t) {
  const res = await service.call('POST', '/api/user/channels', { token, body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const storedChannels = (subject: string) =>
  t.db.sql<{ kind: string; target: string | null; secret: string | null; is_default: boolean; is_enabled: boolean }>(
    `select c.kind, c.target, c.secret, c.is_default, c.is_enabled from notification_channel c
     join app_user u on u.user_id = c.user_id where u.subject = $1 order by c.channel_id`,
    [subject],
  );

describe('creating and reading channels', () => {
  it("creates an e-mail channel with the defaults, sending to the account's address", async () => {
    const token = t.token('ch-defaults', { email: 'reader@example.org' });
    const created = await create({ kind: 'email' }, token);
    expect(created).toEqual({
      channel_id: expect.any(Number),
      kind: 'email',
      target: 'reader@example.org',
      alert_kinds: ALL_KINDS,
      delivery: 'immediate',
      is_enabled: true,
      is_default: false,
      created_at: expect.stringMatching(ISO_TIMESTAMP),
      last_delivery: null,
    });
    const got = await t.call('GET', `/api/user/channels/${created.channel_id}`, { token });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created);
    // The target stays "the account's address": it follows the account.
    expect(await storedChannels('ch-defaults')).toEqual([{ kind: 'email', target: null, secret: null, is_default: false, is_enabled: true }]);
    const renamed = t.token('ch-defaults', { email: 'new-address@example.org' });
    expect((await t.call('GET', `/api/user/channels/${created.channel_id}`, { token: renamed })).body.target).toBe('new-address@example.org');
  });

  it('shows a null target for an account without e-mail address, and keeps what the body gives', async () => {
    const token = t.token('ch-explicit');
    expect((await create({ kind: 'email' }, token)).target).toBeNull();
    const digest = await create({ kind: 'email', target: 'me@example.org', alert_kinds: ['price_drop', 'new_lowest', 'price_drop'], delivery: 'daily_digest', is_enabled: false }, token);
    expect(digest).toMatchObject({ kind: 'email', target: 'me@example.org', alert_kinds: ['price_drop', 'new_lowest'], delivery: 'daily_digest', is_enabled: false });
  });

  it("gives a webhook a secret in the 201 body only, never in GET or the list", async () => {
    const token = t.token('ch-webhook');
    const created = await create({ kind: 'webhook', target: 'https://hooks.example.org/shelfwatch?team=books' }, token);
    expect(created.secret).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(created).toMatchObject({ kind: 'webhook', target: 'https://hooks.example.org/shelfwatch?team=books', delivery: 'immediate', is_enabled: true });
    const got = await t.call('GET', `/api/user/channels/${created.channel_id}`, { token });
    expect(got.body).not.toHaveProperty('secret');
    expect(got.text).not.toContain(created.secret);
    const list = await t.call('GET', '/api/user/channels', { token });
    expect(list.text).not.toContain(created.secret);
    expect(list.body.data).toEqual([got.body]);
    expect((await storedChannels('ch-webhook'))[0]!.secret).toBe(created.secret);

    const other = await create({ kind: 'webhook', target: 'https://hooks.example.org/other' }, token);
    expect(other.secret).not.toBe(created.secret);
    const ntfy = await create({ kind: 'ntfy', target: 'https://ntfy.example.org/my-books' }, token);
    expect(ntfy).not.toHaveProperty('secret');
  });

  it("takes an ntfy topic's credentials, keeps them, and shows the password as *** wherever the channel is listed", async () => {
    const token = t.token('ch-ntfy-credentials');
    const created = await create({ kind: 'ntfy', target: 'https://reader:s3cr3t-pass@ntfy.example.org/private-topic' }, token);
    expect(created.target).toBe('https://reader:***@ntfy.example.org/private-topic');
    const listed = await t.call('GET', '/api/user/channels', { token });
    expect(listed.text).not.toContain('s3cr3t-pass');
    expect(listed.body.data[0].target).toBe('https://reader:***@ntfy.example.org/private-topic');
    expect((await storedChannels('ch-ntfy-credentials'))[0]!.target).toBe('https://reader:s3cr3t-pass@ntfy.example.org/private-topic');
    // A webhook signs with its secret instead: credentials in its URL are refused.
    const webhook = await t.call('POST', '/api/user/channels', { token, body: { kind: 'webhook', target: 'https://u:p@hooks.example.org/x' } });
    expect(webhook.status).toBe(400);
    expect(webhook.body.details).toEqual([{ field: 'target', message: 'must not carry a user name or password' }]);
  });

  it('lists the channels oldest first, paginated, with links that repeat per_page', async () => {
    const token = t.token('ch-pages');
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await create({ kind: 'ntfy', target: `https://ntfy.example.org/topic-${i}` }, token)).channel_id);
    const first = await t.call('GET', '/api/user/channels?per_page=2', { token });
    expect(first.status).toBe(200);
    expect(first.body.data.map((c: { channel_id: number }) => c.channel_id)).toEqual(ids.slice(0, 2));
    for (const name of ['self', 'first', 'last', 'next']) expect(first.body._links[name].href).toContain('per_page=2');
    expect(first.body._links.prev).toBeUndefined();
    const all = await walkPages<{ channel_id: number }>(t, '/api/user/channels?per_page=2', token);
    expect(all.map((c) => c.channel_id)).toEqual(ids);
    const last = await t.call('GET', first.body._links.last.href, { token });
    // The last page holds the last per_page channels.
    expect(last.body.data.map((c: { channel_id: number }) => c.channel_id)).toEqual(ids.slice(3));
    expect(last.body._links.prev).toBeDefined();
    expect(last.body._links.next).toBeUndefined();
    expectError(await t.call('GET', '/api/user/channels?per_page=0', { token }), 400, 'validation_failed', 'per_page');
    expectError(await t.call('GET', '/api/user/channels?cursor=garbage', { token }), 400, 'invalid_cursor');
    const empty = await t.call('GET', '/api/user/channels', { token: t.token('ch-nothing') });
    expect(empty.body.data).toEqual([]);
    expect(empty.body._links.self.href).toBe(empty.body._links.first.href);
  });
});

describe('refusals', () => {
  it('names the bad field: kind, target, delivery, alert_kinds, an unknown field', async () => {
    const token = t.token('ch-bad');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'sms' }, 'kind'],
      [{}, 'kind'],
      [{ kind: 'email', target: 'not-an-address' }, 'target'],
      [{ kind: 'email', target: 42 }, 'target'],
      [{ kind: 'webhook' }, 'target'],
      [{ kind: 'webhook', target: 'ftp://example.org/hook' }, 'target'],
      [{ kind: 'ntfy', target: 'ntfy.example.org/topic' }, 'target'],
      [{ kind: 'webhook', target: 'https://user:secret@example.org/hook' }, 'target'],
      [{ kind: 'webhook', target: 'https://hooks.example.org/x', delivery: 'daily_digest' }, 'delivery'],
      [{ kind: 'ntfy', target: 'https://ntfy.example.org/x', delivery: 'daily_digest' }, 'delivery'],
      [{ kind: 'email', delivery: 'weekly' }, 'delivery'],
      [{ kind: 'email', alert_kinds: [] }, 'alert_kinds'],
      [{ kind: 'email', alert_kinds: ['price_drop', 'sale'] }, 'alert_kinds[1]'],
      [{ kind: 'email', is_enabled: 'yes' }, 'is_enabled'],
      [{ kind: 'email', colour: 'blue' }, 'colour'],
      [{ kind: 'email', secret: 'mine' }, 'secret'],
    ];
    for (const [body, field] of cases) {
      expectError(await t.call('POST', '/api/user/channels', { token, body }), 400, 'validation_failed', field);
    }
    expect(await storedChannels('ch-bad')).toEqual([]);
  });

  it('refuses targets that are or resolve to internal addresses, naming target, and stores nothing', async () => {
    const token = t.token('ch-private');
    for (const target of [
      'http://127.0.0.1/',
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://192.168.1.1:8080/hook',
      'http://[fd00::1]/',
      'http://localhost:3000/hook',
      'http://0x7f000001/',
    ]) {
      for (const kind of ['webhook', 'ntfy']) {
        const res = await t.call('POST', '/api/user/channels', { token, body: { kind, target } });
        expectError(res, 400, 'validation_failed', 'target');
      }
    }
    expect(await storedChannels('ch-private')).toEqual([]);
  });

  it('accepts a host that does not resolve now (every delivery checks again)', async () => {
    const created = await create({ kind: 'webhook', target: 'https://no-such-host.invalid/hook' }, t.token('ch-unresolved'));
    expect(created.target).toBe('https://no-such-host.invalid/hook');
  });

  it('accepts private targets when the operator sets CHANNEL_ALLOW_PRIVATE=on', async () => {
    const token = permissive.token('ch-allowed');
    for (const target of ['http://127.0.0.1:9000/hook', 'http://[::1]/', 'http://10.0.0.1/', 'http://localhost:8080/topic']) {
      expect((await create({ kind: 'webhook', target }, token, permissive)).target).toBe(target);
    }
  });
});

describe('changing and deleting channels', () => {
  it('PATCH changes the given fields (204) and keeps the others', async () => {
    const token = t.token('ch-patch');
    const created = await create({ kind: 'webhook', target: 'https://hooks.example.org/a', alert_kinds: ['price_drop'] }, token);
    const { secret: _secret, ...shown } = created;
    const patched = await t.call('PATCH', `/api/user/channels/${created.channel_id}`, { token, body: { is_enabled: false, alert_kinds: ['new_lowest', 'back_in_stock'] } });
    expect(patched.status, patched.text).toBe(204);
    expect(patched.text).toBe('');
    const got = (await t.call('GET', `/api/user/channels/${created.channel_id}`, { token })).body;
    expect(got).toEqual({ ...shown, is_enabled: false, alert_kinds: ['new_lowest', 'back_in_stock'] });
    expect((await t.call('PATCH', `/api/user/channels/${created.channel_id}`, { token, body: { target: 'https://hooks.example.org/b', kind: 'webhook' } })).status).toBe(204);
    expect((await t.call('GET', `/api/user/channels/${created.channel_id}`, { token })).body.target).toBe('https://hooks.example.org/b');
    // The secret is kept across changes.
    expect((await storedChannels('ch-patch'))[0]!.secret).toBe(created.secret);

    const email = await create({ kind: 'email', target: 'me@example.org' }, t.token('ch-patch', { email: 'account@example.org' }));
    expect((await t.call('PATCH', `/api/user/channels/${email.channel_id}`, { token, body: { target: null, delivery: 'daily_digest' } })).status).toBe(204);
    expect((await t.call('GET', `/api/user/channels/${email.channel_id}`, { token })).body).toMatchObject({ target: 'account@example.org', delivery: 'daily_digest' });
  });

  it('PATCH refuses a bad change naming the field, an empty body, and a private target', async () => {
    const token = t.token('ch-patch-bad');
    const created = await create({ kind: 'webhook', target: 'https://hooks.example.org/a' }, token);
    const url = `/api/user/channels/${created.channel_id}`;
    const cases: Array<[Record<string, unknown>, string | undefined]> = [
      [{}, undefined],
      [{ kind: 'email' }, 'kind'],
      [{ delivery: 'daily_digest' }, 'delivery'],
      [{ alert_kinds: [] }, 'alert_kinds'],
      [{ target: null }, 'target'],
      [{ target: 'http://127.0.0.1/' }, 'target'],
      [{ target: 'http://[::1]/' }, 'target'],
      [{ channel_id: 9 }, 'channel_id'],
    ];
    for (const [body, field] of cases) expectError(await t.call('PATCH', url, { token, body }), 400, 'validation_failed', field);
    const { secret: _secret, ...shown } = created;
    expect((await t.call('GET', url, { token })).body).toEqual(shown);
  });

  it('DELETE answers 204, then 404', async () => {
    const token = t.token('ch-delete');
    const created = await create({ kind: 'ntfy', target: 'https://ntfy.example.org/t' }, token);
    const url = `/api/user/channels/${created.channel_id}`;
    const deleted = await t.call('DELETE', url, { token });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expectError(await t.call('GET', url, { token }), 404, 'not_found');
    expectError(await t.call('DELETE', url, { token }), 404, 'not_found');
    expectError(await t.call('PATCH', url, { token, body: { is_enabled: false } }), 404, 'not_found');
  });

  it("answers 404 for another user's channel on every route, and changes nothing", async () => {
    const owner = t.token('ch-owner');
    const intruder = t.token('ch-intruder', { email: 'intruder@example.org' });
    const created = await create({ kind: 'email' }, owner);
    const url = `/api/user/channels/${created.channel_id}`;
    expectError(await t.call('GET', url, { token: intruder }), 404, 'not_found');
    expectError(await t.call('PATCH', url, { token: intruder, body: { is_enabled: false } }), 404, 'not_found');
    expectError(await t.call('DELETE', url, { token: intruder }), 404, 'not_found');
    expectError(await t.call('POST', `${url}/test`, { token: intruder }), 404, 'not_found');
    expect((await t.call('GET', '/api/user/channels', { token: intruder })).body.data).toEqual([]);
    expect((await t.call('GET', url, { token: owner })).body).toEqual(created);
  });
});

describe('the test action', () => {
  it('answers 202 at once and the worker sends a test message to the channel', async () => {
    const token = t.token('ch-test', { email: 'tester@example.org' });
    const webhook = await create({ kind: 'webhook', target: 'https://hooks.example.org/test' }, token);
    const email = await create({ kind: 'email' }, token);
    const queued = await t.call('POST', `/api/user/channels/${webhook.channel_id}/test`, { token });
    expect(queued.status, queued.text).toBe(202);
    expect(queued.text).toBe('');
    expect((await t.call('POST', `/api/user/channels/${email.channel_id}/test`, { token })).status).toBe(202);
    await eventually(async () => {
      expect(sender.tests).toEqual(
        expect.arrayContaining([
          { kind: 'webhook', target: 'https://hooks.example.org/test', secret: webhook.secret },
          { kind: 'email', target: 'tester@example.org', secret: null },
        ]),
      );
    }, 15_000);
  });

  it("answers 409 for an e-mail channel without target when the account has no address, and 404 for no channel", async () => {
    const token = t.token('ch-test-no-address');
    const email = await create({ kind: 'email' }, token);
    expectError(await t.call('POST', `/api/user/channels/${email.channel_id}/test`, { token }), 409, 'conflict');
    expectError(await t.call('POST', '/api/user/channels/99999999/test', { token }), 404, 'not_found');
  });
});

describe('alert_email is the default e-mail channel', () => {
  const legacyColumn = async (subject: string) =>
    (await t.db.sql<{ alert_email: boolean }>('select p.alert_email from user_preferences p join app_user u on u.user_id = p.user_id where u.subject = $1', [subject]))[0]
      ?.alert_email;

  it('PUT alert_email=true creates it, false disables it, true enables the same channel again', async () => {
    const subject = 'ch-prefs';
    const token = t.token(subject, { email: 'prefs@example.org' });
    expect((await t.call('GET', '/api/user/channels', { token })).body.data).toEqual([]);
    expect((await t.call('PUT', '/api/user/preferences', { token, body: { alert_email: true } })).body.alert_email).toBe(true);
    const [channel] = (await t.call('GET', '/api/user/channels', { token })).body.data;
    expect(channel).toMatchObject({ kind: 'email', target: 'prefs@example.org', alert_kinds: ALL_KINDS, delivery: 'immediate', is_enabled: true, is_default: true });
    expect((await t.call('GET', '/api/user/preferences', { token })).body.alert_email).toBe(true);
    expect(await legacyColumn(subject)).toBe(true);

    // A PUT that leaves alert_email out changes nothing about it.
    expect((await t.call('PUT', '/api/user/preferences', { token, body: { currency: 'GBP' } })).body.alert_email).toBe(true);

    expect((await t.call('PUT', '/api/user/preferences', { token, body: { alert_email: false } })).body.alert_email).toBe(false);
    expect((await t.call('GET', `/api/user/channels/${channel.channel_id}`, { token })).body.is_enabled).toBe(false);
    expect((await t.call('GET', '/api/user/preferences', { token })).body.alert_email).toBe(false);
    expect(await legacyColumn(subject)).toBe(false);

    await t.call('PUT', '/api/user/preferences', { token, body: { alert_email: true } });
    const again = (await t.call('GET', '/api/user/channels', { token })).body.data;
    expect(again).toEqual([{ ...channel, is_enabled: true }]);
  });

  it('follows the default channel changed or deleted through the channel routes', async () => {
    const subject = 'ch-prefs-routes';
    const token = t.token(subject, { email: 'routes@example.org' });
    await t.call('PUT', '/api/user/preferences', { token, body: { country: 'DE', alert_email: true } });
    const [channel] = (await t.call('GET', '/api/user/channels', { token })).body.data;
    const url = `/api/user/channels/${channel.channel_id}`;

    expect((await t.call('PATCH', url, { token, body: { is_enabled: false } })).status).toBe(204);
    expect((await t.call('GET', '/api/user/preferences', { token })).body).toMatchObject({ country: 'DE', alert_email: false });
    expect(await legacyColumn(subject)).toBe(false);
    expect((await t.call('PATCH', url, { token, body: { is_enabled: true } })).status).toBe(204);
    expect((await t.call('GET', '/api/user/preferences', { token })).body.alert_email).toBe(true);
    expect(await legacyColumn(subject)).toBe(true);

    expect((await t.call('DELETE', url, { token })).status).toBe(204);
    expect((await t.call('GET', '/api/user/preferences', { token })).body.alert_email).toBe(false);
    expect(await legacyColumn(subject)).toBe(false);
    await t.call('PUT', '/api/user/preferences', { token, body: { alert_email: true } });
    const [fresh] = (await t.call('GET', '/api/user/channels', { token })).body.data;
    expect(fresh.channel_id).not.toBe(channel.channel_id);
    expect(fresh).toMatchObject({ is_default: true, is_enabled: true });
  });

  it('leaves the other channels alone, and other users', async () => {
    const token = t.token('ch-prefs-others');
    const webhook = await create({ kind: 'webhook', target: 'https://hooks.example.org/x' }, token);
    await t.call('PUT', '/api/user/preferences', { token, body: { alert_email: true } });
    await t.call('PUT', '/api/user/preferences', { token, body: { alert_email: false } });
    expect((await t.call('GET', `/api/user/channels/${webhook.channel_id}`, { token })).body.is_enabled).toBe(true);
    await userIdOf(t, 'ch-prefs-bystander');
    expect((await t.call('GET', '/api/user/preferences', { token: t.token('ch-prefs-bystander') })).body.alert_email).toBe(false);
  });
});
