import { inject, injectable } from 'inversify';
import { ChannelWithoutAddressError } from '../../domain/alerts/channel-settings.js';
import { deliveredAttempt, failedAttempt } from '../../domain/alerts/delivery-attempt.js';
import { alertFailed, alertSent } from '../../domain/logging/pricing-events.js';
import { LogSink } from '../logging/log-sink.js';
import { Clock } from '../shared/clock.js';
import { destinationOfFound } from './channel-destination.js';
import { DigestInbox } from './ports/digest-inbox.js';
import { ChannelRepository } from './ports/channel-repository.js';
import { ChannelDeliveryFailed, ChannelSender } from './ports/channel-sender.js';
import { DeliveryAttempts } from './ports/delivery-attempts.js';

export interface DigestRun {
  sent: number;
  failed: number;
}

/**
 * The day's digest e-mails: for each daily-digest channel, one e-mail with the messages of the days before today
 * (UTC) that are still waiting. A failed e-mail leaves its messages waiting for the next run; a channel deleted or
 * disabled meanwhile drops its messages. `alert_sent` is logged per message of a sent digest, as for any delivery.
 */
@injectable()
export class SendDailyDigests {
  constructor(
    @inject(DigestInbox) private readonly inbox: DigestInbox,
    @inject(ChannelRepository) private readonly channels: ChannelRepository,
    @inject(ChannelSender) private readonly sender: ChannelSender,
    @inject(LogSink) private readonly logs: LogSink,
    @inject(Clock) private readonly clock: Clock,
    @inject(DeliveryAttempts) private readonly attempts: DeliveryAttempts,
  ) {}

  async execute(): Promise<DigestRun> {
    const run: DigestRun = { sent: 0, failed: 0 };
    for (const batch of await this.inbox.due(this.clock.now().toISOString().slice(0, 10))) {
      const channel = await this.channels.find(batch.userId, batch.channelId);
      let destination;
      try {
        destination = channel && channel.isEnabled ? await destinationOfFound(this.channels, batch.userId, channel) : null;
      } catch (error) {
        if (!(error instanceof ChannelWithoutAddressError)) throw error;
        destination = null;
      }
      if (destination === null) {
        // Deleted, disabled or left without an address: its waiting messages are dropped.
        await this.inbox.markSent(batch);
        continue;
      }
      try {
        await this.sender.sendDigest(destination, batch.messages.map((m) => m.message), batch.day);
      } catch (error) {
        run.failed++;
        const reason = error instanceof Error ? error.message : String(error);
        this.logs.record(alertFailed({ user_id: batch.userId, error: `email digest: ${reason}` }, this.clock.now()));
        // Its messages wait for the next run whatever the failure: "retryable" tells the owner whether that may help.
        const retryable = !(error instanceof ChannelDeliveryFailed) || error.retryable;
        await this.attempts.record(batch.userId, batch.channelId, failedAttempt(this.clock.now(), 'digest', reason, retryable));
        continue;
      }
      if ((await this.inbox.markSent(batch)) === 0) continue;
      await this.attempts.record(batch.userId, batch.channelId, deliveredAttempt(this.clock.now(), 'digest'));
      run.sent++;
      for (const m of batch.messages) {
        this.logs.record(alertSent({ user_id: batch.userId, book_id: m.bookId, channel: 'email', threshold: m.threshold }, this.clock.now()));
      }
    }
    return run;
  }
}
