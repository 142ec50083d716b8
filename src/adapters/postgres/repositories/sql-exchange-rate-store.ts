import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { ExchangeRateStore } from '../../../application/pricing/ports/exchange-rate-store.js';
import type { ReferenceRateDay } from '../../../domain/pricing/exchange-rates.js';
import type { RatesRefreshRecord } from '../../../domain/pricing/exchange-rates-health.js';
import type { RatesRefusal } from '../../../domain/logging/exchange-rate-events.js';
import { selectRows } from '../../kits/sql/select-rows.js';
import { toDate } from './row-mapping.js';
import { OrmEntityManager } from '../orm-tokens.js';

// One statement: a publication is stored whole or not at all; a day published again replaces its rates.
const SAVE = `
insert into reference_rate as r (rate_date, currency, per_euro)
select x.rate_date, x.currency, x.per_euro::numeric
from jsonb_to_recordset(?::jsonb) as x(rate_date date, currency text, per_euro text)
order by 2, 1
on conflict (currency, rate_date) do update set per_euro = excluded.per_euro`;

/** The reference rates in `reference_rate` (migration 20). */
@injectable()
export class SqlExchangeRateStore implements ExchangeRateStore {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async saveDays(days: readonly ReferenceRateDay[]): Promise<void> {
    const rows = days.flatMap(({ day, perEuro }) => [...perEuro].map(([currency, rate]) => ({ rate_date: day, currency, per_euro: rate })));
    if (rows.length > 0) await this.em.execute(SAVE, [JSON.stringify(rows)]);
  }

  async latestDay(): Promise<string | null> {
    const [row] = await selectRows(this.em, `select max(rate_date)::text as day from reference_rate`, []);
    return (row?.day as string | null | undefined) ?? null;
  }

  async daysSince(since: string): Promise<ReferenceRateDay[]> {
    // trim_scale: the rate as published ("1.0542"), not padded to the column's 12 decimals.
    const rows = await selectRows(
      this.em,
      `select rate_date::text as day, currency, trim_scale(per_euro)::text as rate from reference_rate where rate_date >= ?::date order by rate_date, currency`,
      [since],
    );
    const days = new Map<string, Map<string, string>>();
    for (const row of rows) {
      const day = String(row.day);
      if (!days.has(day)) days.set(day, new Map());
      days.get(day)!.set(String(row.currency), String(row.rate));
    }
    return [...days].map(([day, perEuro]) => ({ day, perEuro }));
  }

  async recordRefresh(refresh: RatesRefreshRecord): Promise<void> {
    await this.em.execute(
      `insert into exchange_rate_refresh (refreshed_at, outcome, reason, message, newest_day) values (?, ?, ?, ?, ?::date)
       on conflict (only_row) do update set refreshed_at = excluded.refreshed_at, outcome = excluded.outcome,
         reason = excluded.reason, message = excluded.message, newest_day = excluded.newest_day`,
      [refresh.at, refresh.outcome, refresh.reason, refresh.message, refresh.newestDay],
    );
  }

  async lastRefresh(): Promise<RatesRefreshRecord | null> {
    const [row] = await selectRows(this.em, 'select refreshed_at, outcome, reason, message, newest_day::text as newest_day from exchange_rate_refresh', []);
    if (!row) return null;
    return {
      at: toDate(row.refreshed_at),
      outcome: row.outcome as RatesRefreshRecord['outcome'],
      reason: (row.reason as RatesRefusal | null) ?? null,
      message: (row.message as string | null) ?? null,
      newestDay: (row.newest_day as string | null) ?? null,
    };
  }
}
