import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { Consolidation } from '../../../application/pricing/ports/consolidation.js';
import { type Month, monthEnd, monthStart } from '../../../domain/pricing/month.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { databaseMessage } from '../pg-errors.js';
import type { Row } from './row-mapping.js';

/*
 * One statement (the use case runs it in a transaction): delete the month's daily quotes and feed what was really
 * deleted (`delete … returning`) to the aggregation, so a concurrent second run, which waits on the same rows and
 * then finds them gone, cannot count a quote twice; no separate `for update` pass is needed. Per edition × store the
 * month's last quote (`distinct on`) gives the monthly quote's amount, availability, url and currency; min/max/sum/
 * count are a hash aggregate per (edition, store, currency), of which the last quote's currency is kept. The monthly
 * quote is upserted (merging with one that exists, for quotes that arrived after an earlier run). Running it again
 * for the month finds no dailies and changes nothing.
 */
const CONSOLIDATE = `
with gone as (
  delete from price_quote
  where quote_kind = 'daily' and fetched_at >= ?::timestamptz and fetched_at < ?::timestamptz
  returning price_quote_id, edition_id, store_id, amount_minor, currency, availability, url, fetched_at, suspect
),
last as (
  select distinct on (edition_id, store_id) edition_id, store_id, amount_minor, currency, availability, url, fetched_at
  from gone where not suspect order by edition_id, store_id, fetched_at desc, price_quote_id desc
),
agg as (
  select edition_id, store_id, currency, min(amount_minor) as min_minor, max(amount_minor) as max_minor,
         sum(amount_minor) as sum_minor, count(*) as n
  from gone where not suspect group by edition_id, store_id, currency
),
upserted as (
  insert into price_quote as m (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind,
                                month, min_minor, max_minor, avg_minor, sum_minor, sample_count)
  select l.edition_id, l.store_id, l.amount_minor, l.currency, l.availability, l.url, l.fetched_at, 'monthly',
         ?::date, a.min_minor, a.max_minor, round(a.sum_minor::numeric / a.n), a.sum_minor, a.n
  from last l join agg a on a.edition_id = l.edition_id and a.store_id = l.store_id and a.currency = l.currency
  on conflict (edition_id, store_id, month) where quote_kind = 'monthly' do update set
    min_minor = least(m.min_minor, excluded.min_minor),
    max_minor = greatest(m.max_minor, excluded.max_minor),
    avg_minor = round((m.sum_minor + excluded.sum_minor)::numeric / (m.sample_count + excluded.sample_count)),
    sum_minor = m.sum_minor + excluded.sum_minor,
    sample_count = m.sample_count + excluded.sample_count,
    amount_minor = case when excluded.fetched_at >= m.fetched_at then excluded.amount_minor else m.amount_minor end,
    availability = case when excluded.fetched_at >= m.fetched_at then excluded.availability else m.availability end,
    url = case when excluded.fetched_at >= m.fetched_at then excluded.url else m.url end,
    fetched_at = greatest(m.fetched_at, excluded.fetched_at)
  returning 1
)
-- Every deleted quote is processed; a suspect one (a large drop a second reading did not confirm) is deleted with its
-- month but counts in no monthly figure, as it counts in no summary.
select (select count(*) from gone) as rows_processed, (select count(*) from upserted) as monthly_quotes`;

@injectable()
export class SqlConsolidation implements Consolidation {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async consolidate(month: Month): Promise<number> {
    const start = monthStart(month).toISOString();
    const end = monthEnd(month).toISOString();
    try {
      const [row] = await this.em.execute<Row[]>(CONSOLIDATE, [start, end, start.slice(0, 10)]);
      return Number(row?.rows_processed ?? 0);
    } catch (error) {
      // The driver's message quotes the whole statement; the event and maintainer alerts need only the reason.
      throw new Error(`consolidation failed: ${databaseMessage(error)}`, { cause: error });
    }
  }
}
