import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { ChannelRepository } from '../../../application/alerts/ports/channel-repository.js';
import type { AlertKind } from '../../../domain/alerts/alert.js';
import type { ChannelDelivery, ChannelKind } from '../../../domain/alerts/channel.js';
import type { Channel, ChannelSettings } from '../../../domain/alerts/channel-settings.js';
import type { DeliveryAttempt, DeliveryMessageKind } from '../../../domain/alerts/delivery-attempt.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';
import { queryPage } from '../../kits/sql/keyset.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { type Row, textArray, toDate, toId } from './row-mapping.js';

// The account's address comes along: it is where an e-mail channel without a target sends.
const CHANNEL_COLUMNS = `c.channel_id, c.kind, c.target, c.alert_kinds, c.delivery, c.is_enabled, c.is_default, c.created_at,
  c.last_attempt_at, c.last_attempt_kind, c.last_attempt_ok, c.last_attempt_failure, c.last_attempt_retryable,
  u.email as account_email`;

/**
 * Notification channels. The default e-mail channel is also mirrored into `user_preferences.alert_email`, which the
 * alert e-mail path still reads: changing or deleting that channel here updates the mirror in the same statement.
 */
@injectable()
export class SqlChannelRepository implements ChannelRepository {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  page(userId: number, request: PageRequest): Promise<PageSlice<Channel>> {
    return queryPage(
      this.em,
      {
        selectFrom: `select ${CHANNEL_COLUMNS} from notification_channel c join app_user u on u.user_id = c.user_id`,
        // notification_channel_user_idx (user_id, channel_id) serves filter and order.
        filters: [['c.user_id = ?', [userId]]],
        key: 'c.channel_id',
        order: 'asc',
      },
      request,
      channelFromRow,
    );
  }

  async find(userId: number, channelId: number): Promise<Channel | null> {
    const rows = await this.em.execute<Row[]>(
      `select ${CHANNEL_COLUMNS} from notification_channel c join app_user u on u.user_id = c.user_id
       where c.user_id = ? and c.channel_id = ?`,
      [userId, channelId],
    );
    return rows[0] ? channelFromRow(rows[0]) : null;
  }

  async countForCreation(userId: number): Promise<number> {
    // The user's row, locked until the transaction ends: creations of one user take turns, other users' do not wait.
    await this.em.execute('select 1 from app_user where user_id = ? for update', [userId]);
    const rows = await this.em.execute<Row[]>('select count(*)::int as n from notification_channel where user_id = ?', [userId]);
    return Number(rows[0]?.n ?? 0);
  }

  async add(userId: number, settings: ChannelSettings, secret: string | null): Promise<Channel> {
    const rows = await this.em.execute<Row[]>(
      `with c as (
         insert into notification_channel (user_id, kind, target, secret, alert_kinds, delivery, is_enabled)
         values (?, ?, ?, ?, ?::text[], ?, ?) returning *)
       select ${CHANNEL_COLUMNS} from c join app_user u on u.user_id = c.user_id`,
      [userId, settings.kind, settings.target, secret, textArray(settings.alertKinds), settings.delivery, settings.isEnabled],
    );
    return channelFromRow(rows[0]!);
  }

  async update(userId: number, channelId: number, settings: ChannelSettings): Promise<boolean> {
    const rows = await this.em.execute<Row[]>(
      `with changed as (
         update notification_channel set target = ?, alert_kinds = ?::text[], delivery = ?, is_enabled = ?
         where user_id = ? and channel_id = ? returning user_id, is_default, is_enabled),
       mirrored as (
         update user_preferences p set alert_email = c.is_enabled from changed c
         where c.is_default and p.user_id = c.user_id returning p.user_id)
       select count(*)::int as n from changed`,
      [settings.target, textArray(settings.alertKinds), settings.delivery, settings.isEnabled, userId, channelId],
    );
    return Number(rows[0]?.n) > 0;
  }

  async remove(userId: number, channelId: number): Promise<boolean> {
    const rows = await this.em.execute<Row[]>(
      `with gone as (
         delete from notification_channel where user_id = ? and channel_id = ? returning user_id, is_default),
       mirrored as (
         update user_preferences p set alert_email = false from gone g
         where g.is_default and p.user_id = g.user_id returning p.user_id)
       select count(*)::int as n from gone`,
      [userId, channelId],
    );
    return Number(rows[0]?.n) > 0;
  }

  async secretOf(userId: number, channelId: number): Promise<string | null> {
    const rows = await this.em.execute<Row[]>('select secret from notification_channel where user_id = ? and channel_id = ?', [userId, channelId]);
    return (rows[0]?.secret as string | null | undefined) ?? null;
  }
}

function channelFromRow(row: Row): Channel {
  return {
    id: toId(row.channel_id),
    kind: row.kind as ChannelKind,
    target: (row.target as string | null) ?? null,
    alertKinds: row.alert_kinds as AlertKind[],
    delivery: row.delivery as ChannelDelivery,
    isEnabled: Boolean(row.is_enabled),
    isDefault: Boolean(row.is_default),
    accountEmail: (row.account_email as string | null) ?? null,
    createdAt: toDate(row.created_at),
    lastDelivery: lastAttemptFromRow(row),
  };
}

function lastAttemptFromRow(row: Row): DeliveryAttempt | null {
  if (row.last_attempt_at === null || row.last_attempt_at === undefined) return null;
  return {
    at: toDate(row.last_attempt_at),
    messageKind: row.last_attempt_kind as DeliveryMessageKind,
    ok: Boolean(row.last_attempt_ok),
    failure: (row.last_attempt_failure as string | null) ?? null,
    retryable: Boolean(row.last_attempt_retryable),
  };
}
