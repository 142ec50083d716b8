// Channel delivery on hand-written fakes: planning in the alerts' transaction, one attempt of a queued message, and
// the day's digests.
import { describe, expect, it } from 'vitest';
import { DeliverChannelMessage } from '../../../../src/application/alerts/deliver-channel-message.js';
import { ChannelDeliveryFailed } from '../../../../src/application/alerts/ports/channel-sender.js';
import { ScheduleChannelMessages } from '../../../../src/application/alerts/schedule-channel-messages.js';
import { SendDailyDigests } from '../../../../src/application/alerts/send-daily-digests.js';
import type { AlertKind } from '../../../../src/domain/alerts/alert.js';
import type { RaisedAlert } from '../../../../src/domain/alerts/channel-messages.js';
import { newChannelSettings } from '../../../../src/domain/alerts/channel-settings.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { FakeLogSink } from '../../../support/fakes/fake-log-sink.js';
import {
  FakeChannelDirectory,
  FakeChannelMessageQueue,
  InMemoryDeliveredMessages,
  InMemoryDigestInbox,
} from '../../../support/fakes/in-memory-channel-deliveries.js';
import { InMemoryChannelRepository } from '../../../support/fakes/in-memory-channel-repository.js';
import { RecordingChannelSender } from '../../../support/fakes/recording-channel-sender.js';

const READER = 7;
const raised = (kind: AlertKind, over: Partial<RaisedAlert> = {}): RaisedAlert => ({
  alertId: 1, userId: READER, wishId: 3, quoteId: 100, bookId: 9, bookTitle: 'Solaris', editionId: 11, storeId: 5,
  storeName: 'Corner Bookshop', kind, amount: '9.99', currency: 'EUR', previousAmount: '12.00',
  threshold: kind === 'below_max_price' ? '10.00' : null, url: 'https://shop.example/9780000000001',
  createdAt: new Date('2026-11-25T10:00:00Z'), ...over,
});

function world() {
  const clock = new FakeClock();
  const channels = new InMemoryChannelRepository(clock).accountEmail(READER, 'reader@example.org');
  const sender = new RecordingChannelSender();
  const delivered = new InMemoryDeliveredMessages();
  const logs = new FakeLogSink();
  const queue = new FakeChannelMessageQueue();
  const inbox = new InMemoryDigestInbox();
  const directory = new FakeChannelDirectory();
  return {
    clock, channels, sender, delivered, logs, queue, inbox, directory,
    schedule: new ScheduleChannelMessages(directory, queue, inbox),
    deliver: new DeliverChannelMessage(channels, sender, delivered, logs, clock, channels),
    digests: new SendDailyDigests(inbox, channels, sender, logs, clock, channels),
  };
}

async function aWebhook(w: ReturnType<typeof world>, over: Parameters<typeof newChannelSettings>[0] = { kind: 'webhook', target: 'https://hooks.example/in' }) {
  const channel = await w.channels.add(READER, newChannelSettings(over), over.kind === 'webhook' ? 'secret' : null);
  w.directory.routes.push({ channelId: channel.id, userId: READER, kind: channel.kind, alertKinds: channel.alertKinds, delivery: channel.delivery });
  return channel;
}

describe('ScheduleChannelMessages', () => {
  it('queues one message per quote per wish for an immediate channel, with the alert as the API shows it', async () => {
    const w = world();
    const channel = await aWebhook(w);
    await w.schedule.execute([raised('price_drop', { alertId: 1 }), raised('below_max_price', { alertId: 2 })]);
    expect(w.queue.queued).toHaveLength(1);
    expect(w.queue.queued[0]).toMatchObject({
      channelId: channel.id,
      userId: READER,
      bookId: 9,
      threshold: '10.00',
      message: {
        idempotencyKey: `shelfwatch-q100-w3-c${channel.id}`,
        alert: { alertId: 2, kind: 'below_max_price', amount: '9.99', currency: 'EUR', previousAmount: '12.00', isRead: false },
        reasons: ['below_max_price', 'price_drop'],
        book: { bookId: 9, title: 'Solaris' },
        store: { storeId: 5, name: 'Corner Bookshop' },
      },
    });
    expect(w.inbox.items).toEqual([]);
  });

  it("files a daily-digest channel's messages in the inbox instead of the queue", async () => {
    const w = world();
    await aWebhook(w, { kind: 'email', target: null, delivery: 'daily_digest' });
    await w.schedule.execute([raised('new_lowest')]);
    expect(w.queue.queued).toEqual([]);
    expect(w.inbox.items.map((i) => i.message.message.reasons)).toEqual([['new_lowest']]);
  });
});

