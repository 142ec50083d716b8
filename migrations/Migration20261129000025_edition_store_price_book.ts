import { Migration } from '@mikro-orm/migrations';

/**
 * Each summary row carries its edition's book, format and language, kept equal to the edition's by triggers, so a
 * wish's best and lowest price in a currency is one step along an index per book (the first row in the reader's
 * formats, languages and stores) instead of one step per edition: a page of wishes costs a few index steps per wish,
 * whatever the number of editions, and a reader who converts currencies pays one more step per other currency.
 * The indexes per edition (migration 15) are replaced: nothing else reads summaries in price order.
 */
export class Migration20261129000025_edition_store_price_book extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table edition_store_price
      add column book_id bigint, add column format text, add column language_id bigint;`);
    this.addSql(`update edition_store_price p set book_id = e.book_id, format = e.format, language_id = e.language_id
      from edition e where e.edition_id = p.edition_id;`);
    this.addSql(`alter table edition_store_price
      alter column book_id set not null, alter column format set not null, alter column language_id set not null;`);

    // The functions of migration 14 insert the summary columns alone: the edition's are filled in here.
    this.addSql(`create or replace function edition_store_price_edition() returns trigger language plpgsql as $$
      begin
        select e.book_id, e.format, e.language_id into new.book_id, new.format, new.language_id
        from edition e where e.edition_id = new.edition_id;
        return new;
      end $$;`);
    this.addSql(`create or replace trigger edition_store_price_edition before insert on edition_store_price
      for each row execute function edition_store_price_edition();`);
    this.addSql(`create or replace function edition_store_price_follow_edition() returns trigger language plpgsql as $$
      begin
        update edition_store_price p set book_id = new.book_id, format = new.format, language_id = new.language_id
        where p.edition_id = new.edition_id;
        return null;
      end $$;`);
    this.addSql(`create or replace trigger edition_store_price_follow_edition after update of book_id, format, language_id on edition
      for each row when ((old.book_id, old.format, old.language_id) is distinct from (new.book_id, new.format, new.language_id))
      execute function edition_store_price_follow_edition();`);

    // The orders of the wishes' best and lowest price, their tie-breaks included; what the scope tests is covered.
    this.addSql(`create index edition_store_price_book_best_idx
      on edition_store_price (book_id, currency, latest_minor, latest_fetched_at desc, edition_id, store_id)
      include (latest_availability, format, language_id);`);
    this.addSql(`create index edition_store_price_book_lowest_idx
      on edition_store_price (book_id, currency, lowest_minor, lowest_fetched_at, edition_id, store_id)
      include (format, language_id);`);
    this.addSql('drop index if exists edition_store_price_best_idx;');
    this.addSql('drop index if exists edition_store_price_lowest_idx;');
  }
}
