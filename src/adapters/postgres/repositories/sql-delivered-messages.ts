import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { DeliveredMessages } from '../../../application/alerts/ports/delivered-messages.js';
import { OrmEntityManager } from '../orm-tokens.js';
import type { Row } from './row-mapping.js';

@injectable()
export class SqlDeliveredMessages implements DeliveredMessages {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async has(idempotencyKey: string): Promise<boolean> {
    return (await this.em.execute<Row[]>('select 1 from channel_delivery where idempotency_key = ?', [idempotencyKey])).length > 0;
  }

  async record(idempotencyKey: string, channelId: number): Promise<boolean> {
    // The channel may have been deleted since the message was sent: nothing to record then (and nothing to repeat).
    const rows = await this.em.execute<Row[]>(
      `insert into channel_delivery (idempotency_key, channel_id)
       select ?, channel_id from notification_channel where channel_id = ?
       on conflict (idempotency_key) do nothing returning 1`,
      [idempotencyKey, channelId],
    );
    return rows.length > 0;
  }
}
