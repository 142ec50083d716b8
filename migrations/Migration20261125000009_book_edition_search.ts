import { Migration } from '@mikro-orm/migrations';

/**
 * Books an import created without an ISBN wait for the background search of a metadata source by title and author
 * (`edition_search_pending`); a search that finds exactly one edition attaches it. Every other book never waits.
 */
export class Migration20261125000009_book_edition_search extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table book add column if not exists edition_search_pending boolean not null default false;');
    this.addSql('create index if not exists book_edition_search_pending_idx on book (book_id) where edition_search_pending;');
  }
}
