import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { AlertDetector, NewUserAlert } from '../../../application/alerts/ports/alert-detector.js';
import type { AlertKind } from '../../../domain/alerts/alert.js';
import { Money } from '../../../domain/shared/money.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { bigintArray, type Row, toDate, toId } from './row-mapping.js';
import { belowMaxPriceSql } from './sql-below-max-price.js';

/*
 * The set-based fast path of the alert rules stated in src/domain/alerts (alert-rules.ts: which kinds a quote raises;
 * alert-facts.ts: which earlier quotes it is compared with). The case table test/contracts/rules/alert-kinds.ts is
 * played through both (test/unit/contracts/rules, test/integration/contracts/rules): change both, or neither.
 *
 * Set-based, for any number of new quotes. For each new quote: the monitored wishes of its book whose owner
 * reads the edition (format among the user's formats; language among the user's readable languages when the user
 * has set any) and can buy at the store (the /api/user/stores rule, with default preferences when none are saved).
 * Kinds: below_max_price (the domain's isBelowMaxPrice, in SQL once: sql-below-max-price.ts); price_drop (cheaper than
 * the previous quote at that store); new_lowest (cheaper than every earlier quote of the edition in that currency);
 * back_in_stock (the previous quote at that store was out of stock). The kinds a reader turns on (the wish's own
 * setting, else the account's default from effective_preferences; null: off): percent_drop (at least N % under the
 * previous quote at that store), lowest_in_days (cheaper than every earlier quote of the edition in that currency
 * fetched since midnight UTC N days before the quote's day), below_target (a wish without a max price: at or under
 * the account's target price, or N % under the earlier lowest). A kind is skipped while the latest alert of
 * the same wish × edition × store × kind told the same price and the store's price has not moved since. A suspect
 * quote raises none and is no earlier quote of any other.
 */