describe('DeliverChannelMessage', () => {
  async function queuedMessage(w: ReturnType<typeof world>) {
    await w.schedule.execute([raised('below_max_price')]);
    return w.queue.queued[0]!;
  }

  it('sends, records and logs alert_sent with the channel kind once; a repeated job sends nothing more', async () => {
    const w = world();
    await aWebhook(w);
    const message = await queuedMessage(w);
    expect(await w.deliver.execute(message)).toBe('delivered');
    expect(await w.deliver.execute(message)).toBe('already_delivered');
    expect(w.sender.sent).toHaveLength(1);
    expect(w.sender.sent[0]!.destination).toEqual({ kind: 'webhook', target: 'https://hooks.example/in', secret: 'secret' });
    expect(w.logs.named('alert_sent').map((e) => e.detail)).toEqual([{ user_id: READER, book_id: 9, channel: 'webhook', threshold: '10.00' }]);
  });

  it('logs alert_failed for each failed attempt and asks for a retry while the failure may pass', async () => {
    const w = world();
    await aWebhook(w);
    const message = await queuedMessage(w);
    w.sender.failWith = new ChannelDeliveryFailed('the receiver answered 503', true);
    expect(await w.deliver.execute(message)).toBe('retry');
    expect(await w.deliver.execute(message)).toBe('retry');
    w.sender.failWith = null;
    expect(await w.deliver.execute(message)).toBe('delivered');
    expect(w.logs.names()).toEqual(['alert_failed', 'alert_failed', 'alert_sent']);
    expect(w.logs.named('alert_failed')[0]!.detail).toEqual({ user_id: READER, error: 'webhook: the receiver answered 503' });
  });

  it("keeps each attempt's outcome as the channel's last delivery", async () => {
    const w = world();
    await aWebhook(w);
    const message = await queuedMessage(w);
    w.sender.failWith = new ChannelDeliveryFailed('the receiver answered 503', true);
    await w.deliver.execute(message);
    expect(w.channels.of(READER)[0]!.lastDelivery).toEqual({ at: w.clock.now(), messageKind: 'alert', ok: false, failure: 'the receiver answered 503', retryable: true });
    w.clock.advance(1000);
    w.sender.failWith = null;
    await w.deliver.execute(message);
    expect(w.channels.of(READER)[0]!.lastDelivery).toEqual({ at: w.clock.now(), messageKind: 'alert', ok: true, failure: null, retryable: false });
  });

  it('gives up at once on a refusal that trying again will not change', async () => {
    const w = world();
    await aWebhook(w);
    w.sender.failWith = new ChannelDeliveryFailed('the receiver answered 404', false);
    expect(await w.deliver.execute(await queuedMessage(w))).toBe('refused');
    expect(w.delivered.keys.size).toBe(0);
  });

  it('sends nothing to a channel deleted or disabled while the message waited', async () => {
    const w = world();
    const channel = await aWebhook(w);
    const message = await queuedMessage(w);
    await w.channels.update(READER, channel.id, { ...newChannelSettings({ kind: 'webhook', target: 'https://hooks.example/in' }), isEnabled: false });
    expect(await w.deliver.execute(message)).toBe('channel_gone');
    await w.channels.remove(READER, channel.id);
    expect(await w.deliver.execute(message)).toBe('channel_gone');
    expect(w.sender.sent).toEqual([]);
    expect(w.logs.events).toEqual([]);
  });

  it("logs alert_failed when the account's own e-mail channel has no address to send to", async () => {
    const w = world();
    const clock = new FakeClock();
    const repository = new InMemoryChannelRepository(clock);
    const noAddress = new DeliverChannelMessage(repository, w.sender, w.delivered, w.logs, clock, repository);
    const channels = (noAddress as unknown as { channels: InMemoryChannelRepository }).channels;
    const channel = await channels.add(READER, newChannelSettings({ kind: 'email', target: null }), null);
    w.directory.routes.push({ channelId: channel.id, userId: READER, kind: 'email', alertKinds: channel.alertKinds, delivery: 'immediate' });
    expect(await noAddress.execute(await queuedMessage(w))).toBe('refused');
    expect(w.logs.named('alert_failed').map((e) => e.detail)).toEqual([{ user_id: READER, error: 'the account has no e-mail address' }]);
  });
});

describe('SendDailyDigests', () => {
  it("sends one e-mail per channel with the messages of the days before today, once, and logs each as sent", async () => {
    const w = world();
    await aWebhook(w, { kind: 'email', target: null, delivery: 'daily_digest' });
    w.inbox.day = '2026-11-24';
    await w.schedule.execute([raised('new_lowest', { quoteId: 100 }), raised('price_drop', { quoteId: 101 })]);
    w.inbox.day = '2026-11-25'; // today's: waits for tomorrow's digest
    await w.schedule.execute([raised('price_drop', { quoteId: 102 })]);

    expect(await w.digests.execute()).toEqual({ sent: 1, failed: 0 });
    expect(w.sender.digests).toHaveLength(1);
    expect(w.sender.digests[0]!.destination).toEqual({ kind: 'email', target: 'reader@example.org', secret: null });
    expect(w.sender.digests[0]!.messages.map((m) => m.reasons)).toEqual([['new_lowest'], ['price_drop']]);
    expect(w.sender.digests[0]!.day).toBe('2026-11-24');
    expect(w.logs.named('alert_sent').map((e) => e.detail.channel)).toEqual(['email', 'email']);

    expect(await w.digests.execute()).toEqual({ sent: 0, failed: 0 });
    expect(w.sender.digests).toHaveLength(1);
  });

  it('keeps the messages for the next run when the e-mail fails', async () => {
    const w = world();
    await aWebhook(w, { kind: 'email', target: null, delivery: 'daily_digest' });
    await w.schedule.execute([raised('new_lowest')]);
    w.sender.failWith = new ChannelDeliveryFailed('SMTP unreachable', true);
    expect(await w.digests.execute()).toEqual({ sent: 0, failed: 1 });
    expect(w.logs.named('alert_failed')).toHaveLength(1);
    expect(w.channels.of(READER)[0]!.lastDelivery).toMatchObject({ messageKind: 'digest', ok: false, failure: 'SMTP unreachable', retryable: true });
    w.sender.failWith = null;
    expect(await w.digests.execute()).toEqual({ sent: 1, failed: 0 });
    expect(w.channels.of(READER)[0]!.lastDelivery).toMatchObject({ messageKind: 'digest', ok: true, failure: null });
  });
});
