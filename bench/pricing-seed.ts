import pg from 'pg';
import { fmt } from './seed.js';

// Data of the pricing benchmark, generated set-based with generate_series.

export interface FetchSeedOptions {
  books: number;
  users: number;
  /** Every `maxPriceEvery`-th wish has a maximum price of 20.00 EUR (0: none), so some quotes raise alerts. */
  maxPriceEvery: number;
}

export interface FetchSeedSummary {
  books: number;
  editions: number;
  editionsByFormat: Record<string, number>;
  users: number;
  wishes: number;
  wishesWithMaxPrice: number;
  seconds: number;
}

/**
 * Books with one paperback edition each (sold by all four demonstration stores: one (edition, store) task per book
 * and store); one monitored wish per book.
 */
export async function seedFetchScenario(url: string, options: FetchSeedOptions, say: (line: string) => void): Promise<FetchSeedSummary> {
  const t0 = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('set synchronous_commit = off');
    const { rows: lang } = await client.query<{ language_id: string }>(`select language_id from language where language_code = 'en'`);
    const english = lang[0]?.language_id;
    if (!english) throw new Error('The language table has no English (migrations not applied?)');
    await client.query(
      `insert into book (book_id, book_original_title, title_search, created_at, updated_at)
       select n, 'Pricing benchmark book ' || n, 'pricing benchmark book ' || n, now(), now() from generate_series(1, $1::int) n`,
      [options.books],
    );
    await client.query(`select setval(pg_get_serial_sequence('book', 'book_id'), (select max(book_id) from book))`);
    // Valid ISBN-13s (978, 9 digits of n, the check digit), as real editions have: the stores' pages repeat them.
    await client.query(
      `insert into edition (book_id, isbn, format, language_id, edition_title, publisher, published_year)
       select n, body || ((10 - (select sum(substr(body, i, 1)::int * case when i % 2 = 1 then 1 else 3 end)
                                   from generate_series(1, 12) i) % 10) % 10)::text,
              'paperback', $2::bigint, null, 'Benchmark Press', 2020
       from generate_series(1, $1::int) n, lateral (select '978' || lpad(n::text, 9, '0') as body) b`,
      [options.books, english],
    );
    say(`  ${fmt(options.books)} books and their editions inserted (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    await client.query(
      `insert into app_user (subject, email, display_name)
       select 'pricing-bench-' || u, null, 'Pricing benchmark user ' || u from generate_series(1, $1::int) u`,
      [options.users],
    );
    // One monitored wish per book, the books dealt round-robin to the users.
    await client.query(
      `insert into wish (user_id, book_id, is_monitored, max_price_minor, max_price_currency)
       select u.user_id, n, true,
              case when $3::int > 0 and n % $3::int = 0 then 2000 end,
              case when $3::int > 0 and n % $3::int = 0 then 'EUR' end
       from generate_series(1, $1::int) n
       join app_user u on u.subject = 'pricing-bench-' || (1 + (n - 1) % $2::int)`,
      [options.books, options.users, options.maxPriceEvery],
    );
    await client.query('vacuum (analyze) book, edition, app_user, wish');
    const { rows } = await client.query<{ format: string; n: string }>('select format, count(*) as n from edition group by format order by format');
    const editionsByFormat = Object.fromEntries(rows.map((r) => [r.format, Number(r.n)]));
    const { rows: w } = await client.query<{ wishes: string; priced: string; users: string }>(
      `select count(*) as wishes, count(max_price_minor) as priced, count(distinct user_id) as users from wish`,
    );
    return {
      books: options.books,
      editions: Object.values(editionsByFormat).reduce((a, b) => a + b, 0),
      editionsByFormat,
      users: Number(w[0]?.users),
      wishes: Number(w[0]?.wishes),
      wishesWithMaxPrice: Number(w[0]?.priced),
      seconds: (performance.now() - t0) / 1000,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface MonthSeedOptions {
  /** (edition, store) pairs, taken from the editions and the active stores selling their format. */
  pairs: number;
  /** First day of the month (UTC) and its number of days; one daily quote per pair and day. */
  monthStart: Date;
  days: number;
}

export interface MonthSeedSummary {
  pairs: number;
  quotes: number;
  /** Daily quotes outside the month (left alone by the consolidation). */
  otherDailyQuotes: number;
  tableBytes: number;
  seconds: number;
}

/**
 * One daily quote per (edition, store) pair and day of the month, appended day by day as the daily fetch does:
 * the store's currency, prices that wander from day to day, one quote in twenty-five out of stock.
 */
export async function seedMonth(url: string, options: MonthSeedOptions, say: (line: string) => void): Promise<MonthSeedSummary> {
  const t0 = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('set synchronous_commit = off');
    await client.query(`drop table if exists pricing_bench_pair`);
    await client.query(
      `create unlogged table pricing_bench_pair as
       select row_number() over (order by e.edition_id, s.store_id)::int as pair_no, e.edition_id, s.store_id, s.currency,
              replace(s.product_url_template, '{isbn13}', e.isbn) as url
       from edition e join store s on s.is_active and e.format = any(s.formats)
       order by e.edition_id, s.store_id
       limit $1::int`,
      [options.pairs],
    );
    const { rows: pc } = await client.query<{ n: string }>('select count(*) as n from pricing_bench_pair');
    const pairs = Number(pc[0]?.n);
    if (pairs < options.pairs) throw new Error(`Only ${pairs} (edition, store) pairs exist; ${options.pairs} wanted`);
    for (let day = 0; day < options.days; day++) {
      await client.query(
        `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind)
         select p.edition_id, p.store_id,
                699 + (hashint4(p.pair_no) & 2047) + ((hashint4(p.pair_no * 31 + $2::int) & 255) - 128),
                p.currency,
                case when hashint4(p.pair_no * 7 + $2::int) & 31 = 0 then 'out_of_stock' else 'in_stock' end,
                p.url,
                $1::timestamptz + make_interval(days => $2::int, hours => 3, secs => (p.pair_no % 3600)),
                'daily'
         from pricing_bench_pair p
         order by p.pair_no`,
        [options.monthStart.toISOString(), day],
      );
      if ((day + 1) % 5 === 0 || day + 1 === options.days) {
        say(`  day ${day + 1} / ${options.days}: ${fmt((day + 1) * pairs)} daily quotes (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
      }
    }
    await client.query('drop table pricing_bench_pair');
    say('  vacuum (analyze) price_quote, checkpoint ...');
    await client.query('vacuum (analyze) price_quote');
    await client.query('checkpoint').catch(() => say('  (checkpoint not permitted; skipped)'));
    const end = new Date(options.monthStart.getTime() + options.days * 86_400_000);
    const { rows } = await client.query<{ inside: string; outside: string; bytes: string }>(
      `select count(*) filter (where fetched_at >= $1 and fetched_at < $2) as inside,
              count(*) filter (where not (fetched_at >= $1 and fetched_at < $2)) as outside,
              pg_total_relation_size('price_quote') as bytes
       from price_quote where quote_kind = 'daily'`,
      [options.monthStart.toISOString(), end.toISOString()],
    );
    return {
      pairs,
      quotes: Number(rows[0]?.inside),
      otherDailyQuotes: Number(rows[0]?.outside),
      tableBytes: Number(rows[0]?.bytes),
      seconds: (performance.now() - t0) / 1000,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The baseline: one hand-written statement doing what the use case does — the month's daily quotes become one
 * monthly quote per edition × store (the last quote's amount, availability, url, currency and time; min, max, sum,
 * rounded average and count over the quotes in that currency; merged into a monthly quote that already exists)
 * and the dailies are deleted. The delete feeds the aggregation directly: one pass over the month's rows.
 * $1, $2: month start and end (timestamptz), $3: the month (date).
 */
export const BASELINE_CONSOLIDATION = `
with gone as (
  delete from price_quote
  where quote_kind = 'daily' and fetched_at >= $1::timestamptz and fetched_at < $2::timestamptz
  returning price_quote_id, edition_id, store_id, amount_minor, currency, availability, url, fetched_at
),
last as (
  select distinct on (edition_id, store_id) edition_id, store_id, amount_minor, currency, availability, url, fetched_at
  from gone order by edition_id, store_id, fetched_at desc, price_quote_id desc
),
agg as (
  select edition_id, store_id, currency, min(amount_minor) as min_minor, max(amount_minor) as max_minor,
         sum(amount_minor) as sum_minor, count(*) as n
  from gone group by edition_id, store_id, currency
)
insert into price_quote as m (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind,
                              month, min_minor, max_minor, avg_minor, sum_minor, sample_count)
select l.edition_id, l.store_id, l.amount_minor, l.currency, l.availability, l.url, l.fetched_at, 'monthly',
       $3::date, a.min_minor, a.max_minor, round(a.sum_minor::numeric / a.n), a.sum_minor, a.n
from last l join agg a on a.edition_id = l.edition_id and a.store_id = l.store_id and a.currency = l.currency
on conflict (edition_id, store_id, month) where quote_kind = 'monthly' do update set
  min_minor = least(m.min_minor, excluded.min_minor),
  max_minor = greatest(m.max_minor, excluded.max_minor),
  avg_minor = round((m.sum_minor + excluded.sum_minor)::numeric / (m.sample_count + excluded.sample_count)),
  sum_minor = m.sum_minor + excluded.sum_minor,
  sample_count = m.sample_count + excluded.sample_count,
  amount_minor = case when excluded.fetched_at >= m.fetched_at then excluded.amount_minor else m.amount_minor end,
  availability = case when excluded.fetched_at >= m.fetched_at then excluded.availability else m.availability end,
  url = case when excluded.fetched_at >= m.fetched_at then excluded.url else m.url end,
  fetched_at = greatest(m.fetched_at, excluded.fetched_at)`;

export interface ConsolidatedState {
  monthlyQuotes: number;
  dailyLeftInMonth: number;
  dailyOutsideMonth: number;
  /** md5 over every monthly quote's fields, in key order: equal digests mean identical results. */
  digest: string;
}

/** What a consolidation left behind, to check the use case and the baseline agree. */
export async function consolidatedState(url: string, monthStart: Date, monthEnd: Date): Promise<ConsolidatedState> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ monthly: string; left_in: string; outside: string; digest: string | null }>(
      `select
         (select count(*) from price_quote where quote_kind = 'monthly') as monthly,
         (select count(*) from price_quote where quote_kind = 'daily' and fetched_at >= $1 and fetched_at < $2) as left_in,
         (select count(*) from price_quote where quote_kind = 'daily' and not (fetched_at >= $1 and fetched_at < $2)) as outside,
         (select md5(string_agg(concat_ws(',', edition_id, store_id, amount_minor, currency, availability, url,
                                         extract(epoch from fetched_at), month, min_minor, max_minor, avg_minor, sum_minor, sample_count),
                                ';' order by edition_id, store_id, month))
          from price_quote where quote_kind = 'monthly') as digest`,
      [monthStart.toISOString(), monthEnd.toISOString()],
    );
    const row = rows[0];
    return {
      monthlyQuotes: Number(row?.monthly),
      dailyLeftInMonth: Number(row?.left_in),
      dailyOutsideMonth: Number(row?.outside),
      digest: row?.digest ?? '',
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}
