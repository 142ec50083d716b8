// Webhook delivery over a real local receiver: the signed JSON a user's endpoint gets, what counts as delivered and
// what is retried, and that no URL (or answer) can make Shelfwatch post to this machine or a local network.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type dns from 'node:dns';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpChannelTransport } from '../../../src/adapters/notify/channel-http-delivery.js';
import { WebhookChannelSender } from '../../../src/adapters/notify/webhook-channel-sender.js';
import { ChannelDeliveryFailed, type ChannelDestination } from '../../../src/application/alerts/ports/channel-sender.js';
import { SAMPLE_WEBHOOK_BODY, sampleChannelMessage } from '../../unit/adapters/notify/sample-channel-message.js';
import { type ChannelReceiver, closedPort, pause, startChannelReceiver } from './channel-receiver.js';

const SECRET = 'whsec_test_5f2b9c';

/** How a receiver checks a delivery: the HMAC of the raw body, compared in constant time. */
function hasValidSignature(rawBody: Buffer, signatureHeader: string | undefined, secret: string): boolean {
  const expected = `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
  return signatureHeader !== undefined && signatureHeader.length === expected.length && timingSafeEqual(Buffer.from(signatureHeader), Buffer.from(expected));
}

let receiver: ChannelReceiver;

beforeAll(async () => {
  receiver = await startChannelReceiver({
    '/ok': (res) => void res.writeHead(204).end(),
    '/accepted': (res) => void res.writeHead(202, { 'content-type': 'application/json' }).end('{"queued":true}'),
    '/fail': (res) => void res.writeHead(500).end('down for maintenance'),
    '/busy': (res) => void res.writeHead(429, { 'retry-after': '30' }).end(),
    '/request-timeout': (res) => void res.writeHead(408).end(),
    '/bad-request': (res) => void res.writeHead(400).end(),
    '/slow': async (res, signal) => {
      await pause(5_000, signal);
      if (!signal.aborted) res.writeHead(204).end();
    },
    '/cut-short': (res) => {
      res.writeHead(200, { 'content-length': '1000' }).write('{"partial":');
      setTimeout(() => res.destroy(), 20);
    },
    '/moved': (res) => void res.writeHead(302, { location: `${receiver.url}/ok` }).end(),
    '/to-internal': (res) => void res.writeHead(307, { location: `http://127.0.0.2:${receiver.port}/ok` }).end(),
  });
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.received.length = 0;
});

const at = (path: string, secret: string | null = SECRET): ChannelDestination => ({ kind: 'webhook', target: `${receiver.url}${path}`, secret });
/** The receiver is on this machine, which only an operator's CHANNEL_ALLOW_PRIVATE lets a channel reach. */
const localSender = new WebhookChannelSender(new HttpChannelTransport({ allowPrivate: true }), 300);

async function failureOf(delivery: Promise<void>): Promise<ChannelDeliveryFailed> {
  const error = await delivery.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChannelDeliveryFailed);
  return error as ChannelDeliveryFailed;
}

