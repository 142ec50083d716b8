// What the channel workers rely on from DeliveredMessages (a message is recorded as sent once) and DigestInbox (a
// day's digest messages wait until the next day, are read per channel in order, and are marked sent once).
import { describe, expect, it } from 'vitest';
import type { QueuedChannelMessage } from '../../../src/application/alerts/ports/channel-message-queue.js';
import type { DeliveredMessages } from '../../../src/application/alerts/ports/delivered-messages.js';
import type { DigestInbox } from '../../../src/application/alerts/ports/digest-inbox.js';

export interface ChannelDeliveriesWorld {
  delivered: DeliveredMessages;
  inbox: DigestInbox;
  /** The UTC day (YYYY-MM-DD) the inbox files what it is given under. */
  today: string;
  /** A channel of a new user. */
  aChannel(): Promise<{ userId: number; channelId: number }>;
  /** The channel is deleted. */
  removeChannel(channel: { userId: number; channelId: number }): Promise<void>;
}

let messages = 0;
/** A digest message for the channel, its alert created at a whole second (as stored). */
function aMessage(channel: { userId: number; channelId: number }): QueuedChannelMessage {
  const n = ++messages;
  return {
    channelId: channel.channelId,
    userId: channel.userId,
    bookId: 40 + n,
    threshold: n % 2 === 0 ? '12.00' : null,
    message: {
      idempotencyKey: `alert-${n}/channel-${channel.channelId}`,
      alert: {
        alertId: n,
        wishId: 7,
        bookId: 40 + n,
        editionId: 9,
        storeId: 3,
        kind: 'price_drop',
        amount: '11.50',
        currency: 'EUR',
        previousAmount: '12.90',
        isRead: false,
        createdAt: new Date(Date.UTC(2026, 10, 25, 3, 0, n)),
      },
      reasons: ['price_drop', 'below_max_price'],
      book: { bookId: 40 + n, title: `Book ${n}` },
      store: { storeId: 3, name: 'Store' },
      url: `https://store.example/${n}`,
    },
  };
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function describeChannelDeliveriesContract(name: string, makeSubject: () => Promise<ChannelDeliveriesWorld>): void {
  describe(`DeliveredMessages contract: ${name}`, () => {
    it('records a message once', async () => {
      const w = await makeSubject();
      const channel = await w.aChannel();
      expect(await w.delivered.has('m-1')).toBe(false);
      expect(await w.delivered.record('m-1', channel.channelId)).toBe(true);
      expect(await w.delivered.record('m-1', channel.channelId)).toBe(false);
      expect(await w.delivered.has('m-1')).toBe(true);
      expect(await w.delivered.has('m-2')).toBe(false);
    });

    it('records nothing for a channel deleted since the message was sent', async () => {
      const w = await makeSubject();
      const channel = await w.aChannel();
      await w.removeChannel(channel);
      expect(await w.delivered.record('m-gone', channel.channelId)).toBe(false);
      expect(await w.delivered.has('m-gone')).toBe(false);
    });
  });

  describe(`DigestInbox contract: ${name}`, () => {
    it("keeps today's messages until tomorrow, then gives them per channel in channel order, oldest first", async () => {
      const w = await makeSubject();
      const [first, second] = [await w.aChannel(), await w.aChannel()];
      // The later channel's message arrives first: batches still come in channel order.
      const [b1, a1, a2] = [aMessage(second), aMessage(first), aMessage(first)];
      await w.inbox.add([b1]);
      await w.inbox.add([a1]);
      await w.inbox.add([a2]);
      expect(await w.inbox.due(w.today)).toEqual([]);
      const due = await w.inbox.due(nextDay(w.today));
      expect(due.map((b) => ({ channelId: b.channelId, userId: b.userId, day: b.day, messages: b.messages, items: b.itemIds.length }))).toEqual([
        { channelId: first.channelId, userId: first.userId, day: w.today, messages: [a1, a2], items: 2 },
        { channelId: second.channelId, userId: second.userId, day: w.today, messages: [b1], items: 1 },
      ]);
      expect(due[0]!.itemIds[0]).toBeLessThan(due[0]!.itemIds[1]!);
    });

    it('keeps every message of one call in the order given, so a digest lists them as they were planned', async () => {
      const w = await makeSubject();
      const channel = await w.aChannel();
      const sent = Array.from({ length: 12 }, () => aMessage(channel));
      await w.inbox.add(sent);
      const [batch, ...none] = await w.inbox.due(nextDay(w.today));
      expect(none).toEqual([]);
      const byKey = (m: QueuedChannelMessage) => m.message.idempotencyKey;
      expect(batch!.messages.map(byKey)).toEqual(sent.map(byKey));
      expect(new Set(batch!.itemIds).size).toBe(12);
    });

    it('marks a batch sent once; sent messages are not due again', async () => {
      const w = await makeSubject();
      const channel = await w.aChannel();
      await w.inbox.add([aMessage(channel), aMessage(channel)]);
      const [batch] = await w.inbox.due(nextDay(w.today));
      expect(await w.inbox.markSent(batch!)).toBe(2);
      expect(await w.inbox.markSent(batch!)).toBe(0);
      expect(await w.inbox.due(nextDay(w.today))).toEqual([]);
      // Messages added after the batch was read wait for their own.
      const later = aMessage(channel);
      await w.inbox.add([later]);
      expect((await w.inbox.due(nextDay(w.today))).map((b) => b.messages)).toEqual([[later]]);
    });

    it('drops messages for a channel that is gone', async () => {
      const w = await makeSubject();
      const [kept, gone] = [await w.aChannel(), await w.aChannel()];
      await w.removeChannel(gone);
      const message = aMessage(kept);
      await w.inbox.add([aMessage(gone), message]);
      expect((await w.inbox.due(nextDay(w.today))).map((b) => [b.channelId, b.messages])).toEqual([[kept.channelId, [message]]]);
    });
  });
}
