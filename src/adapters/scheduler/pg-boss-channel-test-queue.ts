import type PgBoss from 'pg-boss';
import type { ChannelTestQueue, ChannelTestRequest } from '../../application/alerts/ports/channel-test-queue.js';
import type { JobQueueDeclaration } from './job-queue-declaration.js';

/** At most one test message per channel in this many seconds: the test action cannot be used to flood a receiver. */
const TEST_INTERVAL_SECONDS = 10;

/** Asks for a channel's test message; the queue is 'short' (job-queues.ts): at most one test per channel waits. */
export class PgBossChannelTestQueue implements ChannelTestQueue {
  constructor(
    private readonly boss: PgBoss,
    private readonly queue: JobQueueDeclaration<ChannelTestRequest>,
  ) {}

  async enqueue(request: ChannelTestRequest): Promise<void> {
    // Answers null when a test of this channel already waits, or one was sent within the interval: nothing more to do.
    await this.boss.send(this.queue.name, { userId: request.userId, channelId: request.channelId }, {
      singletonKey: String(request.channelId),
      singletonSeconds: TEST_INTERVAL_SECONDS,
    });
  }
}