describe('webhook delivery', () => {
  it('POSTs the alert as signed JSON that the receiver can verify with the secret', async () => {
    await localSender.send(at('/ok'), sampleChannelMessage());
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request!.method).toBe('POST');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['user-agent']).toMatch(/Shelfwatch/);
    expect(request!.headers['idempotency-key']).toBe('alert-41-channel-7');
    expect(hasValidSignature(request!.rawBody, request!.headers['shelfwatch-signature'] as string, SECRET)).toBe(true);
    expect(hasValidSignature(request!.rawBody, request!.headers['shelfwatch-signature'] as string, 'another secret')).toBe(false);
    expect(JSON.parse(request!.rawBody.toString('utf8'))).toStrictEqual(SAMPLE_WEBHOOK_BODY);
  });

  it('signs the raw bytes of a body with non-ASCII text', async () => {
    await localSender.send(at('/accepted'), sampleChannelMessage({ book: { bookId: 5, title: 'Les Misérables – “tome 1”' } }));
    const [request] = receiver.received;
    expect(hasValidSignature(request!.rawBody, request!.headers['shelfwatch-signature'] as string, SECRET)).toBe(true);
    expect(JSON.parse(request!.rawBody.toString('utf8')).book.book_original_title).toBe('Les Misérables – “tome 1”');
  });

  it('counts a 2xx as delivered even when the rest of the answer never comes', async () => {
    await localSender.send(at('/cut-short'), sampleChannelMessage());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(receiver.received).toHaveLength(1);
  });

  it('sends the same idempotency key on every attempt of one message', async () => {
    await localSender.send(at('/fail'), sampleChannelMessage()).catch(() => undefined);
    await localSender.send(at('/ok'), sampleChannelMessage());
    expect(receiver.received.map((r) => r.headers['idempotency-key'])).toEqual(['alert-41-channel-7', 'alert-41-channel-7']);
  });

  it('sends a signed test message', async () => {
    await localSender.sendTest(at('/ok'));
    const [request] = receiver.received;
    const body = JSON.parse(request!.rawBody.toString('utf8'));
    expect(body).toMatchObject({ event: 'test', idempotency_key: request!.headers['idempotency-key'] });
    expect(hasValidSignature(request!.rawBody, request!.headers['shelfwatch-signature'] as string, SECRET)).toBe(true);
  });

  it('retries later on 500, 429 and 408', async () => {
    for (const path of ['/fail', '/busy', '/request-timeout']) {
      const failure = await failureOf(localSender.send(at(path), sampleChannelMessage()));
      expect(failure.retryable).toBe(true);
      expect(failure.message).toMatch(/answered (500|429|408)/);
    }
  });

  it('gives up on another 4xx', async () => {
    for (const path of ['/bad-request', '/missing']) {
      const failure = await failureOf(localSender.send(at(path), sampleChannelMessage()));
      expect(failure.retryable).toBe(false);
      expect(failure.message).toMatch(/answered (400|404)/);
    }
  });

  it('retries later when the receiver does not answer in time', async () => {
    const started = Date.now();
    const failure = await failureOf(localSender.send(at('/slow'), sampleChannelMessage()));
    expect(failure.retryable).toBe(true);
    expect(failure.message).toMatch(/did not answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('retries later when nothing listens', async () => {
    const port = await closedPort();
    const failure = await failureOf(localSender.send({ kind: 'webhook', target: `http://127.0.0.1:${port}/`, secret: SECRET }, sampleChannelMessage()));
    expect(failure.retryable).toBe(true);
    expect(failure.message).toMatch(/ECONNREFUSED/);
  });

  it('does not follow a redirect: a failure for good that names where it pointed by scheme and host only, and no second request', async () => {
    const failure = await failureOf(localSender.send(at('/moved'), sampleChannelMessage()));
    expect(failure.retryable).toBe(false);
    expect(failure.message).toContain(`redirecting to ${receiver.url}/…`);
    expect(failure.message).not.toContain('/ok');
    expect(receiver.received.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /moved']);
  });

  it('sends nothing without a signing secret', async () => {
    const failure = await failureOf(localSender.send(at('/ok', null), sampleChannelMessage()));
    expect(failure.retryable).toBe(false);
    expect(receiver.received).toHaveLength(0);
  });
});

describe('webhook delivery never reaches this machine or a local network (CHANNEL_ALLOW_PRIVATE off)', () => {
  /** Names used below; any other name is unknown. */
  const lookup = ((hostname: string, options: dns.LookupAllOptions, callback: (e: NodeJS.ErrnoException | null, a: dns.LookupAddress[]) => void) => {
    const addresses: Record<string, string> = { 'intranet.example.test': '10.0.0.1', 'rebound.example.test': '127.0.0.1', 'public.example.test': '127.0.0.1' };
    const address = addresses[hostname];
    if (address === undefined) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(null, [{ address, family: 4 }]);
  }) as unknown as typeof dns.lookup;
  const sender = new WebhookChannelSender(new HttpChannelTransport({ allowPrivate: false, lookup }), 1_000);

  const refusals: Array<[string, () => string]> = [
    ['a loopback address', () => `http://127.0.0.1:${receiver.port}/ok`],
    ['the IPv6 loopback', () => `http://[::1]:${receiver.port}/ok`],
    ['the loopback written inside an IPv6 address', () => `http://[::ffff:127.0.0.1]:${receiver.port}/ok`],
    ['the loopback written as one number', () => `http://2130706433:${receiver.port}/ok`],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a name resolving to a private address', () => 'http://intranet.example.test/hook'],
    ['a name resolving to this machine', () => `http://rebound.example.test:${receiver.port}/ok`],
  ];
  for (const [what, target] of refusals) {
    it(`refuses ${what}, for good, naming why`, async () => {
      const failure = await failureOf(sender.send({ kind: 'webhook', target: target(), secret: SECRET }, sampleChannelMessage()));
      expect(failure.retryable).toBe(false);
      expect(failure.message).toMatch(/refused to connect to .*local or private address/);
      expect(receiver.received).toHaveLength(0);
    });
  }

  it('refuses localhost through the real name resolution', async () => {
    const real = new WebhookChannelSender(new HttpChannelTransport({ allowPrivate: false }), 1_000);
    const failure = await failureOf(real.send({ kind: 'webhook', target: `http://localhost:${receiver.port}/ok`, secret: SECRET }, sampleChannelMessage()));
    expect(failure.retryable).toBe(false);
    expect(failure.message).toMatch(/refused to connect to localhost/);
    expect(receiver.received).toHaveLength(0);
  });

  it('does not let a public receiver redirect it to an internal address', async () => {
    // Here 127.0.0.1 plays a public host and 127.0.0.2 an internal one (both are this machine).
    const publicLooking = new WebhookChannelSender(new HttpChannelTransport({ allowPrivate: false, lookup, isPrivate: (address) => address === '127.0.0.2' }), 1_000);
    const target = `http://public.example.test:${receiver.port}/to-internal`;
    const failure = await failureOf(publicLooking.send({ kind: 'webhook', target, secret: SECRET }, sampleChannelMessage()));
    expect(failure.retryable).toBe(false);
    expect(failure.message).toContain(`redirecting to http://127.0.0.2:${receiver.port}/…`);
    expect(receiver.received.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /to-internal']);
  });
});
