import { inject, injectable } from 'inversify';
import { ChannelNotFoundError, ChannelWithoutAddressError } from '../../domain/alerts/channel-settings.js';
import { deliveredAttempt, failedAttempt } from '../../domain/alerts/delivery-attempt.js';
import { Clock } from '../shared/clock.js';
import { destinationOf } from './channel-destination.js';
import { ChannelRepository } from './ports/channel-repository.js';
import type { ChannelTestRequest } from './ports/channel-test-queue.js';
import { ChannelDeliveryFailed, ChannelSender } from './ports/channel-sender.js';
import { DeliveryAttempts } from './ports/delivery-attempts.js';

/** What became of a queued test message; `refused`: the receiver said no in a way that trying again will not change. */
export type ChannelTestOutcome = { kind: 'sent' } | { kind: 'channel_gone' } | { kind: 'refused'; reason: string };

/**
 * Sends a queued test message (the worker's side of TestChannel). The destination is read again: a channel deleted
 * or left without an address since the request has nothing to send. A failure that may pass later (5xx, timeout)
 * rejects, so the queue retries it. Every attempt is kept as the channel's last delivery: the test action answered
 * 202 before anything was sent, and this is how its owner learns what happened.
 */
@injectable()
export class SendChannelTest {
  constructor(
    @inject(ChannelRepository) private readonly channels: ChannelRepository,
    @inject(ChannelSender) private readonly sender: ChannelSender,
    @inject(DeliveryAttempts) private readonly attempts: DeliveryAttempts,
    @inject(Clock) private readonly clock: Clock,
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
    } catch (error) {
      const retryable = !(error instanceof ChannelDeliveryFailed) || error.retryable;
      const reason = error instanceof Error ? error.message : String(error);
      await this.attempts.record(request.userId, request.channelId, failedAttempt(this.clock.now(), 'test', reason, retryable));
      if (!retryable) return { kind: 'refused', reason };
      throw error;
    }
    await this.attempts.record(request.userId, request.channelId, deliveredAttempt(this.clock.now(), 'test'));
    return { kind: 'sent' };
  }
}
