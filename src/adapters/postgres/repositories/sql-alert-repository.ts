import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { AlertFilter, AlertRepository } from '../../../application/alerts/ports/alert-repository.js';
import type { Alert, AlertKind } from '../../../domain/alerts/alert.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';
import { Money } from '../../../domain/shared/money.js';
import { type PageQuery, queryPage } from '../../kits/sql/keyset.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { type Row, toDate, toId } from './row-mapping.js';

/**
 * Where the alert's reader acts: a price alert's product page, its (edition, store, currency)'s latest quote URL, one
 * primary-key step per row shown; a borrowable alert's lender page, stored on it.
 */
const URL_OF_A = `case when a.alert_kind = 'borrowable' then a.borrow_url else (select p.latest_url from edition_store_price p
  where p.edition_id = a.edition_id and p.store_id = a.store_id and p.currency = a.currency) end`;

@injectable()
export class SqlAlertRepository implements AlertRepository {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  page(userId: number, filter: AlertFilter, request: PageRequest): Promise<PageSlice<Alert>> {
    const filters: PageQuery['filters'] = [['a.user_id = ?', [userId]]];
    // alert_user_idx (user_id, alert_id) serves the order; is_read is checked on the rows it reads.
    if (filter.isRead !== undefined) filters.push(['a.is_read = ?', [filter.isRead]]);
    return queryPage(
      this.em,
      { selectFrom: `select a.*, ${URL_OF_A} as url from alert a`, filters, key: 'a.alert_id', order: 'desc' },
      request,
      alertFromRow,
    );
  }

  async markRead(userId: number, alertId: number, isRead: boolean): Promise<boolean> {
    const result = await this.em.execute<{ affectedRows: number }>(
      'update alert set is_read = ? where user_id = ? and alert_id = ?',
      [isRead, userId, alertId],
      'run',
    );
    return result.affectedRows > 0;
  }

  async markAllRead(userId: number, upToAlertId?: number): Promise<number> {
    // alert_user_idx (user_id, alert_id) finds the user's alerts; is_read is checked on each.
    const result = await this.em.execute<{ affectedRows: number }>(
      `update alert set is_read = true where user_id = ? and is_read = false${upToAlertId === undefined ? '' : ' and alert_id <= ?'}`,
      upToAlertId === undefined ? [userId] : [userId, upToAlertId],
      'run',
    );
    return result.affectedRows;
  }
}

// A borrowable alert has no store and no price, and maybe no edition (migration 27).
function alertFromRow(row: Row): Alert {
  const currency = row.currency === null ? null : String(row.currency).trim();
  const money = (minor: unknown) => (minor === null || currency === null ? null : Money.fromMinor(BigInt(String(minor)), currency));
  return {
    id: toId(row.alert_id),
    wishId: toId(row.wish_id),
    bookId: toId(row.book_id),
    editionId: row.edition_id === null ? null : toId(row.edition_id),
    storeId: row.store_id === null ? null : toId(row.store_id),
    kind: row.alert_kind as AlertKind,
    price: money(row.amount_minor),
    previousPrice: money(row.previous_minor),
    url: row.url == null ? null : String(row.url),
    isRead: Boolean(row.is_read),
    createdAt: toDate(row.created_at),
  };
}
