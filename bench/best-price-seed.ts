// The best-price benchmark's data: one reader with 100 wishes, each book with 10 editions quoted daily at 20 stores
// for two years (14.6 million quotes), inserted with generate_series, one statement per book on parallel connections;
// and a second reader ("the sorting reader") with 1,000 wishes of other books of the same shape, quoted for fewer days
// (a page reads each (edition, store)'s summary, not its quotes, so their number matters little to the sorted pages).
// Workload `c11` (the default): conversion and shipping are on (C11.4, C11.5): every fifth store is an international
// one pricing in pounds, every third states shipping (to Germany, free at every other one; to `*`), reference rates
// are published for every weekday of the quotes, and the first reader converts currencies (the sorting reader does
// not: both are timed). Workload `plain`: the shape before C11.4/C11.5 — every store in euros, none stating
// shipping, nobody converting — so the statement a reader without either gets is timed on the data it was tuned on.
import pg from 'pg';

export interface BestPriceShape {
  wishes: number;
  editionsPerBook: number;
  stores: number;
  days: number;
  /** Connections inserting quotes at once. */
  parallel: number;
  /** The sorting reader's wishes and days of quotes. */
  sorting: { wishes: number; days: number };
  workload: BestPriceWorkload;
}

/** `c11`: pound stores, shipping and a converting reader; `plain`: none of them (the workload before C11.4/C11.5). */
export type BestPriceWorkload = 'c11' | 'plain';

export interface BestPriceWorld {
  userId: number;
  /** The reader with `shape.sorting.wishes` wishes. */
  sortingUserId: number;
  quoteCount: number;
  seedMs: number;
}

/** The last day of quotes; every quote is at 03:00 UTC of a day before it. */
export const LAST_QUOTE_DAY = '2026-11-20';

