import { Migration } from '@mikro-orm/migrations';

/**
 * An edition may be a product identified by its GTIN rather than an ISBN (issue 26 §9: comics, audio, board games
 * that book stores sell). `gtin` holds the canonical form (`domain/catalog/gtin.ts`: 13 digits when the GTIN-14's
 * indicator digit is 0, else 14), unique like the ISBN; the ISBN may now be missing, but never both.
 */
export class Migration20261129000029_edition_gtin extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table edition
      add column if not exists gtin varchar(14) check (gtin ~ '^[0-9]{13,14}$'),
      alter column isbn drop not null;`);
    this.addSql('alter table edition drop constraint if exists edition_gtin_unique;');
    this.addSql('alter table edition add constraint edition_gtin_unique unique (gtin);');
    this.addSql('alter table edition drop constraint if exists edition_identified;');
    this.addSql('alter table edition add constraint edition_identified check (isbn is not null or gtin is not null);');
  }
}
