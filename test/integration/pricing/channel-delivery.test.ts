// Alert channels end to end: prices fetched on demand from the demonstration stores, messages delivered by the queue's
// workers to real local receivers — a webhook receiver checking the signature, an ntfy-compatible one, a mail server —
// once per new quote per wish, retried while the receiver fails, dropped for a channel deleted meanwhile, gathered
// into one digest e-mail a day; and the fetch answering without waiting for any of it.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendDailyDigests } from '../../../src/application/alerts/send-daily-digests.js';
import { RequestScope } from '../../../src/application/shared/request-scope.js';
import { type DemoStoreServer, startDemoStoreServer } from '../../../src/adapters/demo/stores/index.js';
import { bookWithEdition, logsSince, type PricedEdition } from '../../support/pricing-integration-helpers.js';
import { demoStoresAnswer } from '../../support/demo-answers.js';
import { type SmtpTestServer, startSmtpTestServer } from '../../support/smtp-test-server.js';
import { eventually, startTestService, type TestService } from '../../support/test-service.js';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A receiver on 127.0.0.1 that records every POST and answers with the next status of `answers` (then 200). */
async function startReceiver(): Promise<{ url: string; received: Received[]; answers: number[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = answers.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received, answers, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** What a receiver does with the signature: HMAC-SHA256 of the raw body with the secret, compared as hex. */
const signatureOf = (body: string, secret: string): string => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

let demo: DemoStoreServer;
let smtp: SmtpTestServer;
let t: TestService;

beforeAll(async () => {
  demo = await startDemoStoreServer({ port: 0 });
  smtp = await startSmtpTestServer();
  // The receivers run on this machine, so private targets are allowed; retries come after 1 s, 2 s, ...
  t = await startTestService({
    DEMO_STORE_URL: demo.url, FETCH_COOLDOWN: '0', STORE_MIN_INTERVAL_MS: '0', FETCH_RETRIES: '0', LOG_FLUSH_MS: '50',
    SMTP_URL: smtp.url, MAIL_FROM: 'Shelfwatch <alerts@shelfwatch.test>', CHANNEL_ALLOW_PRIVATE: 'on', CHANNEL_RETRY_DELAY: '1',
  });
});
afterAll(async () => {
  await t?.stop();
  await smtp?.close();
  await demo?.close();
});

async function reader(subject: string): Promise<{ token: string; userId: number }> {
  const token = t.token(subject, { email: `${subject}@example.test` });
  const res = await t.call('PUT', '/api/user/preferences', { token, body: { country: 'DE', currency: 'EUR', formats: ['paperback'], alert_email: false } });
  expect(res.status, res.text).toBe(200);
  const [row] = await t.db.sql<{ user_id: string }>('select user_id from app_user where subject = $1', [subject]);
  return { token, userId: Number(row!.user_id) };
}

async function channel(token: string, body: Record<string, unknown>): Promise<{ channel_id: number; secret?: string }> {
  const res = await t.call('POST', '/api/user/channels', { token, body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** A wished book whose one paperback costs `amount` at the Paperback Palace and nowhere else. */
async function wishedBook(token: string, title: string, amount: string, maxPrice = '20.00'): Promise<PricedEdition & { wishId: number }> {
  const book = await bookWithEdition(t, title);
  demoStoresAnswer(demo, book.isbn, { 'paperback-palace': [amount] });
  const wish = await t.call('POST', '/api/wishes', { token, body: { book_id: book.bookId, max_price: { amount: maxPrice, currency: 'EUR' } } });
  expect(wish.status, wish.text).toBe(201);
  return { ...book, wishId: wish.body.wish_id };
}

const fetchPrices = async (editionId: number) => {
  const res = await t.call('POST', `/api/editions/${editionId}/prices`);
  expect(res.status, res.text).toBe(201);
};

const alertEvents = async (userId: number) => (await logsSince(t, 'alert')).filter((e) => Number(e.log_detail.user_id) === userId);

describe('a webhook channel', () => {
  it('gets one signed message per new quote per wish, led by the most significant kind and naming every reason', async () => {
    const receiver = await startReceiver();
    try {
      const { token, userId } = await reader('hook-reader');
      const hook = await channel(token, { kind: 'webhook', target: receiver.url });
      const book = await wishedBook(token, 'The Signed Message', '12.00');
      await fetchPrices(book.editionId); // the first quote: below the max price only (nothing earlier to compare)
      demo.set('paperback-palace', book.isbn, { kind: 'price', amount: '10.00', availability: 'in_stock' });
      await fetchPrices(book.editionId); // under the max, a drop and a new lowest: three alerts, one message

      const received = await eventually(async () => {
        expect(receiver.received).toHaveLength(2);
        return receiver.received;
      }, 15_000);
      for (const r of received) {
        expect(r.headers['content-type']).toBe('application/json');
        expect(r.headers['shelfwatch-signature']).toBe(signatureOf(r.body, hook.secret!));
      }
      // Messages may arrive in either order (each is delivered on its own).
      const [first, message] = received.map((r) => JSON.parse(r.body)).sort((a, b) => b.alert.amount.localeCompare(a.alert.amount));
      expect(first).toMatchObject({ alert: { alert_kind: 'below_max_price', amount: '12.00' }, reasons: ['below_max_price'] });
      expect(message).toMatchObject({
        event: 'alert',
        idempotency_key: expect.any(String),
        alert: { alert_kind: 'below_max_price', amount: '10.00', currency: 'EUR', wish_id: book.wishId, book_id: book.bookId, edition_id: book.editionId, is_read: false },
        reasons: ['below_max_price', 'new_lowest', 'price_drop'],
        book: { book_id: book.bookId, book_original_title: 'The Signed Message' },
        store: { store_name: expect.any(String) },
        url: expect.stringContaining(book.isbn),
      });
      expect(message.idempotency_key).not.toBe(first.idempotency_key);
      const alerts = await t.call('GET', `/api/alerts?per_page=100`, { token });
      expect(alerts.body.data.map((a: { alert_id: number }) => a.alert_id)).toContain(message.alert.alert_id);

      await eventually(async () => {
        const sent = (await alertEvents(userId)).filter((e) => e.log_event === 'alert_sent' && e.log_detail.channel === 'webhook');
        expect(sent).toHaveLength(2);
      });
    } finally {
      await receiver.close();
    }
  });

  it('is retried with backoff after the receiver fails twice, logging each failed attempt, and recorded once', async () => {
    const receiver = await startReceiver();
    try {
      const { token, userId } = await reader('retry-reader');
      await channel(token, { kind: 'webhook', target: receiver.url });
      receiver.answers.push(503, 500);
      const book = await wishedBook(token, 'Third Time Lucky', '12.00');
      await fetchPrices(book.editionId);
      await eventually(async () => expect(receiver.received).toHaveLength(3), 20_000);
      const keys = receiver.received.map((r) => JSON.parse(r.body).idempotency_key);
      expect(new Set(keys).size).toBe(1); // the same message each time, so a receiver can drop repeats
      await eventually(async () => {
        const events = await alertEvents(userId);
        expect(events.filter((e) => e.log_event === 'alert_failed')).toHaveLength(2);
        expect(events.filter((e) => e.log_event === 'alert_sent' && e.log_detail.channel === 'webhook')).toHaveLength(1);
      });
      expect(await t.db.sql('select 1 from channel_delivery where idempotency_key = $1', [keys[0]])).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('sends nothing more once its channel is deleted while a message waits for a retry', async () => {
    const receiver = await startReceiver();
    try {
      const { token } = await reader('deleted-reader');
      const hook = await channel(token, { kind: 'webhook', target: receiver.url });
      receiver.answers.push(503);
      const book = await wishedBook(token, 'Nobody Listens', '12.00');
      await fetchPrices(book.editionId);
      await eventually(async () => expect(receiver.received).toHaveLength(1), 10_000);
      expect((await t.call('DELETE', `/api/user/channels/${hook.channel_id}`, { token })).status).toBe(204);
      // The retry comes after about a second; it finds no channel and ends there.
      await eventually(async () => {
        const [job] = await t.db.sql<{ state: string }>(
          `select state from pgboss.job where name = 'channel-message' and data->>'channelId' = $1 order by created_on desc limit 1`,
          [String(hook.channel_id)],
        );
        expect(job?.state).toBe('completed');
      }, 10_000);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});

describe('an ntfy channel', () => {
  it('gets a plain-text POST with Title, Priority and Click', async () => {
    const receiver = await startReceiver();
    try {
      const { token } = await reader('ntfy-reader');
      await channel(token, { kind: 'ntfy', target: receiver.url, alert_kinds: ['below_max_price'] });
      const book = await wishedBook(token, 'Pushed Along', '12.00');
      await fetchPrices(book.editionId);
      const [message] = await eventually(async () => {
        expect(receiver.received).toHaveLength(1);
        return receiver.received;
      }, 10_000);
      expect(message!.headers['content-type']).toMatch(/^text\/plain/);
      expect(message!.headers.title).toContain('Pushed Along');
      expect(message!.headers.priority).toBe('4');
      expect(message!.headers.click).toContain(book.isbn);
      expect(message!.body).toContain('12.00');
    } finally {
      await receiver.close();
    }
  });
});

describe('a daily-digest e-mail channel', () => {
  it("gathers a day's messages into one e-mail, sent once the day is over", async () => {
    const { token, userId } = await reader('digest-reader');
    const digest = await channel(token, { kind: 'email', delivery: 'daily_digest' });
    const first = await wishedBook(token, 'Digest Volume One', '12.00');
    const second = await wishedBook(token, 'Digest Volume Two', '11.00');
    await fetchPrices(first.editionId);
    await fetchPrices(second.editionId);
    await eventually(async () => expect(await t.db.sql('select 1 from channel_digest_item where channel_id = $1', [digest.channel_id])).toHaveLength(2));
    const digests = () => t.service.container.get(RequestScope).run(() => t.service.container.get(SendDailyDigests).execute());

    // Today's messages wait for tomorrow.
    expect(await digests()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages.filter((m) => m.envelopeTo.includes('digest-reader@example.test'))).toEqual([]);

    // The day is over (as if the clock had moved on): one e-mail with both, then nothing more.
    await t.db.sql('update channel_digest_item set digest_day = digest_day - 1 where channel_id = $1', [digest.channel_id]);
    expect(await digests()).toEqual({ sent: 1, failed: 0 });
    expect(await digests()).toEqual({ sent: 0, failed: 0 });
    const mails = smtp.messages.filter((m) => m.envelopeTo.includes('digest-reader@example.test'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('2 price alerts');
    expect(mails[0]!.text).toContain('Digest Volume One');
    expect(mails[0]!.text).toContain('Digest Volume Two');
    await eventually(async () => {
      const sent = (await alertEvents(userId)).filter((e) => e.log_event === 'alert_sent' && e.log_detail.channel === 'email');
      expect(sent).toHaveLength(2);
    });
  });
});

describe('with a slow mail server', () => {
  let slowSmtp: SmtpTestServer;
  let slow: TestService;
  beforeAll(async () => {
    slowSmtp = await startSmtpTestServer({ answerDelayMs: 5_000 });
    slow = await startTestService({
      DEMO_STORE_URL: demo.url, FETCH_COOLDOWN: '0', STORE_MIN_INTERVAL_MS: '0', FETCH_RETRIES: '0', SMTP_URL: slowSmtp.url,
    });
  });
  afterAll(async () => {
    await slow?.stop();
    await slowSmtp?.close();
  });

  it('answers the on-demand fetch before the mail server has taken the alert e-mail', async () => {
    const token = slow.token('patient', { email: 'patient@example.test' });
    expect((await slow.call('PUT', '/api/user/preferences', { token, body: { country: 'DE', currency: 'EUR', formats: ['paperback'], alert_email: true } })).status).toBe(200);
    const book = await bookWithEdition(slow, 'Worth The Wait');
    demoStoresAnswer(demo, book.isbn, { 'paperback-palace': ['9.00'] });
    expect((await slow.call('POST', '/api/wishes', { token, body: { book_id: book.bookId, max_price: { amount: '20.00', currency: 'EUR' } } })).status).toBe(201);
    const res = await slow.call('POST', `/api/editions/${book.editionId}/prices`);
    expect(res.status, res.text).toBe(201);
    // The answer came while the mail server still holds the message: the fetch did not wait for it.
    expect(slowSmtp.messages).toEqual([]);
    await eventually(async () => expect(slowSmtp.messages.map((m) => m.envelopeTo)).toEqual([['patient@example.test']]), 15_000);
  });
});