export async function seedBestPriceWorld(url: string, shape: BestPriceShape, say: (line: string) => void): Promise<BestPriceWorld> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let userId: number;
  let sortingUserId: number;
  let bookIds: number[];
  let sortingBookIds: number[];
  try {
    // Readers in Germany buying paperbacks in euros and reading English: every edition and store below is in scope
    // (the pound stores for the reader who converts).
    const aReader = async (subject: string, convert: boolean): Promise<number> => {
      const [user] = (await client.query<{ user_id: string }>('insert into app_user (subject) values ($1) returning user_id', [subject])).rows;
      const id = Number(user!.user_id);
      await client.query("insert into user_preferences (user_id, country, currency, formats, convert_currencies) values ($1, 'DE', 'EUR', '{paperback}', $2)", [id, convert]);
      await client.query("insert into user_language (user_id, language_id) select $1, language_id from language where language_code = 'en'", [id]);
      return id;
    };
    const c11 = shape.workload === 'c11';
    userId = await aReader('best-price-reader', c11);
    sortingUserId = await aReader('best-price-sorting-reader', false);
    await client.query(
      `insert into store (store_key, store_name, country, currency, formats, homepage_url, product_url_template, is_active, shipping)
       select 'bench-store-' || n, 'Bench store ' || n, case when n % 5 = 0 then null when n % 2 = 0 then 'DE' end,
              case when $2 and n % 5 = 0 then 'GBP' else 'EUR' end, '{paperback,hardcover}',
              'https://store.example', 'https://store.example/' || n || '/{isbn13}', true,
              case when $2 and n % 3 = 0 then jsonb_build_object(
                'DE', jsonb_build_object('flat_minor', case when n % 2 = 0 then 0 else 149 + n * 10 end, 'free_from_minor', 1500, 'per_extra_item_minor', null),
                '*', jsonb_build_object('flat_minor', 599, 'free_from_minor', null, 'per_extra_item_minor', 100)) end
       from generate_series(1, $1) as n`,
      [shape.stores, c11],
    );
    // The reference rates of every weekday up to the last quote day: pounds and dollars per euro, wandering a little.
    await client.query(
      `insert into reference_rate (rate_date, currency, per_euro)
       select d::date, c.currency, c.base + ((extract(doy from d)::int * 37) % 200) / 10000.0
       from generate_series($1::date - $2::int - 7, $1::date, interval '1 day') as d
       cross join (values ('GBP', 0.83), ('USD', 1.05)) as c(currency, base)
       where extract(isodow from d) < 6`,
      [LAST_QUOTE_DAY, shape.days],
    );
    // Titles in no particular order of their ids (a title sort must sort).
    const books = async (count: number, prefix: string): Promise<number[]> =>
      (
        await client.query<{ book_id: string }>(
          `insert into book (book_original_title, title_search) select $2 || ((n * 7919) % 100003), lower($2) || ((n * 7919) % 100003)
           from generate_series(1, $1) as n returning book_id`,
          [count, prefix],
        )
      ).rows.map((r) => Number(r.book_id));
    bookIds = await books(shape.wishes, 'Bench book ');
    sortingBookIds = await books(shape.sorting.wishes, 'Sorted bench book ');
    await client.query(
      `insert into edition (book_id, isbn, format, language_id)
       select b, lpad((9790000000000 + (b * 100 + n))::text, 13, '0'), 'paperback', (select language_id from language where language_code = 'en')
       from unnest($1::bigint[]) as b cross join generate_series(1, $2) as n`,
      [[...bookIds, ...sortingBookIds], shape.editionsPerBook],
    );
    // Every wish has a max price around the cheapest offers (8.00 and up), so some are below it and some are not.
    const wishes = (user: number, books: number[]) =>
      client.query(
        `insert into wish (user_id, book_id, max_price_minor, max_price_currency) select $1, b, 790 + (b % 7) * 5, 'EUR' from unnest($2::bigint[]) as b`,
        [user, books],
      );
    await wishes(userId, bookIds);
    await wishes(sortingUserId, sortingBookIds);
  } finally {
    await client.end();
  }

  // A bulk load: price_quote's secondary indexes are dropped and built again afterwards, each in one pass.
  const indexes = await withClient(url, async (c) => {
    const { rows } = await c.query<{ indexname: string; indexdef: string }>(
      "select indexname, indexdef from pg_indexes where tablename = 'price_quote' and indexname <> 'price_quote_pkey'",
    );
    for (const row of rows) await c.query(`drop index ${row.indexname}`);
    return rows.map((row) => row.indexdef);
  });
  const quotes = (shape.wishes * shape.days + shape.sorting.wishes * shape.sorting.days) * shape.editionsPerBook * shape.stores;
  say(`Inserting ${quotes.toLocaleString('en')} daily quotes ...`);
  const pending = [...bookIds.map((id) => ({ id, days: shape.days })), ...sortingBookIds.map((id) => ({ id, days: shape.sorting.days }))];
  const total = pending.length;
  let done = 0;
  const worker = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query('set synchronous_commit = off');
      for (let book = pending.shift(); book !== undefined; book = pending.shift()) {
        // Prices wander between 8.00 and 27.99 (in pounds at the pound stores: 6.80 to 23.79); one quote in 23 is out of stock.
        await c.query(
          `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind)
           select e.edition_id, s.store_id,
                  ((800 + (e.edition_id * 7919 + s.store_id * 104729 + d * 31) % 2000) * case when s.currency = 'GBP' then 0.85 else 1 end)::bigint,
                  s.currency,
                  case when (e.edition_id + s.store_id + d) % 23 = 0 then 'out_of_stock' else 'in_stock' end,
                  'https://store.example/' || s.store_id || '/' || e.isbn,
                  ($3::date - d) + time '03:00', 'daily'
           from edition e cross join store s cross join generate_series(1, $2) as d
           where e.book_id = $1
           order by e.edition_id, s.store_id, d desc`,
          [book.id, book.days, LAST_QUOTE_DAY],
        );
        done += 1;
        if (done % 100 === 0 || done === total) say(`  ${done}/${total} books`);
      }
    } finally {
      await c.end();
    }
  };
  await Promise.all(Array.from({ length: shape.parallel }, worker));

  say(`Building ${indexes.length} indexes of price_quote again ...`);
  await Promise.all(indexes.map((definition) => withClient(url, (c) => c.query("set maintenance_work_mem = '512MB'").then(() => c.query(definition)))));
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('vacuum analyze');
    const [{ n }] = (await c.query<{ n: string }>('select count(*) as n from price_quote')).rows as [{ n: string }];
    return { userId, sortingUserId, quoteCount: Number(n), seedMs: performance.now() - started };
  } finally {
    await c.end();
  }
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
