import type { EntityManager } from '@mikro-orm/postgresql';
import type PgBoss from 'pg-boss';
import type { ChannelMessageQueue, QueuedChannelMessage } from '../../application/alerts/ports/channel-message-queue.js';
import { sqlOnCurrentTransaction } from '../kits/sql/transaction-sql.js';
import type { JobQueueDeclaration } from './job-queue-declaration.js';

/** How a channel message that its receiver may take later is tried again (CHANNEL_RETRY_LIMIT, CHANNEL_RETRY_DELAY_SECONDS). */
export interface ChannelRetryPolicy {
  /** Attempts after the first, spaced by `retryDelaySeconds` doubling each time. */
  retryLimit: number;
  retryDelaySeconds: number;
}

/**
 * Inserts the jobs with the statement runner of the caller's transaction (the ORM's global EntityManager routes to
 * it), so the messages are queued if and only if the alerts they are about are stored. The job's singleton key is the
 * message's idempotency key: the same message is never queued twice.
 */
export class PgBossChannelMessageQueue implements ChannelMessageQueue {
  constructor(
    private readonly boss: PgBoss,
    private readonly entityManager: EntityManager,
    private readonly queue: JobQueueDeclaration<QueuedChannelMessage>,
  ) {}

  async enqueue(messages: readonly QueuedChannelMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.boss.insert(
      messages.map((m) => ({ name: this.queue.name, data: m, singletonKey: m.message.idempotencyKey })),
      { db: sqlOnCurrentTransaction(this.entityManager) as PgBoss.Db },
    );
  }
}
