import { ScheduleChannelMessages } from '../../../src/application/alerts/schedule-channel-messages.js';
import type { ChannelDirectory } from '../../../src/application/alerts/ports/channel-directory.js';
import type { ChannelMessageQueue, QueuedChannelMessage } from '../../../src/application/alerts/ports/channel-message-queue.js';
import type { DeliveredMessages } from '../../../src/application/alerts/ports/delivered-messages.js';
import type { DigestBatch, DigestInbox } from '../../../src/application/alerts/ports/digest-inbox.js';
import type { ChannelRoute } from '../../../src/domain/alerts/channel-messages.js';

/** The enabled channels of users, as routes. */
export class FakeChannelDirectory implements ChannelDirectory {
  constructor(readonly routes: ChannelRoute[] = []) {}

  async enabledChannelsOf(userIds: readonly number[]): Promise<ChannelRoute[]> {
    return this.routes.filter((r) => userIds.includes(r.userId));
  }
}

/** Which channels exist (InMemoryChannelRepository): without one, every channel does. */
export interface KnownChannels {
  hasChannel(channelId: number): boolean;
}
const EVERY_CHANNEL: KnownChannels = { hasChannel: () => true };

/** Keeps what was queued, in order. */
export class FakeChannelMessageQueue implements ChannelMessageQueue {
  readonly queued: QueuedChannelMessage[] = [];

  async enqueue(messages: readonly QueuedChannelMessage[]): Promise<void> {
    this.queued.push(...messages);
  }
}

/**
 * Digest items in memory, each with its day; `day` is what the next `add` files them under. Held to
 * test/contracts/ports/channel-deliveries.contract.ts: a message for a channel that is gone is dropped, batches come
 * in channel order, each from its earliest day.
 */
export class InMemoryDigestInbox implements DigestInbox {
  readonly items: Array<{ id: number; day: string; sent: boolean; message: QueuedChannelMessage }> = [];
  day = '2026-11-24';
  private nextId = 1;

  constructor(private readonly channels: KnownChannels = EVERY_CHANNEL) {}

  async add(messages: readonly QueuedChannelMessage[]): Promise<void> {
    for (const message of messages) {
      if (this.channels.hasChannel(message.channelId)) this.items.push({ id: this.nextId++, day: this.day, sent: false, message });
    }
  }

  async due(today: string): Promise<DigestBatch[]> {
    const batches = new Map<number, DigestBatch>();
    for (const item of this.items.filter((i) => !i.sent && i.day < today)) {
      const batch = batches.get(item.message.channelId) ?? { channelId: item.message.channelId, userId: item.message.userId, day: item.day, itemIds: [], messages: [] };
      batch.itemIds.push(item.id);
      batch.messages.push(item.message);
      if (item.day < batch.day) batch.day = item.day;
      batches.set(batch.channelId, batch);
    }
    return [...batches.values()].sort((a, b) => a.channelId - b.channelId);
  }

  async markSent(batch: DigestBatch): Promise<number> {
    let marked = 0;
    for (const item of this.items) {
      if (!batch.itemIds.includes(item.id) || item.sent) continue;
      item.sent = true;
      marked++;
    }
    return marked;
  }
}

/** Held to test/contracts/ports/channel-deliveries.contract.ts: nothing is recorded for a channel that is gone. */
export class InMemoryDeliveredMessages implements DeliveredMessages {
  readonly keys = new Map<string, number>();

  constructor(private readonly channels: KnownChannels = EVERY_CHANNEL) {}

  async has(idempotencyKey: string): Promise<boolean> {
    return this.keys.has(idempotencyKey);
  }

  async record(idempotencyKey: string, channelId: number): Promise<boolean> {
    if (this.keys.has(idempotencyKey) || !this.channels.hasChannel(channelId)) return false;
    this.keys.set(idempotencyKey, channelId);
    return true;
  }
}

/** ScheduleChannelMessages on the fakes above: what RecordObservations plans is observable in `queue` and `inbox`. */
export function channelScheduling(directory = new FakeChannelDirectory()) {
  const queue = new FakeChannelMessageQueue();
  const inbox = new InMemoryDigestInbox();
  return { schedule: new ScheduleChannelMessages(directory, queue, inbox), directory, queue, inbox };
}
