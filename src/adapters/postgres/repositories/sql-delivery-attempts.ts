import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { DeliveryAttempts } from '../../../application/alerts/ports/delivery-attempts.js';
import type { DeliveryAttempt } from '../../../domain/alerts/delivery-attempt.js';
import { OrmEntityManager } from '../orm-tokens.js';

/** A channel's latest delivery attempt, in its own row: one small update per attempt, outside any transaction. */
@injectable()
export class SqlDeliveryAttempts implements DeliveryAttempts {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async record(userId: number, channelId: number, attempt: DeliveryAttempt): Promise<void> {
    // Messages to one channel are sent side by side: an attempt that ends before the one already kept does not replace it.
    await this.em.execute(
      `update notification_channel
       set last_attempt_at = ?, last_attempt_kind = ?, last_attempt_ok = ?, last_attempt_failure = ?, last_attempt_retryable = ?
       where user_id = ? and channel_id = ? and (last_attempt_at is null or last_attempt_at <= ?)`,
      [attempt.at, attempt.messageKind, attempt.ok, attempt.failure, attempt.retryable, userId, channelId, attempt.at],
    );
  }
}
