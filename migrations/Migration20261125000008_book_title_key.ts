import { Migration } from '@mikro-orm/migrations';
import { matchKeyOf } from '../src/domain/shared/search-text.js';

/** Books read this many at a time while their keys are filled in, so a large catalog never sits in memory at once. */
const BATCH = 5_000;

/**
 * A book's title folded past punctuation (`matchKeyOf`), which an import matches rows against: "Enders Game" finds
 * "Ender's Game". Computed by the application, the one place the folding rule lives, so existing books are filled
 * in here batch by batch rather than by a SQL copy of the rule that could drift from it.
 */
export class Migration20261125000008_book_title_key extends Migration {
  override async up(): Promise<void> {
    await this.execute('alter table book add column if not exists title_key text');
    let after = 0;
    for (;;) {
      const rows = await this.execute(
        'select book_id, book_original_title from book where book_id > ? and title_key is null order by book_id limit ?',
        [after, BATCH],
      );
      if (rows.length === 0) break;
      const keys = rows.map((row) => ({ id: Number(row.book_id), key: matchKeyOf(String(row.book_original_title)) }));
      await this.execute(
        'update book b set title_key = r.key from jsonb_to_recordset(?::jsonb) as r(id bigint, key text) where b.book_id = r.id',
        [JSON.stringify(keys)],
      );
      after = keys[keys.length - 1]!.id;
    }
    this.addSql('create index if not exists book_title_key_idx on book (title_key);');
  }
}
