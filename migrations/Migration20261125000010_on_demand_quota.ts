import { Migration } from '@mikro-orm/migrations';

/**
 * Each user's on-demand price fetches in the current window (`FETCH_USER_LIMIT` per `FETCH_USER_WINDOW`), shared by
 * every instance, so one user cannot fill the stores' queues with requests that others would wait behind.
 */
export class Migration20261125000010_on_demand_quota extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists on_demand_fetch_quota (
      user_id bigint primary key references app_user (user_id) on delete cascade,
      window_start timestamptz not null,
      used integer not null
    );`);
  }
}
