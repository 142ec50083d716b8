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
