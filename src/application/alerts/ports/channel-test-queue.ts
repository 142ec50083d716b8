import type { ServiceIdentifier } from 'inversify';

/** A channel's test message, asked for by its owner. */
export interface ChannelTestRequest {
  userId: number;
  channelId: number;
}

/**
 * Sends channel test messages off the request path: `enqueue` returns once the request is kept, and a worker sends
 * it (SendChannelTest). Only the channel's id travels, so its secret stays in the channel's row.
 */
export interface ChannelTestQueue {
  enqueue(request: ChannelTestRequest): Promise<void>;
}
export const ChannelTestQueue = Symbol.for('ChannelTestQueue') as ServiceIdentifier<ChannelTestQueue>;
