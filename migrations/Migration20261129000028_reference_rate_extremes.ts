import { Migration } from '@mikro-orm/migrations';

/**
 * A converting reader's page bounds each other currency by its lowest rate of any day (`rate_floors`,
 * sql-wish-prices.ts): the highest and lowest units per euro of a currency. With this index each is one index step,
 * not a scan of the currency's whole history on every page.
 */
export class Migration20261129000028_reference_rate_extremes extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index if not exists reference_rate_extremes_idx on reference_rate (currency, per_euro);');
  }
}
