import { Migration } from '@mikro-orm/migrations';

/**
 * The words of every author's folded names (issue 29), so that a search for one word reads the few authors that
 * have it from a B-tree instead of visiting each of them in the author table. `author_vocab` holds every word once,
 * with a trigram index: a term is looked up among the distinct words (a few thousand rows where the author table has
 * millions), and `author_word` then gives the authors of the words that contain it, in author order, from its
 * primary key alone (an index-only scan). A word is what `name_search` holds between spaces and the chr(1) that
 * separates a name from its aliases, so a term without either is inside a folded name exactly when it is inside one
 * of its words (src/adapters/postgres/repositories/author-matches.ts).
 *
 * Kept by statement triggers on `author` — every writer (the ORM, the author load, imports, the benchmarks' seeds)
 * keeps them right without knowing of them, and a statement of a million rows writes its words in one set. A word
 * stays in the vocabulary when its last author goes: it then leads to no one.
 */
export class Migration20261130000033_author_words extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function author_words(name_search text) returns setof text
      language sql immutable parallel safe
      as $$ select distinct w from unnest(string_to_array(translate(name_search, chr(1), ' '), ' ')) w where w <> '' $$;`);
    this.addSql(`create table if not exists author_vocab (word text primary key);`);
    this.addSql('create index if not exists author_vocab_word_trgm on author_vocab using gin (word gin_trgm_ops);');
    // No foreign key: a check per word row would cost the author load more than the words themselves; the triggers
    // below are what keeps the rows right.
    this.addSql(`create table if not exists author_word (
      word text not null,
      author_id bigint not null,
      primary key (word, author_id)
    );`);

    // In (word, author_id) order: each word's new authors then go into the primary key together, not one by one.
    this.addSql(`create or replace function author_words_added() returns trigger language plpgsql as $$
    begin
      insert into author_vocab (word)
        select distinct w.word from added a cross join lateral author_words(a.name_search) w(word)
        on conflict do nothing;
      insert into author_word (word, author_id)
        select w.word, a.author_id from added a cross join lateral author_words(a.name_search) w(word) order by 1, 2;
      return null;
    end $$;`);
    this.addSql(`create or replace function author_words_changed() returns trigger language plpgsql as $$
    begin
      if not exists (select 1 from before_rows o join after_rows n using (author_id) where n.name_search is distinct from o.name_search) then
        return null;
      end if;
      delete from author_word aw using (
        select w.word, o.author_id from before_rows o join after_rows n using (author_id)
        cross join lateral author_words(o.name_search) w(word)
        where n.name_search is distinct from o.name_search
      ) gone where aw.word = gone.word and aw.author_id = gone.author_id;
      insert into author_vocab (word)
        select distinct w.word from before_rows o join after_rows n using (author_id)
        cross join lateral author_words(n.name_search) w(word)
        where n.name_search is distinct from o.name_search
        on conflict do nothing;
      insert into author_word (word, author_id)
        select w.word, n.author_id from before_rows o join after_rows n using (author_id)
        cross join lateral author_words(n.name_search) w(word)
        where n.name_search is distinct from o.name_search
        order by 1, 2;
      return null;
    end $$;`);
    this.addSql(`create or replace function author_words_removed() returns trigger language plpgsql as $$
    begin
      delete from author_word aw using (
        select w.word, o.author_id from removed o cross join lateral author_words(o.name_search) w(word)
      ) gone where aw.word = gone.word and aw.author_id = gone.author_id;
      return null;
    end $$;`);
    this.addSql(`create or replace function author_words_emptied() returns trigger language plpgsql as $$
    begin
      truncate author_word;
      return null;
    end $$;`);
    this.addSql('drop trigger if exists author_words_insert on author;');
    this.addSql('drop trigger if exists author_words_update on author;');
    this.addSql('drop trigger if exists author_words_delete on author;');
    this.addSql('drop trigger if exists author_words_truncate on author;');
    this.addSql(`create trigger author_words_insert after insert on author
      referencing new table as added for each statement execute function author_words_added();`);
    this.addSql(`create trigger author_words_update after update on author
      referencing old table as before_rows new table as after_rows for each statement execute function author_words_changed();`);
    this.addSql(`create trigger author_words_delete after delete on author
      referencing old table as removed for each statement execute function author_words_removed();`);
    this.addSql('create trigger author_words_truncate after truncate on author for each statement execute function author_words_emptied();');

    // The authors already stored (re-runnable: the rows of a first run are kept).
    this.addSql(`insert into author_vocab (word)
      select distinct w.word from author a cross join lateral author_words(a.name_search) w(word) on conflict do nothing;`);
    this.addSql(`insert into author_word (word, author_id)
      select w.word, a.author_id from author a cross join lateral author_words(a.name_search) w(word) order by 1, 2
      on conflict do nothing;`);
  }
}
