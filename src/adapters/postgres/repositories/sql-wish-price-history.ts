import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { WishPriceHistoryReader } from '../../../application/wishes/ports/wish-price-history-reader.js';
import { Money } from '../../../domain/shared/money.js';
import type { HistoryWindow, WishPriceHistory } from '../../../domain/wishes/price-history.js';
import { selectRows } from '../../kits/sql/select-rows.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { bigintArray, toId } from './row-mapping.js';
import { byMinorFactorSql, utcDaySql } from './sql-currency-conversion.js';
import { READER, readsEdition } from './sql-wish-prices.js';

/*
 * One statement for the listed wishes: the scope of their best price (READER, readsEdition: one rule), then each
 * (edition, store) in scope read on price_quote_edition_store_time_idx (edition_id, store_id, fetched_at) from the
 * first day of the window's first month: the window's daily quotes, and the monthly quotes of the months it touches
 * (a monthly quote's fetched_at is its month's last quote, inside its month). Days are UTC days. Prices are in the
 * user's currency: when the user converts (C11.4), a quote in another currency counts converted at the rate of its
 * day (`reader_rates`: a quote without a usable rate does not count), as a wish's best and lowest prices do.
 */
const STATEMENT = `with ${READER},
listed as (select w.wish_id, w.book_id from wish w where w.user_id = ? and w.wish_id = any(?::bigint[])),
points as (
  select l.wish_id,
         case when q.quote_kind = 'monthly' then greatest(q.month, ?::date)
              else (q.fetched_at at time zone 'UTC')::date end as day,
         min(c.low_minor) as low_minor
  from listed l cross join reader r
  join edition e on ${readsEdition('l.book_id')}
  join price_quote q on q.edition_id = e.edition_id and q.store_id = any(r.store_ids)
   and q.fetched_at >= date_trunc('month', ?::date)::timestamp at time zone 'UTC'
  left join reader_rates x on x.currency = q.currency and x.day = ${utcDaySql('q.fetched_at')}
  cross join lateral (
    select case when q.currency = r.currency then coalesce(q.min_minor, q.amount_minor)
                when x.minor_factor is not null then ${byMinorFactorSql('coalesce(q.min_minor, q.amount_minor)', 'x.minor_factor')} end
           as low_minor) c
  where (q.currency = r.currency or r.converts) and c.low_minor is not null and not q.suspect
    and ((q.quote_kind = 'daily' and q.fetched_at >= ?::timestamptz)
      or (q.quote_kind = 'monthly' and q.month >= date_trunc('month', ?::date)))
  group by 1, 2
)
select l.wish_id, r.currency,
       coalesce(array_agg(to_char(p.day, 'YYYY-MM-DD') order by p.day) filter (where p.day is not null), '{}') as days,
       coalesce(array_agg(p.low_minor::text order by p.day) filter (where p.day is not null), '{}') as lows
from listed l cross join reader r
left join points p on p.wish_id = l.wish_id
group by l.wish_id, r.currency
order by l.wish_id`;

@injectable()
export class SqlWishPriceHistory implements WishPriceHistoryReader {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async histories(userId: number, wishIds: readonly number[], window: HistoryWindow): Promise<WishPriceHistory[]> {
    const rows = await selectRows(this.em, STATEMENT, [
      userId,
      userId,
      bigintArray(wishIds),
      window.firstDay,
      window.firstDay,
      window.since,
      window.firstDay,
    ]);
    return rows.map((row) => {
      const currency = String(row.currency).trim();
      const days = row.days as string[];
      const lows = row.lows as string[];
      return {
        wishId: toId(row.wish_id),
        currency,
        points: days.map((date, i) => ({ date, price: Money.fromMinor(BigInt(lows[i]!), currency) })),
      };
    });
  }
}
