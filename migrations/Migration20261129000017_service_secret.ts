import { Migration } from '@mikro-orm/migrations';

/**
 * Secrets every instance on this database shares and no operator has to set: a key made once, by the database's own
 * strong random source (gen_random_uuid, PostgreSQL 13+), when the schema is created. `cursor` keys the pagination
 * cursors' integrity check, so a cursor made by one instance is honoured by another and cannot be forged from the
 * source code.
 */
export class Migration20261129000017_service_secret extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists service_secret (name text primary key, value text not null);`);
    this.addSql(`insert into service_secret (name, value)
      values ('cursor', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
      on conflict (name) do nothing;`);
  }
}
