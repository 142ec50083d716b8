import { Migration } from '@mikro-orm/migrations';

/**
 * The instance that wrote each event (INSTANCE_ID, or its host name), so two API instances behind one logging
 * component can be told apart. Nullable and without a default: adding it rewrites nothing, however large the table.
 */
export class Migration20261129000019_log_instance extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table log add column if not exists log_instance text;');
  }
}
