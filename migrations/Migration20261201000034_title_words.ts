import { Migration } from '@mikro-orm/migrations';

/**
 * The words of every book's folded title (issue 29), so that a title search reads, in book order, only the books that
 * have a word containing the term, from a B-tree — as the author words do for names (migration 33). `title_vocab`
 * holds every word once, with a trigram index: a term is looked up among the distinct words (thousands of rows
 * where the book table has millions), and `title_word` then gives the books of the words that contain it, in book
 * order, from its primary key alone (a word is stored there by its number in the vocabulary: a key of two integers is
 * a third the size of one with the word's text, and sorts some times faster when the index is built). A word is what
 * `title_search` holds between spaces, three characters or more:
 * a search term must hold three letters or digits in a row to be looked up here, and such a term is never inside a
 * shorter word (src/adapters/postgres/repositories/title-words.ts).
 *
 * It replaces the title's trigram index: a phrase of common words ("silent river") made that index read the long
 * posting lists of every trigram and check thousands of titles before the first page (135–390 ms at 10M books), and the
 * words answer every term with a trigram in it. Kept by statement triggers on `book`, as the author words are on
 * `author`.
 */
export class Migration20261201000034_title_words extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function title_words(title_search text) returns setof text
      language sql immutable parallel safe
      as $$ select distinct w from unnest(string_to_array(title_search, ' ')) w where length(w) >= 3 $$;`);
    this.addSql(`create table if not exists title_vocab (
      word_id integer generated always as identity primary key,
      word text not null unique
    );`);
    this.addSql('create index if not exists title_vocab_word_trgm on title_vocab using gin (word gin_trgm_ops);');
    // No foreign key, as for the author words: the triggers below keep the rows right.
    this.addSql(`create table if not exists title_word (
      word_id integer not null,
      book_id bigint not null,
      primary key (word_id, book_id)
    );`);

    // In (word_id, book_id) order: each word's new books then go into the primary key together, not one by one.
    this.addSql(`create or replace function title_words_added() returns trigger language plpgsql as $$
    begin
      insert into title_vocab (word)
        select distinct w.word from added b cross join lateral title_words(b.title_search) w(word)
        on conflict (word) do nothing;
      insert into title_word (word_id, book_id)
        select v.word_id, b.book_id from added b cross join lateral title_words(b.title_search) w(word)
        join title_vocab v on v.word = w.word order by 1, 2;
      return null;
    end $$;`);
    this.addSql(`create or replace function title_words_changed() returns trigger language plpgsql as $$
    begin
      if not exists (select 1 from before_rows o join after_rows n using (book_id) where n.title_search is distinct from o.title_search) then
        return null;
      end if;
      delete from title_word tw using (
        select v.word_id, o.book_id from before_rows o join after_rows n using (book_id)
        cross join lateral title_words(o.title_search) w(word) join title_vocab v on v.word = w.word
        where n.title_search is distinct from o.title_search
      ) gone where tw.word_id = gone.word_id and tw.book_id = gone.book_id;
      insert into title_vocab (word)
        select distinct w.word from before_rows o join after_rows n using (book_id)
        cross join lateral title_words(n.title_search) w(word)
        where n.title_search is distinct from o.title_search
        on conflict (word) do nothing;
      insert into title_word (word_id, book_id)
        select v.word_id, n.book_id from before_rows o join after_rows n using (book_id)
        cross join lateral title_words(n.title_search) w(word) join title_vocab v on v.word = w.word
        where n.title_search is distinct from o.title_search
        order by 1, 2;
      return null;
    end $$;`);
    this.addSql(`create or replace function title_words_removed() returns trigger language plpgsql as $$
    begin
      delete from title_word tw using (
        select v.word_id, o.book_id from removed o cross join lateral title_words(o.title_search) w(word)
        join title_vocab v on v.word = w.word
      ) gone where tw.word_id = gone.word_id and tw.book_id = gone.book_id;
      return null;
    end $$;`);
    this.addSql(`create or replace function title_words_emptied() returns trigger language plpgsql as $$
    begin
      truncate title_word;
      return null;
    end $$;`);
    for (const event of ['insert', 'update', 'delete', 'truncate']) this.addSql(`drop trigger if exists title_words_${event} on book;`);
    this.addSql(`create trigger title_words_insert after insert on book
      referencing new table as added for each statement execute function title_words_added();`);
    this.addSql(`create trigger title_words_update after update on book
      referencing old table as before_rows new table as after_rows for each statement execute function title_words_changed();`);
    this.addSql(`create trigger title_words_delete after delete on book
      referencing old table as removed for each statement execute function title_words_removed();`);
    this.addSql('create trigger title_words_truncate after truncate on book for each statement execute function title_words_emptied();');

    // The books already stored (re-runnable: the rows of a first run are kept).
    this.addSql(`insert into title_vocab (word)
      select distinct w.word from book b cross join lateral title_words(b.title_search) w(word) on conflict (word) do nothing;`);
    this.addSql(`insert into title_word (word_id, book_id)
      select v.word_id, b.book_id from book b cross join lateral title_words(b.title_search) w(word)
      join title_vocab v on v.word = w.word order by 1, 2
      on conflict do nothing;`);
    this.addSql('drop index if exists book_title_search_trgm;');
  }
}
