import type PgBoss from 'pg-boss';
import type { ChannelTestQueue, ChannelTestRequest } from '../../application/alerts/ports/channel-test-queue.js';

export const CHANNEL_TEST_QUEUE = 'channel-test';

/** At most one test message per channel in this many seconds: the test action cannot be used to flood a receiver. */
const TEST_INTERVAL_SECONDS = 10;

/**
 * The channel test queue: 'short', so a channel has at most one test waiting (asking again while one waits adds
 * nothing). A failure that may pass later is retried a few times with backoff.
 */
export async function createChannelTestQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(CHANNEL_TEST_QUEUE, {
    name: CHANNEL_TEST_QUEUE, policy: 'short', retryLimit: 3, retryDelay: 15, retryBackoff: true, expireInSeconds: 120,
  });
}

export class PgBossChannelTestQueue implements ChannelTestQueue {
  constructor(private readonly boss: PgBoss) {}

  async enqueue(request: ChannelTestRequest): Promise<void> {
    // Answers null when a test of this channel already waits, or one was sent within the interval: nothing more to do.
    await this.boss.send(CHANNEL_TEST_QUEUE, { userId: request.userId, channelId: request.channelId }, {
      singletonKey: String(request.channelId),
      singletonSeconds: TEST_INTERVAL_SECONDS,
    });
  }
}

export interface ChannelTestWorker {
  stop(): Promise<void>;
}

/** This instance's worker for channel tests. A send that throws fails the job, so pg-boss retries it later. */
export async function startChannelTestWorker(boss: PgBoss, send: (request: ChannelTestRequest) => Promise<void>): Promise<ChannelTestWorker> {
  await boss.work<ChannelTestRequest>(CHANNEL_TEST_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await send({ userId: Number(job.data.userId), channelId: Number(job.data.channelId) });
  });
  return { stop: () => boss.offWork(CHANNEL_TEST_QUEUE) };
}
