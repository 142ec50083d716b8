import type PgBoss from 'pg-boss';
import type { ChannelMessageQueue, QueuedChannelMessage } from '../../application/alerts/ports/channel-message-queue.js';
import type { SqlExecutor } from '../kits/sql/transaction-sql.js';

export const CHANNEL_MESSAGE_QUEUE = 'channel-message';

export interface ChannelRetryPolicy {
  /** Attempts after the first, spaced by `retryDelaySeconds` doubling each time. */
  retryLimit: number;
  retryDelaySeconds: number;
}

/** The queue of immediate channel messages; a job that throws is retried with backoff, up to the policy's limit. */
export async function createChannelMessageQueue(boss: PgBoss, policy: ChannelRetryPolicy): Promise<void> {
  await boss.createQueue(CHANNEL_MESSAGE_QUEUE, {
    name: CHANNEL_MESSAGE_QUEUE, policy: 'standard', retryLimit: policy.retryLimit, retryDelay: policy.retryDelaySeconds, retryBackoff: true,
    expireInSeconds: 300,
  });
}

/**
 * Inserts the jobs with the statement runner of the caller's transaction, so the messages are queued if and only if
 * the alerts they are about are stored. The job id is derived from the message's idempotency key: the same message
 * is never queued twice.
 */
export class PgBossChannelMessageQueue implements ChannelMessageQueue {
  constructor(
    private readonly boss: () => PgBoss,
    private readonly transactionSql: () => SqlExecutor,
  ) {}

  async enqueue(messages: readonly QueuedChannelMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.boss().insert(
      messages.map((m) => ({ name: CHANNEL_MESSAGE_QUEUE, data: m, singletonKey: m.message.idempotencyKey })),
      { db: this.transactionSql() as PgBoss.Db },
    );
  }
}

export interface ChannelMessageWorker {
  stop(): Promise<void>;
}

/** A message as the job carries it: its dates as ISO text. */
function revived(data: QueuedChannelMessage): QueuedChannelMessage {
  return { ...data, message: { ...data.message, alert: { ...data.message.alert, createdAt: new Date(data.message.alert.createdAt) } } };
}

/** Messages taken at once per poll; they go to different receivers, so they are sent side by side. */
const MESSAGES_PER_POLL = 16;

/** What `deliver` answers for a message that may not go out yet (its user's rate): queued again to start then. */
export interface DeferredMessage {
  deferSeconds: number;
}

/**
 * This instance's worker for channel messages: `deliver` resolves when the message needs no further attempt
 * (delivered, refused for good, its channel gone) and rejects to have the queue try again later. The jobs of a poll
 * are settled one by one: a failed one is failed (and retried with backoff), the others complete. A deferred one is
 * queued again to start after the given delay (not an attempt: its retries are not used up) and completes.
 */
export async function startChannelMessageWorker(
  boss: PgBoss,
  deliver: (message: QueuedChannelMessage) => Promise<void | DeferredMessage>,
): Promise<ChannelMessageWorker> {
  await boss.work<QueuedChannelMessage>(CHANNEL_MESSAGE_QUEUE, { batchSize: MESSAGES_PER_POLL, pollingIntervalSeconds: 1 }, async (jobs) => {
    await Promise.all(
      jobs.map(async (job) => {
        try {
          const outcome = await deliver(revived(job.data));
          if (outcome) {
            await boss.send(CHANNEL_MESSAGE_QUEUE, job.data as object, {
              startAfter: Math.max(1, Math.ceil(outcome.deferSeconds)),
              singletonKey: job.data.message.idempotencyKey,
            });
          }
        } catch (error) {
          await boss.fail(CHANNEL_MESSAGE_QUEUE, job.id, { message: error instanceof Error ? error.message : String(error) });
        }
      }),
    );
  });
  return { stop: () => boss.offWork(CHANNEL_MESSAGE_QUEUE) };
}
