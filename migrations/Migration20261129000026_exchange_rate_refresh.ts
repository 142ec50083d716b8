import { Migration } from '@mikro-orm/migrations';

/**
 * What the latest refresh of the reference rates did (one row): the rates' health says why quotes in other currencies
 * stay out when the rates are late, even with the logging component running elsewhere.
 */
export class Migration20261129000026_exchange_rate_refresh extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table if not exists exchange_rate_refresh (
        only_row boolean primary key default true check (only_row),
        refreshed_at timestamptz not null,
        outcome text not null check (outcome in ('updated', 'refused')),
        reason text check (reason in ('missing', 'unreadable', 'unavailable', 'invalid', 'late')),
        message text,
        newest_day date,
        check ((outcome = 'refused') = (reason is not null))
      );`);
  }
}
