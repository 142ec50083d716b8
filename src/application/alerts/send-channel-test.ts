import { inject, injectable } from 'inversify';
import { ChannelNotFoundError, ChannelWithoutAddressError } from '../../domain/alerts/channel-settings.js';
import { destinationOf } from './channel-destination.js';
import { ChannelRepository } from './ports/channel-repository.js';
import type { ChannelTestRequest } from './ports/channel-test-queue.js';
import { ChannelDeliveryFailed, ChannelSender } from './ports/channel-sender.js';

/** What became of a queued test message; `refused`: the receiver said no in a way that trying again will not change. */
export type ChannelTestOutcome = { kind: 'sent' } | { kind: 'channel_gone' } | { kind: 'refused'; reason: string };

/**
 * Sends a queued test message (the worker's side of TestChannel). The destination is read again: a channel deleted
 * or left without an address since the request has nothing to send. A failure that may pass later (5xx, timeout)
 * rejects, so the queue retries it.
 */
@injectable()
export class SendChannelTest {
  constructor(
    @inject(ChannelRepository) private readonly channels: ChannelRepository,
    @inject(ChannelSender) private readonly sender: ChannelSender,
  ) {}

  async execute(request: ChannelTestRequest): Promise<ChannelTestOutcome> {
    let destination;
    try {
      destination = await destinationOf(this.channels, request.userId, request.channelId);
    } catch (error) {
      if (error instanceof ChannelNotFoundError || error instanceof ChannelWithoutAddressError) return { kind: 'channel_gone' };
      throw error;
    }
    try {
      await this.sender.sendTest(destination);
      return { kind: 'sent' };
    } catch (error) {
      if (error instanceof ChannelDeliveryFailed && !error.retryable) return { kind: 'refused', reason: error.message };
      throw error;
    }
  }
}
