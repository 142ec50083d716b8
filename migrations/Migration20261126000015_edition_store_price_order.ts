import { Migration } from '@mikro-orm/migrations';

/**
 * Each edition's summaries in best-price order and in lowest-price order (the tie-breaks of the wishes' best and
 * lowest price included), so a page of wishes reads the first summary in scope of each edition instead of all of its
 * stores'. Both cover the columns those steps read (the best price's URL is read for the winner alone), so the steps
 * stay in the index.
 */
export class Migration20261126000015_edition_store_price_order extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index edition_store_price_best_idx
      on edition_store_price (edition_id, currency, latest_minor, latest_fetched_at desc, store_id) include (latest_availability);`);
    this.addSql(`create index edition_store_price_lowest_idx
      on edition_store_price (edition_id, currency, lowest_minor, lowest_fetched_at, store_id);`);
  }
}
