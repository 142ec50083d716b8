// What became of a channel's queued test, as its owner sees it: the channel's `last_delivery`, recorded by the worker
// for every attempt, against real local receivers — one that takes the message (signed), one that refuses it, one
// that redirects to a URL carrying credentials (never shown), and a port where nothing listens (tried again).
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChannelReceiver, closedPort, startChannelReceiver } from '../notify/channel-receiver.js';
import { eventually, startTestService, type TestService } from '../../support/test-service.js';
import { ISO_TIMESTAMP } from './user-space-helpers.js';

let t: TestService;
let receiver: ChannelReceiver;

beforeAll(async () => {
  receiver = await startChannelReceiver({
    '/takes': (res) => void res.writeHead(204).end(),
    '/gone': (res) => void res.writeHead(410).end(),
    '/moved': (res) => void res.writeHead(301, { Location: 'https://hook-user:hook-password@moved.example/hooks/T0K3N?key=abc' }).end(),
  });
  // The receivers run on this machine.
  t = await startTestService({ CHANNEL_ALLOW_PRIVATE: 'on' });
});
afterAll(async () => {
  await t?.stop();
  await receiver?.close();
});

async function webhook(token: string, path: string): Promise<{ channel_id: number; secret: string }> {
  const res = await t.call('POST', '/api/user/channels', { token, body: { kind: 'webhook', target: `${receiver.url}${path}` } });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** Presses "test" and waits for the worker's outcome to show on the channel. */
async function testOutcome(token: string, channelId: number): Promise<Record<string, unknown>> {
  const queued = await t.call('POST', `/api/user/channels/${channelId}/test`, { token });
  expect(queued.status, queued.text).toBe(202);
  return eventually(async () => {
    const res = await t.call('GET', `/api/user/channels/${channelId}`, { token });
    expect(res.body.last_delivery).not.toBeNull();
    return res.body.last_delivery as Record<string, unknown>;
  }, 15_000);
}

describe("a channel's last delivery", () => {
  it('is null before the first attempt, then shows a test the receiver took; the receiver got a signed POST', async () => {
    const token = t.token('last-ok');
    const channel = await webhook(token, '/takes');
    expect((await t.call('GET', `/api/user/channels/${channel.channel_id}`, { token })).body.last_delivery).toBeNull();
    expect(await testOutcome(token, channel.channel_id)).toEqual({
      at: expect.stringMatching(ISO_TIMESTAMP), message: 'test', ok: true, error: null, retryable: false,
    });
    const got = receiver.received.find((r) => r.path === '/takes')!;
    expect(got.method).toBe('POST');
    expect(got.headers['shelfwatch-signature']).toBe(`sha256=${createHmac('sha256', channel.secret).update(got.rawBody).digest('hex')}`);
    expect(JSON.parse(got.rawBody.toString('utf8'))).toMatchObject({ event: 'test' });
    // The list shows it too: a page renders every channel's state in one request.
    const list = await t.call('GET', '/api/user/channels', { token });
    expect(list.body.data[0].last_delivery).toMatchObject({ message: 'test', ok: true });
  });

  it("shows a refusal and its reason, which is not tried again", async () => {
    const token = t.token('last-refused');
    const channel = await webhook(token, '/gone');
    expect(await testOutcome(token, channel.channel_id)).toEqual({
      at: expect.stringMatching(ISO_TIMESTAMP), message: 'test', ok: false, error: 'the receiver answered 410', retryable: false,
    });
  });

  it("names a redirect's target by its host only: the credentials, path and query of the Location never show", async () => {
    const token = t.token('last-redirect');
    const channel = await webhook(token, '/moved');
    const outcome = await testOutcome(token, channel.channel_id);
    expect(outcome).toMatchObject({ ok: false, retryable: false });
    expect(outcome.error).toBe('the receiver answered 301 redirecting to https://moved.example/…; redirects are not followed, use the final URL');
    const stored = await t.db.sql<{ last_attempt_failure: string }>('select last_attempt_failure from notification_channel where channel_id = $1', [channel.channel_id]);
    expect(stored[0]!.last_attempt_failure).not.toMatch(/hook-password|T0K3N|key=abc/);
  });

  it('shows a receiver that cannot be reached as a failure that is tried again', async () => {
    const token = t.token('last-unreachable');
    const res = await t.call('POST', '/api/user/channels', { token, body: { kind: 'ntfy', target: `http://127.0.0.1:${await closedPort()}/topic` } });
    expect(res.status, res.text).toBe(201);
    const outcome = await testOutcome(token, res.body.channel_id);
    expect(outcome).toMatchObject({ message: 'test', ok: false, retryable: true });
    expect(outcome.error).toMatch(/^could not reach the receiver: .*ECONNREFUSED/);
  });

  it("is another user's business only: it is stored with the channel and goes with it", async () => {
    const token = t.token('last-owner');
    const channel = await webhook(token, '/takes');
    await testOutcome(token, channel.channel_id);
    expect((await t.call('GET', `/api/user/channels/${channel.channel_id}`, { token: t.token('last-intruder') })).status).toBe(404);
    expect((await t.call('DELETE', `/api/user/channels/${channel.channel_id}`, { token })).status).toBe(204);
    expect(await t.db.sql('select 1 from notification_channel where channel_id = $1', [channel.channel_id])).toEqual([]);
  });
});
