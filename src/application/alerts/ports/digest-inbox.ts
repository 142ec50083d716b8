import type { ServiceIdentifier } from 'inversify';
import type { QueuedChannelMessage } from './channel-message-queue.js';

/** The messages of daily-digest channels, kept until the day's e-mail goes out. */
export interface DigestInbox {
  /** In the transaction that stores the alerts, like ChannelMessageQueue.enqueue. */
  add(messages: readonly QueuedChannelMessage[]): Promise<void>;
  /** The messages of days before `today` (UTC) not yet sent, oldest first, per channel. */
  due(today: string): Promise<DigestBatch[]>;
  /** Marks a batch's messages sent; only those still waiting (another instance may have sent them). */
  markSent(batch: DigestBatch): Promise<number>;
}
export const DigestInbox = Symbol.for('DigestInbox') as ServiceIdentifier<DigestInbox>;

export interface DigestBatch {
  channelId: number;
  userId: number;
  /** The first day the batch's messages come from (YYYY-MM-DD). */
  day: string;
  itemIds: number[];
  messages: QueuedChannelMessage[];
}
