import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { StoreHealthQuery, StoreHealthReader, StoreTallies } from '../../../application/pricing/ports/store-health.js';
import type { FetchOutcomeLedger } from '../../../application/pricing/ports/fetch-outcome-ledger.js';
import {
  type FetchOutcome, type FetchOutcomeKind, healthMessage, type OutcomeTally, STORE_HEALTH_WINDOW_DAYS,
} from '../../../domain/pricing/store-health.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';
import { planKeyset, sliceOf, whereOf } from '../../kits/sql/keyset.js';
import { selectRows } from '../../kits/sql/select-rows.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { bigintArray, type Row, toDate, toId } from './row-mapping.js';

// Rows in key order, so two fetches ending together lock their common rows in the same order (no deadlock).
const RECORD = `
insert into store_fetch_outcome as o (store_id, minute, outcome, fetch_count, last_at, last_message)
select r.store_id, date_trunc('minute', r.at), r.outcome, count(*), max(r.at), (array_agg(r.message order by r.at desc))[1]
from jsonb_to_recordset(?::jsonb) as r(store_id bigint, at timestamptz, outcome text, message text)
group by 1, 2, 3
order by 1, 2, 3
on conflict (store_id, minute, outcome) do update set
  fetch_count = o.fetch_count + excluded.fetch_count,
  last_message = case when excluded.last_at >= o.last_at then excluded.last_message else o.last_message end,
  last_at = greatest(o.last_at, excluded.last_at)`;

/** Kept a day longer than the window, so a report near midnight never misses the window's first minutes. */
const PRUNE = `delete from store_fetch_outcome where store_id = any(?::bigint[]) and minute < now() - make_interval(days => ?)`;

// A store's tallies since a moment: per outcome the count, the latest time and the latest message. The window is
// counted by the minute: it starts at the minute `since` falls in.
const TALLIES_OF_STORE = `(
  select coalesce(json_agg(json_build_object('outcome', x.outcome, 'count', x.count, 'last_at', x.last_at, 'last_message', x.last_message)), '[]')
  from (select o.outcome, sum(o.fetch_count) as count, max(o.last_at) as last_at,
               (array_agg(o.last_message order by o.last_at desc))[1] as last_message
        from store_fetch_outcome o
        where o.store_id = s.store_id and o.minute >= date_trunc('minute', ?::timestamptz)
        group by o.outcome) x
) as tallies`;

/** Price fetch outcomes per store and minute in PostgreSQL: the writer for the fetchers, the reader for health. */
@injectable()
export class SqlStoreHealth implements FetchOutcomeLedger, StoreHealthReader {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async record(outcomes: readonly FetchOutcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    const rows = outcomes.map((o) => ({
      store_id: o.storeId,
      at: o.at.toISOString(),
      outcome: (o.failure?.kind ?? 'price') satisfies FetchOutcomeKind,
      message: o.failure ? healthMessage(o.failure.message) : null,
    }));
    await this.em.execute(RECORD, [JSON.stringify(rows)]);
    await this.em.execute(PRUNE, [bigintArray([...new Set(outcomes.map((o) => o.storeId))]), STORE_HEALTH_WINDOW_DAYS + 1]);
  }

  async talliesOf(storeId: number, since: Date): Promise<StoreTallies | null> {
    const rows = await selectRows(this.em, `select s.store_id, ${TALLIES_OF_STORE} from store s where s.store_id = ?`, [since.toISOString(), storeId]);
    return rows[0] ? talliesFromRow(rows[0]) : null;
  }

  async pageOfTallies(query: StoreHealthQuery, request: PageRequest): Promise<PageSlice<StoreTallies>> {
    const plan = planKeyset('s.store_id', 'asc', request);
    const idFilter = query.ids ? 's.store_id = any(?::bigint[])' : null;
    const sql = `select s.store_id, ${TALLIES_OF_STORE} from store s ${whereOf([idFilter, plan.condition])} order by ${plan.orderBy} limit ?`;
    const params = [query.since.toISOString(), ...(query.ids ? [bigintArray(query.ids)] : []), ...plan.params, plan.limit];
    return sliceOf((await selectRows(this.em, sql, params)).map(talliesFromRow), plan);
  }
}

function talliesFromRow(row: Row): StoreTallies {
  const raw = (typeof row.tallies === 'string' ? JSON.parse(row.tallies) : row.tallies) as Array<Record<string, unknown>>;
  const tallies: OutcomeTally[] = raw.map((t) => ({
    outcome: String(t.outcome) as FetchOutcomeKind,
    count: Number(t.count),
    lastAt: toDate(t.last_at),
    lastMessage: t.last_message === null || t.last_message === undefined ? null : String(t.last_message),
  }));
  return { storeId: toId(row.store_id), tallies };
}
