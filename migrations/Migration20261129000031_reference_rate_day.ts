import { Migration } from '@mikro-orm/migrations';
import { roundedRateSql } from '../src/adapters/postgres/repositories/sql-currency-conversion.js';

/**
 * How many days after a publication the calendar below still names it. At least the domain's RATE_MAX_AGE_DAYS
 * (test/unit/migrations/reference-rate-day.test.ts holds it): the statements apply the age rule themselves, so a
 * longer carry costs rows, never answers.
 */
export const RATE_CALENDAR_CARRY_DAYS = 31;

/**
 * The rates' calendar (C11.4, issue 27's page speed): for each currency and each day, the latest publication on or
 * before it (at most RATE_CALENDAR_CARRY_DAYS before), its units per euro and its rates into and from the euro as the
 * conversion rounds them (roundedRateSql), so a statement that converts many quotes finds each quote's rate by
 * equality — a hash of a few hundred rows — instead of searching reference_rate and dividing once per quote. Kept by
 * statement triggers on reference_rate: a change to a currency's rates rewrites its calendar from the first changed
 * day to the carry after the last, whoever stored them (the refresh job, a restore, a test).
 */
export class Migration20261129000031_reference_rate_day extends Migration {
  override async up(): Promise<void> {
    const carry = RATE_CALENDAR_CARRY_DAYS;
    this.addSql(`
      create table if not exists reference_rate_day (
        currency char(3) not null,
        day date not null,
        rate_date date not null,
        per_euro numeric(24, 12) not null,
        rate_to_euro numeric(30, 8) not null,
        rate_from_euro numeric(30, 8) not null,
        primary key (currency, day)
      );`);
    // Upsert what the days now say, then drop the days of the range that no publication reaches any more: two
    // instances refreshing at once both end with the same rows.
    this.addSql(`
      create or replace function reference_rate_day_refresh(changed char(3), first_day date, last_day date) returns void
      language sql as $$
        with computed as (
          select changed as currency, d.day::date as day, r.rate_date, r.per_euro,
                 ${roundedRateSql('r.per_euro', '1')} as rate_to_euro, ${roundedRateSql('1', 'r.per_euro')} as rate_from_euro
          from generate_series(first_day, last_day + ${carry}, interval '1 day') as d(day)
          cross join lateral (
            select x.rate_date, x.per_euro from reference_rate x
            where x.currency = changed and x.rate_date <= d.day::date and x.rate_date >= d.day::date - ${carry}
            order by x.rate_date desc limit 1) r
        ),
        upserted as (
          insert into reference_rate_day (currency, day, rate_date, per_euro, rate_to_euro, rate_from_euro)
          select currency, day, rate_date, per_euro, rate_to_euro, rate_from_euro from computed
          on conflict (currency, day) do update set rate_date = excluded.rate_date, per_euro = excluded.per_euro,
            rate_to_euro = excluded.rate_to_euro, rate_from_euro = excluded.rate_from_euro
        )
        delete from reference_rate_day k
        where k.currency = changed and k.day between first_day and last_day + ${carry}
          and not exists (select 1 from computed c where c.day = k.day);
      $$;`);
    this.addSql(`
      create or replace function reference_rate_day_after_change() returns trigger
      language plpgsql as $$
      begin
        if TG_OP = 'UPDATE' then
          perform reference_rate_day_refresh(c.currency, min(c.rate_date), max(c.rate_date))
          from (select currency, rate_date from before_change union all select currency, rate_date from changed) c
          group by c.currency;
        else
          perform reference_rate_day_refresh(c.currency, min(c.rate_date), max(c.rate_date))
          from changed c group by c.currency;
        end if;
        return null;
      end $$;`);
    this.addSql('drop trigger if exists reference_rate_day_insert on reference_rate;');
    this.addSql('drop trigger if exists reference_rate_day_update on reference_rate;');
    this.addSql('drop trigger if exists reference_rate_day_delete on reference_rate;');
    this.addSql(`create trigger reference_rate_day_insert after insert on reference_rate
      referencing new table as changed for each statement execute function reference_rate_day_after_change();`);
    this.addSql(`create trigger reference_rate_day_update after update on reference_rate
      referencing old table as before_change new table as changed for each statement execute function reference_rate_day_after_change();`);
    this.addSql(`create trigger reference_rate_day_delete after delete on reference_rate
      referencing old table as changed for each statement execute function reference_rate_day_after_change();`);
    this.addSql(`select reference_rate_day_refresh(currency, min(rate_date), max(rate_date)) from reference_rate group by currency;`);
  }
}
