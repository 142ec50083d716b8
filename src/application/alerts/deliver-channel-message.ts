import { inject, injectable } from 'inversify';
import { ChannelWithoutAddressError } from '../../domain/alerts/channel-settings.js';
import { deliveredAttempt, failedAttempt } from '../../domain/alerts/delivery-attempt.js';
import { alertFailed, alertSent } from '../../domain/logging/pricing-events.js';
import { LogSink } from '../logging/log-sink.js';
import { Clock } from '../shared/clock.js';
import { destinationOfFound } from './channel-destination.js';
import type { QueuedChannelMessage } from './ports/channel-message-queue.js';
import { DeliveredMessages } from './ports/delivered-messages.js';
import { ChannelRepository } from './ports/channel-repository.js';
import { ChannelDeliveryFailed, ChannelSender } from './ports/channel-sender.js';
import { DeliveryAttempts } from './ports/delivery-attempts.js';

/** What became of one attempt; `retry`: the receiver may take it later (the queue tries again with backoff). */
export type MessageOutcome = 'delivered' | 'already_delivered' | 'channel_gone' | 'refused' | 'retry';

/**
 * Delivers one queued channel message (the worker's side). The channel is read again: one deleted, disabled or
 * left without an address since the message was planned gets nothing. A message already recorded as delivered (a
 * repeated job) is not sent again. Every attempt's outcome is logged: `alert_sent` once, when it is recorded;
 * `alert_failed` for each failed attempt. Each attempt is also kept as the channel's last delivery, for its owner.
 */
@injectable()
export class DeliverChannelMessage {
  constructor(
    @inject(ChannelRepository) private readonly channels: ChannelRepository,
    @inject(ChannelSender) private readonly sender: ChannelSender,
    @inject(DeliveredMessages) private readonly delivered: DeliveredMessages,
    @inject(LogSink) private readonly logs: LogSink,
    @inject(Clock) private readonly clock: Clock,
    @inject(DeliveryAttempts) private readonly attempts: DeliveryAttempts,
  ) {}

  async execute(queued: QueuedChannelMessage): Promise<MessageOutcome> {
    const channel = await this.channels.find(queued.userId, queued.channelId);
    if (!channel || !channel.isEnabled) return 'channel_gone';
    if (await this.delivered.has(queued.message.idempotencyKey)) return 'already_delivered';
    let destination;
    try {
      destination = await destinationOfFound(this.channels, queued.userId, channel);
    } catch (error) {
      if (!(error instanceof ChannelWithoutAddressError)) throw error;
      // The account's own e-mail channel, and the account has no address: nothing to send, and the user should know.
      this.logs.record(alertFailed({ user_id: queued.userId, error: 'the account has no e-mail address' }, this.clock.now()));
      await this.attempts.record(queued.userId, queued.channelId, failedAttempt(this.clock.now(), 'alert', 'the account has no e-mail address', false));
      return 'refused';
    }
    try {
      await this.sender.send(destination, queued.message);
    } catch (error) {
      this.logs.record(alertFailed({ user_id: queued.userId, error: `${channel.kind}: ${errorText(error)}` }, this.clock.now()));
      const retryable = !(error instanceof ChannelDeliveryFailed) || error.retryable;
      await this.attempts.record(queued.userId, queued.channelId, failedAttempt(this.clock.now(), 'alert', errorText(error), retryable));
      return retryable ? 'retry' : 'refused';
    }
    if (await this.delivered.record(queued.message.idempotencyKey, queued.channelId)) {
      this.logs.record(alertSent({ user_id: queued.userId, book_id: queued.bookId, channel: channel.kind, threshold: queued.threshold }, this.clock.now()));
    }
    // After the delivery is recorded: should this write fail, the repeated job finds it delivered and sends nothing.
    await this.attempts.record(queued.userId, queued.channelId, deliveredAttempt(this.clock.now(), 'alert'));
    return 'delivered';
  }
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
