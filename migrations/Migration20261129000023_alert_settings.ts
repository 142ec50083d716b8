import { Migration } from '@mikro-orm/migrations';
import { DEFAULT_PREFERENCES } from '../src/domain/wishes/preferences.js';

const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;

// The kinds as of this migration, written out: a later kind replaces the two checks in its own migration.
const KINDS = ['below_max_price', 'price_drop', 'new_lowest', 'back_in_stock', 'percent_drop', 'lowest_in_days', 'below_target'];
const KIND_ARRAY = `array[${KINDS.map(literal).join(', ')}]`;

/**
 * The alerts a reader turns on (issue 27; domain/alerts/alert-settings.ts): a drop by at least N %, the lowest in the
 * last 30/90/365 days, a default target. Per wish (null: the account's default) and per account (null: off), checked
 * here as the domain checks them, so a row the API would refuse cannot exist. The alert and channel kind checks take
 * the three new kinds. The effective_preferences view of migration 22 again (its columns unchanged, in their order),
 * the account's alert defaults last: every one off (null) by default, as DEFAULT_PREFERENCES says.
 */
export class Migration20261129000023_alert_settings extends Migration {
  override async up(): Promise<void> {
    const { country, currency, formats, convertCurrencies } = DEFAULT_PREFERENCES;
    this.addSql(`alter table wish
      add column if not exists alert_drop_percent smallint check (alert_drop_percent between 1 and 99),
      add column if not exists alert_lowest_days smallint check (alert_lowest_days in (30, 90, 365));`);
    this.addSql(`alter table user_preferences
      add column if not exists alert_drop_percent smallint check (alert_drop_percent between 1 and 99),
      add column if not exists alert_lowest_days smallint check (alert_lowest_days in (30, 90, 365)),
      add column if not exists default_target_minor bigint check (default_target_minor >= 0),
      add column if not exists default_target_currency char(3),
      add column if not exists default_target_discount_percent smallint check (default_target_discount_percent between 0 and 99),
      drop constraint if exists user_preferences_default_target,
      add constraint user_preferences_default_target check (
        (default_target_minor is null) = (default_target_currency is null)
        and (default_target_minor is null or default_target_discount_percent is null));`);

    this.addSql('alter table alert drop constraint if exists alert_alert_kind_check;');
    this.addSql(`alter table alert add constraint alert_alert_kind_check check (alert_kind = any (${KIND_ARRAY}));`);
    this.addSql('alter table notification_channel drop constraint if exists notification_channel_alert_kinds_check;');
    this.addSql(`alter table notification_channel add constraint notification_channel_alert_kinds_check
      check (cardinality(alert_kinds) between 1 and ${KINDS.length} and alert_kinds <@ ${KIND_ARRAY});`);

    this.addSql(`create or replace view effective_preferences as
      select u.user_id,
             case when p.user_id is null then ${country === null ? 'null::text' : literal(country)} else p.country end as country,
             coalesce(p.currency, ${literal(currency)}) as currency,
             coalesce(p.formats, array[${formats.map(literal).join(', ')}]::text[]) as formats,
             coalesce(p.convert_currencies, ${convertCurrencies}) as convert_currencies,
             p.alert_drop_percent, p.alert_lowest_days,
             p.default_target_minor, p.default_target_currency, p.default_target_discount_percent
      from app_user u left join user_preferences p on p.user_id = u.user_id;`);
  }
}
