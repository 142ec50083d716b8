import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { WishFilter, WishRepository } from '../../../application/wishes/ports/wish-repository.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';
import { Money } from '../../../domain/shared/money.js';
import { BookAlreadyWishedError } from '../../../domain/wishes/errors.js';
import { type LowestDays, type WishAlertSettings } from '../../../domain/alerts/alert-settings.js';
import type { NewWish, Wish, WishChange, WithAlertSettings } from '../../../domain/wishes/wish.js';
import { DEFAULT_WISH_ORDER, type WishOrder } from '../../../domain/wishes/wish-order.js';
import type { PricedWish } from '../../../domain/wishes/wish-prices.js';
import { planKeyset, sliceOf } from '../../kits/sql/keyset.js';
import { executeBound, selectPrepared } from '../../kits/sql/select-rows.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { type Row, toDate, toId } from './row-mapping.js';
import { sortedWishesStatement } from './sql-wish-order.js';
import { belowMaxPriceIs, bestFormatIs, type PricedWishQuery, pricedWishesStatement, pricedWishFromRow, READER_NEEDS, type ReaderNeeds } from './sql-wish-prices.js';

const WISH_COLUMNS = 'w.wish_id, w.book_id, w.is_monitored, w.max_price_minor, w.max_price_currency, w.created_at';

type ShownWish = WithAlertSettings<PricedWish>;

/** Every statement filters by user_id: another user's wish id is simply not found. */
@injectable()
export class SqlWishRepository implements WishRepository {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async page(userId: number, filter: WishFilter, request: PageRequest, order: WishOrder = DEFAULT_WISH_ORDER): Promise<PageSlice<ShownWish>> {
    const filters: PricedWishQuery['filters'] = [];
    // Served by the unique (user_id, book_id) index.
    if (filter.bookId !== undefined) filters.push(['w.book_id = ?', [filter.bookId]]);
    // In the statement, before the limit, so a filtered page is still full and its cursors stay valid.
    if (filter.belowMaxPrice !== undefined) filters.push(belowMaxPriceIs(filter.belowMaxPrice));
    if (filter.isMonitored !== undefined) filters.push(['w.is_monitored = ?', [filter.isMonitored]]);
    if (filter.format !== undefined) filters.push(bestFormatIs(filter.format));
    if (order.field !== 'created_at') {
      // Worked out from the prices and titles as they are read: every wish of the user that passes the filters is ranked.
      const readBest = filter.belowMaxPrice !== undefined || filter.format !== undefined;
      const sorted = sortedWishesStatement(userId, { conditions: filters, readBest }, order, request, await this.needsOf(userId));
      return sliceOf((await selectPrepared(this.em, sorted.sql, sorted.params)).map(shownWishFromRow), sorted.plan);
    }
    // wish_user_idx (user_id, wish_id) serves both orders.
    const keyOrder = order.descending ? 'desc' : 'asc';
    const plan = planKeyset('w.wish_id', keyOrder, request);
    const rows = await this.pricedRows(userId, {
      filters,
      keyset: plan.condition,
      keysetParams: plan.params,
      direction: (keyOrder === 'asc') !== plan.reversed ? 'asc' : 'desc',
      limit: plan.limit,
    });
    return sliceOf(rows, plan);
  }

  async findById(userId: number, wishId: number): Promise<ShownWish | null> {
    const rows = await this.pricedRows(userId, { filters: [['w.wish_id = ?', [wishId]]], keyset: null, keysetParams: [], direction: 'asc', limit: 1 });
    return rows[0] ?? null;
  }

  private async pricedRows(userId: number, query: PricedWishQuery): Promise<ShownWish[]> {
    const { sql, params } = pricedWishesStatement(userId, query, await this.needsOf(userId));
    // Prepared: the statement takes milliseconds to plan, and its text depends on the page's shape alone.
    return (await selectPrepared(this.em, sql, params)).map(shownWishFromRow);
  }

  /** Whether the user's prices involve conversion or shipping: their statement is built for what applies. */
  private async needsOf(userId: number): Promise<ReaderNeeds> {
    // Prepared too: it runs before every page, and its store scope takes longer to plan than to run.
    const [row] = await selectPrepared(this.em, READER_NEEDS, [userId]);
    return { converts: row?.converts === true, ships: row?.ships === true };
  }

