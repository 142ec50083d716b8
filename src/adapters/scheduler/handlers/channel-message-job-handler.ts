import { inject, injectable } from 'inversify';
import { DeliverChannelMessage } from '../../../application/alerts/deliver-channel-message.js';
import type { QueuedChannelMessage } from '../../../application/alerts/ports/channel-message-queue.js';
import type { DeferredJob, Job, JobHandler } from '../../../application/shared/job-handler.js';
import { RequestScope } from '../../../application/shared/request-scope.js';
import { DeliveryRate } from '../../../domain/alerts/channel-limits.js';

/** A message as the job carries it: its dates as ISO text. */
function revived(data: QueuedChannelMessage): QueuedChannelMessage {
  return { ...data, message: { ...data.message, alert: { ...data.message.alert, createdAt: new Date(data.message.alert.createdAt) } } };
}

/**
 * Delivers a queued channel message. One its receiver may take later fails the job, so the queue retries it with
 * backoff. A user's messages beyond CHANNEL_MESSAGES_PER_MINUTE (counted in this process: one handler per process)
 * are deferred until a slot frees: late, not lost.
 */
@injectable()
export class ChannelMessageJobHandler implements JobHandler<QueuedChannelMessage> {
  private readonly rate = new DeliveryRate();

  constructor(
    @inject(RequestScope) private readonly scope: RequestScope,
    @inject(DeliverChannelMessage) private readonly deliver: DeliverChannelMessage,
  ) {}

  async handle({ data }: Job<QueuedChannelMessage>): Promise<void | DeferredJob> {
    const message = revived(data);
    const waitMs = this.rate.take(message.userId, Date.now());
    if (waitMs > 0) return { deferSeconds: waitMs / 1000 };
    const outcome = await this.scope.run(() => this.deliver.execute(message));
    if (outcome === 'retry') throw new Error(`channel ${message.channelId} did not take message ${message.message.idempotencyKey}; retrying later`);
  }
}
