import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { QueuedChannelMessage } from '../../../application/alerts/ports/channel-message-queue.js';
import type { DigestBatch, DigestInbox } from '../../../application/alerts/ports/digest-inbox.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { bigintArray, type Row, toId } from './row-mapping.js';

/** A queued message as stored: its timestamps as ISO text, read back into dates. */
type StoredMessage = Omit<QueuedChannelMessage, 'message'> & { message: Omit<QueuedChannelMessage['message'], 'alert'> & { alert: Record<string, unknown> } };

@injectable()
export class SqlDigestInbox implements DigestInbox {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async add(messages: readonly QueuedChannelMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.em.execute(
      // In the order given (ids follow it), so a digest lists one call's messages as they were planned.
      `insert into channel_digest_item (channel_id, user_id, digest_day, message)
       select (m.item ->> 'channel_id')::bigint, (m.item ->> 'user_id')::bigint, (now() at time zone 'utc')::date, m.item -> 'message'
       from jsonb_array_elements(?::jsonb) with ordinality as m(item, position)
       where exists (select 1 from notification_channel c where c.channel_id = (m.item ->> 'channel_id')::bigint)
       order by m.position`,
      [JSON.stringify(messages.map((m) => ({ channel_id: m.channelId, user_id: m.userId, message: m })))],
    );
  }

  async due(today: string): Promise<DigestBatch[]> {
    const rows = await this.em.execute<Row[]>(
      `select channel_id, user_id, min(digest_day)::text as day,
              array_agg(digest_item_id order by digest_item_id) as item_ids,
              jsonb_agg(message order by digest_item_id) as messages
       from channel_digest_item
       where sent_at is null and digest_day < ?::date
       group by channel_id, user_id order by channel_id`,
      [today],
    );
    return rows.map((row) => ({
      channelId: toId(row.channel_id),
      userId: toId(row.user_id),
      day: String(row.day),
      itemIds: (row.item_ids as Array<string | number>).map(Number),
      messages: (row.messages as StoredMessage[]).map(revived),
    }));
  }

  async markSent(batch: DigestBatch): Promise<number> {
    const rows = await this.em.execute<Row[]>(
      'update channel_digest_item set sent_at = now() where digest_item_id = any(?::bigint[]) and sent_at is null returning 1',
      [bigintArray(batch.itemIds)],
    );
    return rows.length;
  }
}

function revived(stored: StoredMessage): QueuedChannelMessage {
  const alert = stored.message.alert as unknown as QueuedChannelMessage['message']['alert'] & { createdAt: string };
  return { ...stored, message: { ...stored.message, alert: { ...alert, createdAt: new Date(alert.createdAt) } } };
}
