import type { ServiceIdentifier } from 'inversify';
import type { ChannelMessage } from './channel-sender.js';

/** A message for one channel, with what its delivery logs (`alert_sent`: the book and the wish's max price). */
export interface QueuedChannelMessage {
  channelId: number;
  userId: number;
  bookId: number;
  threshold: string | null;
  message: ChannelMessage;
}

/**
 * Immediate channel messages, handed to the shared job queue in the transaction that stores their alerts: a message
 * exists if and only if its alert does. Each is delivered by whichever instance's worker takes it, retried with
 * backoff while the receiver fails.
 */
export interface ChannelMessageQueue {
  enqueue(messages: readonly QueuedChannelMessage[]): Promise<void>;
}
export const ChannelMessageQueue = Symbol.for('ChannelMessageQueue') as ServiceIdentifier<ChannelMessageQueue>;

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

/** Which messages reached their channel: a message is recorded, and logged as sent, once. */
export interface DeliveredMessages {
  has(idempotencyKey: string): Promise<boolean>;
  /** True when this call recorded it (false: it was recorded before). */
  record(idempotencyKey: string, channelId: number): Promise<boolean>;
}
export const DeliveredMessages = Symbol.for('DeliveredMessages') as ServiceIdentifier<DeliveredMessages>;
