import { Migration } from '@mikro-orm/migrations';

/**
 * Borrow or buy (issue 27 §4): whether each wished book can be borrowed as an e-book, as the metadata enrichment last
 * asked the lending programme. One row per book (available when one of its editions is), replaced at each check;
 * gone with its book. The index serves the enrichment's "due for a check" (oldest check first).
 */
export class Migration20261129000024_book_borrow extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table if not exists book_borrow (
        book_id bigint primary key references book (book_id) on delete cascade,
        is_available boolean not null,
        borrow_url text check (borrow_url is null or borrow_url ~ '^https?://'),
        checked_at timestamptz not null,
        check (is_available = (borrow_url is not null))
      );`);
    this.addSql('create index if not exists book_borrow_checked_idx on book_borrow (checked_at, book_id);');
  }
}
