import { Migration } from '@mikro-orm/migrations';

/**
 * Show why (issue 26 §10, §11). Every quote keeps its evidence — which source of the page decided, what it read, which
 * others agree (at most 200 characters; null for quotes stored before, monthly quotes and readings that could not
 * tell) — and whether it is suspect: a large drop that a second reading of the page did not confirm. A suspect quote
 * is kept, but it raises no alert, no later quote is compared with it, and it is neither the latest nor the lowest
 * price of its summary: the summary (migration 14, its edition columns of migration 25 untouched) is worked out from
 * the quotes that are not suspect, and carries the latest one's evidence.
 */
const summaryOf = (source: string): string => `
  select l.edition_id, l.store_id, l.currency, l.price_quote_id, l.amount_minor, l.availability, l.fetched_at, l.url,
         m.low_minor, m.fetched_at, l.evidence
  from (select distinct on (q.edition_id, q.store_id, q.currency) q.edition_id, q.store_id, q.currency, q.price_quote_id,
               q.amount_minor, q.availability, q.fetched_at, q.url, q.evidence
        from ${source} order by q.edition_id, q.store_id, q.currency, q.fetched_at desc, q.price_quote_id desc) l
  join (select distinct on (q.edition_id, q.store_id, q.currency) q.edition_id, q.store_id, q.currency,
               coalesce(q.min_minor, q.amount_minor) as low_minor, q.fetched_at
        from ${source} order by q.edition_id, q.store_id, q.currency, coalesce(q.min_minor, q.amount_minor), q.fetched_at) m
    on m.edition_id = l.edition_id and m.store_id = l.store_id and m.currency = l.currency`;

// The summary's own columns, named: since migration 25 the table has more (filled in by its before-insert trigger).
const SUMMARY_COLUMNS = `(edition_id, store_id, currency, latest_quote_id, latest_minor, latest_availability, latest_fetched_at,
  latest_url, lowest_minor, lowest_fetched_at, latest_evidence)`;

const inKeyOrder = (summary: string): string => `select * from (${summary}) s order by 1, 2, 3`;

const ADDED_QUOTES = 'added q where not q.suspect';
const CHANGED_PAIRS_QUOTES = `price_quote q
  where (q.edition_id, q.store_id) in (select c.edition_id, c.store_id from changed c) and not q.suspect`;

const NEWER = '(excluded.latest_fetched_at, excluded.latest_quote_id) > (p.latest_fetched_at, p.latest_quote_id)';
const LOWER = '(excluded.lowest_minor, excluded.lowest_fetched_at) < (p.lowest_minor, p.lowest_fetched_at)';
const takeIf = (condition: string, columns: string[]): string =>
  columns.map((c) => `${c} = case when ${condition} then excluded.${c} else p.${c} end`).join(',\n          ');
const MERGE = `on conflict (edition_id, store_id, currency) do update set
          ${takeIf(NEWER, ['latest_quote_id', 'latest_minor', 'latest_availability', 'latest_fetched_at', 'latest_url', 'latest_evidence'])},
          ${takeIf(LOWER, ['lowest_minor', 'lowest_fetched_at'])}`;

export class Migration20261129000030_quote_evidence extends Migration {
  override async up(): Promise<void> {
    // `if not exists`: re-runnable, as the migrations before it (test/integration/migrations replay them).
    this.addSql(`alter table price_quote
      add column if not exists evidence text,
      add column if not exists suspect boolean not null default false;`);
    this.addSql('alter table edition_store_price add column if not exists latest_evidence text;');

    // Migration 14's functions, reading only quotes that are not suspect and carrying the latest one's evidence; the
    // row locks are still taken in key order.
    this.addSql(`create or replace function edition_store_price_add() returns trigger language plpgsql as $$
      begin
        insert into edition_store_price as p ${SUMMARY_COLUMNS} ${inKeyOrder(summaryOf(ADDED_QUOTES))}
        ${MERGE};
        return null;
      end $$;`);
    this.addSql(`create or replace function edition_store_price_rebuild() returns trigger language plpgsql as $$
      begin
        perform 1 from edition_store_price p where (p.edition_id, p.store_id) in (select c.edition_id, c.store_id from changed c)
          order by p.edition_id, p.store_id, p.currency for update;
        delete from edition_store_price p where (p.edition_id, p.store_id) in (select c.edition_id, c.store_id from changed c);
        insert into edition_store_price as p ${SUMMARY_COLUMNS} ${inKeyOrder(summaryOf(CHANGED_PAIRS_QUOTES))}
        ${MERGE};
        return null;
      end $$;`);
  }
}
