// The fan-out of alert channels bounded (issue 30, second probe, M4), end to end with real local receivers: at most
// CHANNELS_PER_USER_MAX channels per user (409 beyond), one message per receiver host per quote however many of the
// user's webhooks point there, and at most CHANNEL_MESSAGES_PER_MINUTE messages a minute per user, the rest delivered
// later rather than dropped.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoStoreServer, startDemoStoreServer } from '../../../src/adapters/demo/stores/index.js';
import { CHANNEL_MESSAGES_PER_MINUTE, CHANNELS_PER_USER_MAX } from '../../../src/domain/alerts/channel-limits.js';
import { bookWithEdition } from '../../support/pricing-integration-helpers.js';
import { demoStoresAnswer } from '../../support/demo-answers.js';
import { eventually, startTestService, type TestService } from '../../support/test-service.js';

/** A receiver on 127.0.0.1 that records the path of every POST and answers 200. */
async function startReceiver(): Promise<{ base: string; paths: string[]; close(): Promise<void> }> {
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      paths.push(req.url ?? '');
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, paths, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

let demo: DemoStoreServer;
let t: TestService;

beforeAll(async () => {
  demo = await startDemoStoreServer({ port: 0 });
  t = await startTestService({
    DEMO_STORE_URL: demo.url, FETCH_COOLDOWN: '0', STORE_MIN_INTERVAL_MS: '0', FETCH_RETRIES: '0', CHANNEL_ALLOW_PRIVATE: 'on', CHANNEL_RETRY_DELAY: '1',
  });
});
afterAll(async () => {
  await t?.stop();
  await demo?.close();
});

async function reader(subject: string): Promise<string> {
  const token = t.token(subject, { email: `${subject}@example.test` });
  const res = await t.call('PUT', '/api/user/preferences', { token, body: { country: 'DE', currency: 'EUR', formats: ['paperback'], alert_email: false } });
  expect(res.status, res.text).toBe(200);
  return token;
}

const createChannel = (token: string, body: Record<string, unknown>) => t.call('POST', '/api/user/channels', { token, body });

/** A wished book priced at the Paperback Palace only, fetched once: its first quote is under the max price, one alert. */
async function alertOnce(token: string, title: string): Promise<void> {
  const book = await bookWithEdition(t, title);
  demoStoresAnswer(demo, book.isbn, { 'paperback-palace': ['9.00'] });
  const wish = await t.call('POST', '/api/wishes', { token, body: { book_id: book.bookId, max_price: { amount: '20.00', currency: 'EUR' } } });
  expect(wish.status, wish.text).toBe(201);
  const fetched = await t.call('POST', `/api/editions/${book.editionId}/prices`, { token });
  expect(fetched.status, fetched.text).toBe(201);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('channels per user', () => {
  it(`takes ${CHANNELS_PER_USER_MAX} channels, answers 409 conflict for one more, and takes one again after a delete`, async () => {
    const token = await reader('fan-out-cap');
    const ids: number[] = [];
    for (let i = 0; i < CHANNELS_PER_USER_MAX; i++) {
      const res = await createChannel(token, { kind: 'webhook', target: `https://hook-${i}.example.invalid/in` });
      expect(res.status, res.text).toBe(201);
      ids.push(res.body.channel_id);
    }
    const refused = await createChannel(token, { kind: 'ntfy', target: 'https://ntfy.example.invalid/topic' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'conflict', message: expect.stringContaining(`at most ${CHANNELS_PER_USER_MAX}`) });
    const list = await t.call('GET', '/api/user/channels?per_page=100', { token });
    expect(list.body.data).toHaveLength(CHANNELS_PER_USER_MAX);
    expect((await t.call('DELETE', `/api/user/channels/${ids[0]}`, { token })).status).toBe(204);
    expect((await createChannel(token, { kind: 'ntfy', target: 'https://ntfy.example.invalid/topic' })).status).toBe(201);
  });
});

describe('messages of one quote', () => {
  it("reach each receiver host once, however many of the user's webhooks point at it", async () => {
    const shared = await startReceiver();
    const other = await startReceiver();
    try {
      const token = await reader('fan-out-hosts');
      for (const path of ['/a', '/b', '/c']) expect((await createChannel(token, { kind: 'webhook', target: `${shared.base}${path}` })).status).toBe(201);
      expect((await createChannel(token, { kind: 'webhook', target: `${other.base}/a` })).status).toBe(201);
      await alertOnce(token, 'One Quote, Many Hooks');
      await eventually(async () => {
        expect(other.paths).toEqual(['/a']);
        expect(shared.paths.length).toBeGreaterThan(0);
      }, 15_000);
      // The other two webhooks of the shared host are not sent the message later either.
      await pause(2_000);
      expect(shared.paths).toEqual(['/a']);
    } finally {
      await shared.close();
      await other.close();
    }
  });

  it(`go out at most ${CHANNEL_MESSAGES_PER_MINUTE} a minute per user; the others are delivered later, none dropped`, async () => {
    const receiver = await startReceiver();
    try {
      const token = await reader('fan-out-rate');
      expect((await createChannel(token, { kind: 'webhook', target: `${receiver.base}/in` })).status).toBe(201);
      const quotes = CHANNEL_MESSAGES_PER_MINUTE + 3;
      const started = Date.now();
      for (let i = 0; i < quotes; i++) await alertOnce(token, `Rate Limited ${i}`);
      await eventually(async () => expect(receiver.paths).toHaveLength(CHANNEL_MESSAGES_PER_MINUTE), 30_000);
      // The minute is not over (the setup took well under it): the rest wait.
      await pause(3_000);
      if (Date.now() - started < 55_000) expect(receiver.paths).toHaveLength(CHANNEL_MESSAGES_PER_MINUTE);
      await eventually(async () => expect(receiver.paths).toHaveLength(quotes), 100_000);
    } finally {
      await receiver.close();
    }
  }, 180_000);
});
