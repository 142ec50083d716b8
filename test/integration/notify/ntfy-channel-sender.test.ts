// ntfy delivery over a local receiver that reads a publish request the way an ntfy server does: a POST of plain
// text to the topic URL, the title in `Title` (RFC 2047 encoded words decoded), `Priority` and `Click`.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpChannelTransport } from '../../../src/adapters/notify/channel-http-delivery.js';
import { NtfyChannelSender } from '../../../src/adapters/notify/ntfy-channel-sender.js';
import { ChannelDeliveryFailed, type ChannelDestination } from '../../../src/application/alerts/ports/channel-sender.js';
import { decodeEncodedWords } from '../../support/smtp-test-server.js';
import { sampleChannelMessage } from '../../unit/adapters/notify/sample-channel-message.js';
import { type ChannelReceiver, startChannelReceiver } from './channel-receiver.js';

interface Published {
  topic: string;
  title: string;
  priority: string;
  click: string | undefined;
  message: string;
}

let receiver: ChannelReceiver;

/** The notification an ntfy server would show for a received request. */
function published(index = 0): Published {
  const request = receiver.received[index]!;
  expect(request.method).toBe('POST');
  expect(request.headers['content-type']).toMatch(/^text\/plain/);
  return {
    topic: request.path.slice(1),
    title: decodeEncodedWords(String(request.headers.title)),
    priority: String(request.headers.priority),
    click: request.headers.click as string | undefined,
    message: request.rawBody.toString('utf8'),
  };
}

beforeAll(async () => {
  receiver = await startChannelReceiver({
    '/shelfwatch-alerts': (res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"x1","event":"message","topic":"shelfwatch-alerts"}');
    },
    '/forbidden-topic': (res) => void res.writeHead(403, { 'content-type': 'application/json' }).end('{"code":40301,"error":"forbidden"}'),
    '/overloaded': (res) => void res.writeHead(503).end(),
  });
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.received.length = 0;
});

const topic = (path: string): ChannelDestination => ({ kind: 'ntfy', target: `${receiver.url}${path}`, secret: null });
const sender = new NtfyChannelSender(new HttpChannelTransport({ allowPrivate: true }), 1_000);

describe('ntfy delivery', () => {
  it('publishes one line of text with the title, a high priority for a price under the maximum, and the store page', async () => {
    await sender.send(topic('/shelfwatch-alerts'), sampleChannelMessage());
    expect(published()).toEqual({
      topic: 'shelfwatch-alerts',
      title: 'Shelfwatch: Dune at 9.99 EUR',
      priority: '4',
      click: 'https://paperback-palace.example/books/dune',
      message: '“Dune”: 9.99 EUR at Paperback Palace (at or under your price, price drop; was 12.50 EUR)',
    });
  });

  it('encodes a title that is not ASCII so that it decodes back', async () => {
    const message = sampleChannelMessage({ book: { bookId: 7, title: 'Война и мир' }, reasons: ['new_lowest'] });
    await sender.send(topic('/shelfwatch-alerts'), { ...message, alert: { ...message.alert, kind: 'new_lowest' } });
    const notification = published();
    expect(receiver.received[0]!.headers.title).toMatch(/^=\?UTF-8\?B\?/);
    expect(notification.title).toBe('Shelfwatch: Война и мир at 9.99 EUR');
    expect(notification.priority).toBe('3');
    expect(notification.message).toContain('“Война и мир”');
  });

  it("publishes to a protected topic with the URL's credentials as Basic authentication, never in the request line", async () => {
    const protectedTopic = { ...topic('/shelfwatch-alerts'), target: receiver.url.replace('://', '://reader:s3cr%40t@') + '/shelfwatch-alerts' };
    await sender.send(protectedTopic, sampleChannelMessage());
    const request = receiver.received[0]!;
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from('reader:s3cr@t').toString('base64')}`);
    expect(request.path).toBe('/shelfwatch-alerts');
    expect(published().topic).toBe('shelfwatch-alerts');
  });

  it('publishes a test message', async () => {
    await sender.sendTest(topic('/shelfwatch-alerts'));
    expect(published()).toMatchObject({ title: 'Shelfwatch: test message', priority: '3', click: undefined });
    expect(published().message).toMatch(/test/);
  });

  it('gives up on a refused topic, and retries later on an overloaded server', async () => {
    await expect(sender.send(topic('/forbidden-topic'), sampleChannelMessage())).rejects.toMatchObject({ retryable: false, message: expect.stringMatching(/403/) });
    await expect(sender.send(topic('/overloaded'), sampleChannelMessage())).rejects.toMatchObject({ retryable: true, message: expect.stringMatching(/503/) });
  });

  it('does not publish to this machine unless the operator allows private targets', async () => {
    const guarded = new NtfyChannelSender(new HttpChannelTransport({ allowPrivate: false }), 1_000);
    const delivery = guarded.send(topic('/shelfwatch-alerts'), sampleChannelMessage());
    await expect(delivery).rejects.toBeInstanceOf(ChannelDeliveryFailed);
    await expect(delivery).rejects.toMatchObject({ retryable: false, message: expect.stringMatching(/local or private address/) });
    expect(receiver.received).toHaveLength(0);
  });
});
