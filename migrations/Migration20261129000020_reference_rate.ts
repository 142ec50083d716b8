import { Migration } from '@mikro-orm/migrations';

/**
 * Reference exchange rates per publication day (C11.4): units of each currency per euro, as published. Cross rates
 * are computed from two rows of one day; the euro itself has no row (it is 1).
 */
export class Migration20261129000020_reference_rate extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table if not exists reference_rate (
        rate_date date not null,
        currency char(3) not null check (currency ~ '^[A-Z]{3}$' and currency <> 'EUR'),
        per_euro numeric(24, 12) not null check (per_euro > 0),
        primary key (currency, rate_date)
      );`);
  }
}
