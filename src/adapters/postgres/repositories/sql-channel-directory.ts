import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { ChannelDirectory } from '../../../application/alerts/ports/channel-directory.js';
import type { AlertKind } from '../../../domain/alerts/alert.js';
import type { ChannelRoute } from '../../../domain/alerts/channel-messages.js';
import type { ChannelDelivery, ChannelKind } from '../../../domain/alerts/channel.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { bigintArray, type Row, toId } from './row-mapping.js';

@injectable()
export class SqlChannelDirectory implements ChannelDirectory {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async enabledChannelsOf(userIds: readonly number[]): Promise<ChannelRoute[]> {
    if (userIds.length === 0) return [];
    const rows = await this.em.execute<Row[]>(
      `select channel_id, user_id, kind, alert_kinds, delivery, target from notification_channel
       where is_enabled and user_id = any(?::bigint[]) order by user_id, channel_id`,
      [bigintArray(userIds)],
    );
    return rows.map((row) => ({
      channelId: toId(row.channel_id),
      userId: toId(row.user_id),
      kind: row.kind as ChannelKind,
      alertKinds: row.alert_kinds as AlertKind[],
      delivery: row.delivery as ChannelDelivery,
      target: (row.target as string | null) ?? null,
    }));
  }
}
