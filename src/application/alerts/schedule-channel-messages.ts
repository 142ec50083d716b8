import { inject, injectable } from 'inversify';
import { planChannelMessages, type PlannedMessage, type RaisedAlert } from '../../domain/alerts/channel-messages.js';
import { ChannelDirectory } from './ports/channel-directory.js';
import { ChannelMessageQueue, type QueuedChannelMessage } from './ports/channel-message-queue.js';
import { DigestInbox } from './ports/digest-inbox.js';

/**
 * Plans the channel messages of alerts just stored and keeps them in the same transaction: immediate ones go to the
 * job queue, daily-digest ones to the digest inbox. Nothing is sent here: delivery never runs inside the fetch's
 * transaction or on a request path.
 */
@injectable()
export class ScheduleChannelMessages {
  constructor(
    @inject(ChannelDirectory) private readonly directory: ChannelDirectory,
    @inject(ChannelMessageQueue) private readonly queue: ChannelMessageQueue,
    @inject(DigestInbox) private readonly digests: DigestInbox,
  ) {}

  async execute(alerts: readonly RaisedAlert[]): Promise<void> {
    if (alerts.length === 0) return;
    const channels = await this.directory.enabledChannelsOf([...new Set(alerts.map((a) => a.userId))]);
    const planned = planChannelMessages(alerts, channels).map(queued);
    const immediate = planned.filter((p) => p.delivery === 'immediate').map((p) => p.queued);
    const digest = planned.filter((p) => p.delivery === 'daily_digest').map((p) => p.queued);
    if (immediate.length > 0) await this.queue.enqueue(immediate);
    if (digest.length > 0) await this.digests.add(digest);
  }
}

function queued(planned: PlannedMessage): { delivery: PlannedMessage['delivery']; queued: QueuedChannelMessage } {
  const { lead } = planned;
  return {
    delivery: planned.delivery,
    queued: {
      channelId: planned.channelId,
      userId: planned.userId,
      bookId: lead.bookId,
      threshold: lead.threshold,
      message: {
        idempotencyKey: planned.idempotencyKey,
        alert: {
          alertId: lead.alertId,
          wishId: lead.wishId,
          bookId: lead.bookId,
          editionId: lead.editionId,
          storeId: lead.storeId,
          kind: lead.kind,
          amount: lead.amount,
          currency: lead.currency,
          previousAmount: lead.previousAmount,
          isRead: false,
          createdAt: lead.createdAt,
        },
        reasons: planned.reasons,
        book: { bookId: lead.bookId, title: lead.bookTitle },
        store: lead.storeId === null ? null : { storeId: lead.storeId, name: lead.storeName ?? '' },
        url: lead.url,
      },
    },
  };
}
