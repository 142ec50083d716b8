// Migration 31: the rates' calendar (reference_rate_day) must say, for every currency and day, what reference_rate
// says — the latest publication on or before the day within the carry — after any insert, update or delete, made one
// row at a time or many at once, and for rates stored before the migration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_CALENDAR_CARRY_DAYS } from '../../../migrations/Migration20261129000031_reference_rate_day.js';
import { migrateUp } from '../../support/migrate-up.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

/** Every calendar row that differs from what reference_rate says, whichever side lacks or changes it. */
async function calendarDifferences(): Promise<unknown[]> {
  return db.sql(
    `with truth as (
       select c.currency, d.day::date as day, r.rate_date, r.per_euro
       from (select currency, min(rate_date) as first_day, max(rate_date) as last_day from reference_rate group by currency) c
       cross join generate_series(c.first_day, c.last_day + $1::int, interval '1 day') as d(day)
       cross join lateral (select x.rate_date, x.per_euro from reference_rate x
                           where x.currency = c.currency and x.rate_date <= d.day::date and x.rate_date >= d.day::date - $1::int
                           order by x.rate_date desc limit 1) r
     )
     (select 'missing' as what, t.currency, t.day::text, t.rate_date::text, t.per_euro::text from truth t
      except select 'missing', k.currency, k.day::text, k.rate_date::text, k.per_euro::text from reference_rate_day k)
     union all
     (select 'extra', k.currency, k.day::text, k.rate_date::text, k.per_euro::text from reference_rate_day k
      except select 'extra', t.currency, t.day::text, t.rate_date::text, t.per_euro::text from truth t)`,
    [RATE_CALENDAR_CARRY_DAYS],
  );
}

describe('reference_rate_day', () => {
  it('follows inserts, corrections, moved days and deletions of reference rates', async () => {
    await db.sql('delete from reference_rate');
    // Weekdays of two months for two currencies, in one statement (as the history is loaded on first start).
    await db.sql(
      `insert into reference_rate (rate_date, currency, per_euro)
       select d::date, c, 0.8 + (extract(doy from d)::int % 50) / 1000.0
       from generate_series(date '2026-08-01', date '2026-09-30', interval '1 day') as d cross join unnest(array['GBP', 'USD']) as c
       where extract(isodow from d) < 6`,
    );
    expect(await calendarDifferences()).toEqual([]);
    const [friday] = await db.sql<{ rate_date: string; per_euro: string }>(
      "select rate_date::text, per_euro::text from reference_rate_day where currency = 'GBP' and day = '2026-09-06'",
    );
    expect(friday).toEqual({ rate_date: '2026-09-04', per_euro: '0.847000000000' });

    // One day's publication, one row at a time (as the daily refresh may).
    await db.sql("insert into reference_rate (rate_date, currency, per_euro) values ('2026-10-01', 'GBP', 0.9)");
    await db.sql("insert into reference_rate (rate_date, currency, per_euro) values ('2026-10-01', 'JPY', 160)");
    expect(await calendarDifferences()).toEqual([]);

    // A correction, a publication moved to another day, a day withdrawn, a currency dropped.
    await db.sql("update reference_rate set per_euro = 0.85 where currency = 'GBP' and rate_date = '2026-09-15'");
    await db.sql("update reference_rate set rate_date = '2026-09-26' where currency = 'USD' and rate_date = '2026-09-25'");
    await db.sql("delete from reference_rate where currency = 'GBP' and rate_date between '2026-09-20' and '2026-09-30'");
    await db.sql("delete from reference_rate where currency = 'JPY'");
    expect(await calendarDifferences()).toEqual([]);
    expect(await db.sql("select 1 from reference_rate_day where currency = 'JPY'")).toEqual([]);
  });

  it('keeps each day’s rates into and from the euro as the conversion rounds them', async () => {
    await db.sql('delete from reference_rate');
    await db.sql("insert into reference_rate (rate_date, currency, per_euro) values ('2026-10-01', 'GBP', 0.86), ('2026-10-01', 'JPY', 162.123456789)");
    const rows = await db.sql<{ currency: string; rate_to_euro: string; rate_from_euro: string }>(
      "select currency, rate_to_euro::text, rate_from_euro::text from reference_rate_day where day = '2026-10-01' order by currency",
    );
    expect(rows).toEqual([
      { currency: 'GBP', rate_to_euro: '1.16279070', rate_from_euro: '0.86000000' },
      { currency: 'JPY', rate_to_euro: '0.00616814', rate_from_euro: '162.12345679' },
    ]);
  });

  it('fills the calendar from the rates stored before it', async () => {
    // Back to the schema before the migration, with rates in it.
    for (const event of ['insert', 'update', 'delete']) await db.sql(`drop trigger reference_rate_day_${event} on reference_rate`);
    await db.sql('drop table reference_rate_day');
    await db.sql('delete from reference_rate');
    await db.sql(
      `insert into reference_rate (rate_date, currency, per_euro)
       select d::date, c, 1.1 + (extract(doy from d)::int % 30) / 1000.0
       from generate_series(date '2026-06-01', date '2026-07-31', interval '3 days') as d cross join unnest(array['CHF', 'USD']) as c`,
    );
    await db.sql("delete from mikro_orm_migrations where name like 'Migration20261129000031%'");
    await migrateUp(db.url);
    expect(await db.sql('select count(*)::int as days from reference_rate_day')).toEqual([{ days: 2 * (61 - 1 + 1 + RATE_CALENDAR_CARRY_DAYS) }]);
    expect(await calendarDifferences()).toEqual([]);
  });

  it('carries a publication at least as long as a rate may be used', async () => {
    const { RATE_MAX_AGE_DAYS } = await import('../../../src/domain/pricing/exchange-rates.js');
    expect(RATE_CALENDAR_CARRY_DAYS).toBeGreaterThanOrEqual(RATE_MAX_AGE_DAYS);
  });
});
