import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { Consolidation } from '../../../application/pricing/ports/consolidation.js';
import { type Month, monthEnd, monthStart } from '../../../domain/pricing/month.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { databaseMessage } from '../pg-errors.js';
import type { Row } from './row-mapping.js';

/*
 * One statement (the use case runs it in a transaction): aggregate the month's daily quotes per edition × store, upsert the monthly
 * quote (merging with one that exists, for quotes that arrived after an earlier run), delete the dailies.
 * The monthly quote's amount, availability, url and currency are the month's last; min/max/avg/count cover the
 * quotes in that currency. Running it again for the month finds no dailies and changes nothing.
 */
const CONSOLIDATE = `
with daily as materialized (
  select q.* from price_quote q
  where q.quote_kind = 'daily' and q.fetched_at >= ?::timestamptz and q.fetched_at < ?::timestamptz
  for update
),
last as (
  select distinct on (d.edition_id, d.store_id) d.edition_id, d.store_id, d.amount_minor, d.currency, d.availability, d.url, d.fetched_at
  from daily d order by d.edition_id, d.store_id, d.fetched_at desc, d.price_quote_id desc
),
agg as (
  select l.edition_id, l.store_id, l.amount_minor, l.currency, l.availability, l.url, l.fetched_at,
         min(d.amount_minor) as min_minor, max(d.amount_minor) as max_minor, sum(d.amount_minor) as sum_minor, count(*) as n
  from last l join daily d on d.edition_id = l.edition_id and d.store_id = l.store_id and d.currency = l.currency
  group by l.edition_id, l.store_id, l.amount_minor, l.currency, l.availability, l.url, l.fetched_at
),
upserted as (
  insert into price_quote as m (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind,
                                month, min_minor, max_minor, avg_minor, sum_minor, sample_count)
  select a.edition_id, a.store_id, a.amount_minor, a.currency, a.availability, a.url, a.fetched_at, 'monthly',
         ?::date, a.min_minor, a.max_minor, round(a.sum_minor::numeric / a.n), a.sum_minor, a.n
  from agg a
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
),
deleted as (
  delete from price_quote p using daily d where p.price_quote_id = d.price_quote_id
  returning 1
)
select (select count(*) from deleted) as rows_processed, (select count(*) from upserted) as monthly_quotes`;

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