  async add(userId: number, wish: NewWish): Promise<Wish> {
    const rows = await this.em.execute<Row[]>(
      `insert into wish as w (user_id, book_id, is_monitored, max_price_minor, max_price_currency, alert_drop_percent, alert_lowest_days)
       values (?, ?, ?, ?, ?, ?, ?)
       on conflict (user_id, book_id) do nothing returning ${WISH_COLUMNS}`,
      [
        userId,
        wish.bookId,
        wish.isMonitored,
        wish.maxPrice?.toMinor().toString() ?? null,
        wish.maxPrice?.currency ?? null,
        wish.alertSettings?.dropPercent ?? null,
        wish.alertSettings?.lowestDays ?? null,
      ],
    );
    if (!rows[0]) throw new BookAlreadyWishedError(wish.bookId);
    return wishFromRow(rows[0]);
  }

  async addMany(userId: number, wishes: readonly NewWish[]): Promise<Set<number>> {
    if (wishes.length === 0) return new Set();
    const rows = await executeBound(
      this.em,
      `insert into wish (user_id, book_id, is_monitored, max_price_minor, max_price_currency)
       select ?, r.book_id, r.is_monitored, r.max_price_minor, r.max_price_currency
       from jsonb_to_recordset(?::jsonb) as r(book_id bigint, is_monitored boolean, max_price_minor bigint, max_price_currency text)
       on conflict (user_id, book_id) do nothing returning book_id`,
      [
        userId,
        JSON.stringify(
          wishes.map((w) => ({
            book_id: w.bookId,
            is_monitored: w.isMonitored,
            max_price_minor: w.maxPrice?.toMinor().toString() ?? null,
            max_price_currency: w.maxPrice?.currency ?? null,
          })),
        ),
      ],
    );
    return new Set(rows.map((r) => toId(r.book_id)));
  }

  async update(userId: number, wishId: number, change: WishChange): Promise<boolean> {
    const sets: string[] = [];
    const params: unknown[] = [];
    if (change.isMonitored !== undefined) {
      sets.push('is_monitored = ?');
      params.push(change.isMonitored);
    }
    if (change.maxPrice !== undefined) {
      sets.push('max_price_minor = ?', 'max_price_currency = ?');
      params.push(change.maxPrice?.toMinor().toString() ?? null, change.maxPrice?.currency ?? null);
    }
    if (change.dropPercent !== undefined) {
      sets.push('alert_drop_percent = ?');
      params.push(change.dropPercent);
    }
    if (change.lowestDays !== undefined) {
      sets.push('alert_lowest_days = ?');
      params.push(change.lowestDays);
    }
    // An empty change still answers whether the wish exists.
    const sql = sets.length === 0
      ? 'update wish set wish_id = wish_id where user_id = ? and wish_id = ?'
      : `update wish set ${sets.join(', ')} where user_id = ? and wish_id = ?`;
    const result = await this.em.execute<{ affectedRows: number }>(sql, [...params, userId, wishId], 'run');
    return result.affectedRows > 0;
  }

  async remove(userId: number, wishId: number): Promise<boolean> {
    const result = await this.em.execute<{ affectedRows: number }>('delete from wish where user_id = ? and wish_id = ?', [userId, wishId], 'run');
    return result.affectedRows > 0;
  }
}

function wishFromRow(row: Row): Wish {
  const currency = row.max_price_currency as string | null;
  return {
    id: toId(row.wish_id),
    bookId: toId(row.book_id),
    isMonitored: Boolean(row.is_monitored),
    maxPrice: currency === null || row.max_price_minor === null ? null : Money.fromMinor(BigInt(String(row.max_price_minor)), currency.trim()),
    createdAt: toDate(row.created_at),
  };
}

/**
 * A priced wish with its own alert settings, both read by the one priced statement. Object.assign, not `{ ...wish,
 * alertSettings }`: see withShipping in sql-wish-prices.ts (a spread plus a property keeps a page's wishes alive
 * through young-generation collections).
 */
function shownWishFromRow(row: Row): ShownWish {
  return Object.assign(pricedWishFromRow(row), { alertSettings: alertSettingsFromRow(row) });
}

function alertSettingsFromRow(row: Row): WishAlertSettings {
  const number = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
  return { dropPercent: number(row.alert_drop_percent), lowestDays: number(row.alert_lowest_days) as LowestDays | null };
}