const DETECT_AND_INSERT = `
with q as (
  select q.*, e.book_id, e.format, e.language_id,
    (select p.amount_minor from price_quote p where p.edition_id = q.edition_id and p.store_id = q.store_id
       and p.price_quote_id < q.price_quote_id and p.currency = q.currency and not p.suspect order by p.price_quote_id desc limit 1) as prev_minor,
    (select p.availability from price_quote p where p.edition_id = q.edition_id and p.store_id = q.store_id
       and p.price_quote_id < q.price_quote_id and not p.suspect order by p.price_quote_id desc limit 1) as prev_availability,
    (select min(coalesce(p.min_minor, p.amount_minor)) from price_quote p where p.edition_id = q.edition_id
       and p.price_quote_id < q.price_quote_id and p.currency = q.currency and not p.suspect) as earlier_min
  from price_quote q join edition e on e.edition_id = q.edition_id
  -- A suspect quote (a large drop a second reading did not confirm) raises nothing, and nothing is compared with one.
  where q.price_quote_id = any(?::bigint[]) and not q.suspect
),
reader as (
  select w.wish_id, w.user_id, w.max_price_minor, w.max_price_currency, q.*,
    coalesce(w.alert_drop_percent, up.alert_drop_percent) as drop_percent,
    coalesce(w.alert_lowest_days, up.alert_lowest_days) as lowest_days,
    up.default_target_minor as target_minor, up.default_target_currency as target_currency,
    up.default_target_discount_percent as target_discount
  from q
  join wish w on w.book_id = q.book_id and w.is_monitored
  -- The user's saved preferences or the defaults, and the one rule for a store they can buy from (migration 11).
  -- Looked up per wish (offset 0 keeps the planner from joining every user's preferences with the quotes first:
  -- it cannot estimate the view's defaults and took that product for one row).
  cross join lateral (select * from effective_preferences p where p.user_id = w.user_id offset 0) up
  join store s on s.store_id = q.store_id and store_sells_to(s, up.country, up.currency, up.formats)
  where q.format = any(up.formats)
    and (not exists (select 1 from user_language ul where ul.user_id = w.user_id)
         or exists (select 1 from user_language ul where ul.user_id = w.user_id and ul.language_id = q.language_id))
),
windowed as (
  -- The lowest in the reader's window, only for the readers who asked for it (most did not: nothing is read then).
  select r.*,
    case when r.lowest_days is null then null else
      (select min(coalesce(p.min_minor, p.amount_minor)) from price_quote p where p.edition_id = r.edition_id
         and p.price_quote_id < r.price_quote_id and p.currency = r.currency and not p.suspect
         and p.fetched_at >= (((r.fetched_at at time zone 'UTC')::date - r.lowest_days::int)::timestamp at time zone 'UTC'))
    end as window_min
  from reader r
),
candidate as (
  select r.*, k.kind from windowed r
  cross join lateral (values
    ('below_max_price', ${belowMaxPriceSql({
      amountMinor: 'r.amount_minor',
      currency: 'r.currency',
      availability: 'r.availability',
      maxMinor: 'r.max_price_minor',
      maxCurrency: 'r.max_price_currency',
    })}),
    ('price_drop', r.prev_minor is not null and r.amount_minor < r.prev_minor and r.availability <> 'out_of_stock'),
    ('new_lowest', r.earlier_min is not null and r.amount_minor < r.earlier_min and r.availability <> 'out_of_stock'),
    ('back_in_stock', r.prev_availability = 'out_of_stock' and r.availability = 'in_stock'),
    ('percent_drop', r.drop_percent is not null and r.prev_minor is not null
       and r.amount_minor * 100 <= r.prev_minor * (100 - r.drop_percent) and r.availability <> 'out_of_stock'),
    ('lowest_in_days', r.window_min is not null and r.amount_minor < r.window_min and r.availability <> 'out_of_stock'),
    ('below_target', r.max_price_minor is null and (${belowMaxPriceSql({
      amountMinor: 'r.amount_minor',
      currency: 'r.currency',
      availability: 'r.availability',
      maxMinor: 'r.target_minor',
      maxCurrency: 'r.target_currency',
    })} or (r.target_discount is not null and r.earlier_min is not null
       and r.amount_minor * 100 <= r.earlier_min * (100 - r.target_discount) and r.availability <> 'out_of_stock')))
  ) as k(kind, applies)
  where k.applies
    -- Quiet while the price is unchanged: skip only when the store's price did not move and the latest alert of
    -- this kind already told this price (amount and currency). A price that moves away and comes back alerts again;
    -- back_in_stock is itself a change (the previous quote was out of stock).
    and (k.kind = 'back_in_stock' or r.prev_minor is distinct from r.amount_minor
         or (select a.amount_minor = r.amount_minor and a.currency = r.currency from alert a
             where a.wish_id = r.wish_id and a.edition_id = r.edition_id and a.store_id = r.store_id and a.alert_kind = k.kind
             order by a.alert_id desc limit 1) is not true)
),
inserted as (
  insert into alert (user_id, wish_id, book_id, edition_id, store_id, alert_kind, amount_minor, currency, previous_minor)
  select c.user_id, c.wish_id, c.book_id, c.edition_id, c.store_id, c.kind, c.amount_minor, c.currency,
         case c.kind when 'new_lowest' then c.earlier_min when 'lowest_in_days' then c.window_min else c.prev_minor end
  from candidate c
  order by c.price_quote_id, c.wish_id, c.kind
  returning *
)
select i.alert_id, i.user_id, i.wish_id, i.book_id, i.edition_id, i.store_id, i.alert_kind, i.amount_minor, i.currency,
       i.previous_minor, i.created_at,
       b.book_original_title, s.store_name,
       quote.price_quote_id, quote.url,
       -- The price the alert was about being at or under: the wish's max price, or the account's target (a discount:
       -- the highest price that meets it).
       case i.alert_kind when 'below_max_price' then w.max_price_minor
         when 'below_target' then coalesce(up.default_target_minor, quote.earlier_min * (100 - up.default_target_discount_percent) / 100)
       end as threshold_minor
from inserted i
cross join lateral (
  select q.price_quote_id, q.url, q.earlier_min from q where q.edition_id = i.edition_id and q.store_id = i.store_id order by q.price_quote_id desc limit 1
) quote
left join lateral (select * from effective_preferences p where p.user_id = i.user_id and i.alert_kind = 'below_target' offset 0) up on true
join book b on b.book_id = i.book_id
join store s on s.store_id = i.store_id
join wish w on w.wish_id = i.wish_id
order by i.alert_id`;

@injectable()
export class SqlAlertDetector implements AlertDetector {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async alertsForQuotes(quoteIds: readonly number[]): Promise<NewUserAlert[]> {
    if (quoteIds.length === 0) return [];
    const rows = await this.em.execute<Row[]>(DETECT_AND_INSERT, [bigintArray(quoteIds)]);
    return rows.map((row) => {
      const currency = String(row.currency).trim();
      const kind = row.alert_kind as AlertKind;
      const previous = row.previous_minor === null || row.previous_minor === undefined ? null : Money.fromMinor(BigInt(String(row.previous_minor)), currency).amount;
      return {
        alertId: toId(row.alert_id),
        userId: toId(row.user_id),
        wishId: toId(row.wish_id),
        quoteId: toId(row.price_quote_id),
        storeId: toId(row.store_id),
        previousAmount: previous,
        createdAt: toDate(row.created_at),
        bookId: toId(row.book_id),
        bookTitle: String(row.book_original_title),
        editionId: toId(row.edition_id),
        storeName: String(row.store_name),
        kind,
        amount: Money.fromMinor(BigInt(String(row.amount_minor)), currency).amount,
        currency,
        threshold: row.threshold_minor === null || row.threshold_minor === undefined ? null : Money.fromMinor(BigInt(String(row.threshold_minor)), currency).amount,
        url: String(row.url ?? ''),
      };
    });
  }
}
