import { Migration } from '@mikro-orm/migrations';

/** An edition's cover image, where a metadata source knows one (an edition added by ISBN). */
export class Migration20261125000006_edition_cover extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table edition add column if not exists cover_url text;');
  }
}
