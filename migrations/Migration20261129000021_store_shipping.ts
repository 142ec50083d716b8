import { Migration } from '@mikro-orm/migrations';

/**
 * What each store charges to deliver (C11.5), from its recipe: destination country (or `*`) → flat_minor,
 * free_from_minor, per_extra_item_minor in the store's currency. Null: the recipe says nothing (shipping unknown).
 */
export class Migration20261129000021_store_shipping extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table store add column if not exists shipping jsonb;');
  }
}
