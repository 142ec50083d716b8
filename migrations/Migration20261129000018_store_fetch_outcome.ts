import { Migration } from '@mikro-orm/migrations';

/**
 * How price fetches end, per store, minute and outcome (`price` or a failure kind): a store's health over the last
 * 7 days reads a few rows of its own, however many fetches it served. Fetches add to their minute's row as they end
 * (on demand and daily alike); rows older than the window (and a day) are removed as new ones come.
 */
export class Migration20261129000018_store_fetch_outcome extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists store_fetch_outcome (
      store_id bigint not null references store (store_id) on delete cascade,
      minute timestamptz not null,
      outcome text not null,
      fetch_count integer not null,
      last_at timestamptz not null,
      last_message text,
      primary key (store_id, minute, outcome)
    );`);
  }
}
