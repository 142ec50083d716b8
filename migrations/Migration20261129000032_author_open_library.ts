import { Migration } from '@mikro-orm/migrations';

/**
 * Pre-loaded author data (issue 29): authors loaded from Open Library's authors dump keep its id (`OL23919A`), the
 * dump's revision of their record (a re-run updates only what changed since) and their dates as the dump writes
 * them. `author_load` remembers how far a load of a dump file got, so an interrupted load resumes there. Names are
 * matched before an author is created (imports, metadata lookups) by the folded name first (`author_primary_name_idx`:
 * the oldest author of a name is one index entry away however many share it), then by any folded part — an alias —
 * through `author_name_parts_gin`: matching never reads the whole table, though it holds millions of authors.
 */
export class Migration20261129000032_author_open_library extends Migration {
  override async up(): Promise<void> {
    // `if not exists`: re-runnable, as the migrations before it (test/integration/migrations replay them).
    this.addSql(`alter table author
      add column if not exists open_library_id text,
      add column if not exists open_library_revision integer,
      add column if not exists birth_date text,
      add column if not exists death_date text;`);
    this.addSql('create unique index if not exists author_open_library_id_key on author (open_library_id);');
    this.addSql("create index if not exists author_primary_name_idx on author (split_part(name_search, chr(1), 1), author_id);");
    this.addSql("create index if not exists author_name_parts_gin on author using gin (string_to_array(name_search, chr(1)));");
    this.addSql(`create table if not exists author_load (
      dump_key text primary key,
      lines_done bigint not null,
      finished boolean not null default false,
      updated_at timestamptz not null default now()
    );`);
  }
}
