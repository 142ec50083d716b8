import { Migration } from '@mikro-orm/migrations';

/**
 * What a set of quotes `q` (from `source`) says per (edition, store, currency): its latest quote (by fetched_at, then
 * id) and its lowest price (a monthly quote counting with its month's minimum; ties: the earliest).
 */
const summaryOf = (source: string): string => `
  select l.edition_id, l.store_id, l.currency, l.price_quote_id, l.amount_minor, l.availability, l.fetched_at, l.url,
         m.low_minor, m.fetched_at
  from (select distinct on (q.edition_id, q.store_id, q.currency) q.edition_id, q.store_id, q.currency, q.price_quote_id,
               q.amount_minor, q.availability, q.fetched_at, q.url
        from ${source} order by q.edition_id, q.store_id, q.currency, q.fetched_at desc, q.price_quote_id desc) l
  join (select distinct on (q.edition_id, q.store_id, q.currency) q.edition_id, q.store_id, q.currency,
               coalesce(q.min_minor, q.amount_minor) as low_minor, q.fetched_at
        from ${source} order by q.edition_id, q.store_id, q.currency, coalesce(q.min_minor, q.amount_minor), q.fetched_at) m
    on m.edition_id = l.edition_id and m.store_id = l.store_id and m.currency = l.currency`;

const inKeyOrder = (summary: string): string => `select * from (${summary}) s order by 1, 2, 3`;

const CHANGED_PAIRS_QUOTES = `price_quote q
  where (q.edition_id, q.store_id) in (select c.edition_id, c.store_id from changed c)`;

/**
 * A summary row meeting one already there: the newer latest quote and the lower lowest price win. (A rebuilt pair
 * only meets a row that a concurrent insert has just added.)
 */
const NEWER = '(excluded.latest_fetched_at, excluded.latest_quote_id) > (p.latest_fetched_at, p.latest_quote_id)';
const LOWER = '(excluded.lowest_minor, excluded.lowest_fetched_at) < (p.lowest_minor, p.lowest_fetched_at)';
const takeIf = (condition: string, columns: string[]): string =>
  columns.map((c) => `${c} = case when ${condition} then excluded.${c} else p.${c} end`).join(',\n          ');
const MERGE = `on conflict (edition_id, store_id, currency) do update set
          ${takeIf(NEWER, ['latest_quote_id', 'latest_minor', 'latest_availability', 'latest_fetched_at', 'latest_url'])},
          ${takeIf(LOWER, ['lowest_minor', 'lowest_fetched_at'])}`;

/**
 * Each (edition, store, currency)'s latest quote and lowest price ever, kept beside the quotes so a page of wishes
 * reads one row per (edition, store) instead of years of daily quotes (a wish's best price compares the latest
 * quotes; its lowest price is the lowest ever). The table always says what the quotes say: new quotes are folded in
 * (the daily fetch's path); the pairs whose quotes were changed or deleted (consolidation, a deleted edition) are
 * worked out again from the quotes they have left.
 */
export class Migration20261125000014_edition_store_price extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table edition_store_price (
      edition_id bigint not null references edition (edition_id) on delete cascade,
      store_id bigint not null references store (store_id),
      currency char(3) not null,
      latest_quote_id bigint not null,
      latest_minor bigint not null,
      latest_availability text not null,
      latest_fetched_at timestamptz not null,
      latest_url text not null,
      lowest_minor bigint not null,
      lowest_fetched_at timestamptz not null,
      primary key (edition_id, store_id, currency)
    );`);

    // Both functions take their rows' locks in key order, so a fetch storing quotes and a consolidation rewriting
    // them (each locking several pairs) wait for each other instead of deadlocking.
    this.addSql(`create or replace function edition_store_price_add() returns trigger language plpgsql as $$
      begin
        insert into edition_store_price as p ${inKeyOrder(summaryOf('added q'))}
        ${MERGE};
        return null;
      end $$;`);
    this.addSql(`create or replace function edition_store_price_rebuild() returns trigger language plpgsql as $$
      begin
        perform 1 from edition_store_price p where (p.edition_id, p.store_id) in (select c.edition_id, c.store_id from changed c)
          order by p.edition_id, p.store_id, p.currency for update;
        delete from edition_store_price p where (p.edition_id, p.store_id) in (select c.edition_id, c.store_id from changed c);
        insert into edition_store_price as p ${inKeyOrder(summaryOf(CHANGED_PAIRS_QUOTES))}
        ${MERGE};
        return null;
      end $$;`);
    // Transition tables allow one event per trigger.
    this.addSql(`create trigger edition_store_price_on_insert after insert on price_quote
      referencing new table as added for each statement execute function edition_store_price_add();`);
    this.addSql(`create trigger edition_store_price_on_update after update on price_quote
      referencing new table as changed for each statement execute function edition_store_price_rebuild();`);
    this.addSql(`create trigger edition_store_price_on_delete after delete on price_quote
      referencing old table as changed for each statement execute function edition_store_price_rebuild();`);

    // The quotes stored before this migration.
    this.addSql(`insert into edition_store_price ${summaryOf('price_quote q')};`);
  }
}
