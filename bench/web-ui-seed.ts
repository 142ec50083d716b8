// The web UI benchmark's reader: one account with 1,000 wishes whose editions have prices, seeded as a user would
// get there where the API can do it (preferences, a 1,000-row CSV import that creates the books, lists, channels)
// and through SQL where only the daily fetch could (120 days of daily quotes at three stores and a year of monthly
// ones before them, alerts, covers). The stores are the demonstration stores the service registers itself.
import pg from 'pg';
import { FIRST_NAMES, SURNAMES, TITLE_ADJECTIVES, TITLE_NOUNS, TITLE_PLACES } from './word-lists.js';

export interface WebUiShape {
  wishes: number;
  /** Days of daily quotes, ending yesterday; a monthly quote per month covers the year before them. */
  dailyDays: number;
  monthlyMonths: number;
  authors: number;
}

export interface WebUiWorld {
  subject: string;
  /** The book whose page is measured: wished, with two editions, quoted at every store. */
  bookId: number;
  stores: string[];
  quoteCount: number;
  alertCount: number;
  seedMs: number;
  /** What the API refused while seeding (channels the service cannot create here, say); the run goes on. */
  notes: string[];
}

/** The reader buys paperbacks and hardcovers in euros in Germany: three demonstration stores sell to them. */
const PREFERENCES = { country: 'DE', currency: 'EUR', formats: ['paperback', 'hardcover'] };
const STORE_KEYS = ['demo-buchhandlung', 'demo-paperback-palace', 'demo-ebook-emporium'];

/** A valid ISBN-13 (978 prefix) for the n-th book. */
function isbnOf(n: number): string {
  const first12 = `978${String(3_100_000_000 + n * 7).padStart(9, '0').slice(-9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + String((10 - (sum % 10)) % 10);
}

const capitalise = (words: string): string => words.replace(/\b[a-z]/g, (c) => c.toUpperCase());
const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

/** The n-th book's title: "The Silent River of Lisbon" and the like, distinct for every n. */
function titleOf(n: number): string {
  const adjective = pick(TITLE_ADJECTIVES, n * 7 + 3);
  const noun = pick(TITLE_NOUNS, n * 13 + 5);
  const place = pick(TITLE_PLACES, Math.floor(n / 3));
  return capitalise(n % 3 === 0 ? `the ${adjective} ${noun}` : n % 3 === 1 ? `the ${adjective} ${noun} of ${place}` : `${adjective} ${noun}s ${n}`);
}

function authorOf(n: number): string {
  return capitalise(`${pick(FIRST_NAMES, n * 11)} ${pick(SURNAMES, n * 17 + 1)}`);
}

/** An edition's price level in cents, 9.00 to 24.99 EUR, in SQL over `e.edition_id`. */
const LEVEL = '(900 + (e.edition_id * 7919) % 1600)';

/** A max price as the import file says it; the seed then sets it near the book's price level (see below). */
const maxPriceOf = (n: number): string => (10 + (n % 10)).toFixed(2);

/** A small SVG cover as a data: URL (the machine has no network; a real cover is a metadata source's https image). */
function coverOf(n: number): string {
  const hue = (n * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="180" viewBox="0 0 120 180"><rect width="120" height="180" fill="hsl(${hue},45%,35%)"/><rect x="10" y="60" width="100" height="40" fill="hsl(${hue},45%,85%)"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The import file: `isbn,title,author,max_price,currency`, one row per wish. */
export function importCsv(shape: WebUiShape): string {
  const rows = ['isbn,title,author,max_price,currency'];
  for (let n = 1; n <= shape.wishes; n++) rows.push(`${isbnOf(n)},${titleOf(n)},${authorOf(n % shape.authors)},${maxPriceOf(n)},EUR`);
  return `${rows.join('\n')}\n`;
}

interface Api {
  call(method: string, path: string, body?: unknown, raw?: { data: string; contentType: string }): Promise<{ status: number; json: unknown; text: string }>;
}

export function apiClient(baseUrl: string, token: string): Api {
  return {
    async call(method, path, body, raw) {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      let payload: string | undefined;
      if (raw) {
        payload = raw.data;
        headers['content-type'] = raw.contentType;
      } else if (body !== undefined) {
        payload = JSON.stringify(body);
        headers['content-type'] = 'application/json';
      }
      const response = await fetch(baseUrl + path, { method, headers, body: payload });
      const text = await response.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      return { status: response.status, json, text };
    },
  };
}

async function expectStatus(api: Api, status: number, method: string, path: string, body?: unknown, raw?: { data: string; contentType: string }): Promise<unknown> {
  const answer = await api.call(method, path, body, raw);
  if (answer.status !== status) throw new Error(`${method} ${path} answered ${answer.status} (expected ${status}): ${answer.text.slice(0, 300)}`);
  return answer.json;
}

export async function seedWebUiWorld(options: {
  baseUrl: string;
  databaseUrl: string;
  token: string;
  subject: string;
  shape: WebUiShape;
  say: (line: string) => void;
}): Promise<WebUiWorld> {
  const { shape, say } = options;
  const started = performance.now();
  const api = apiClient(options.baseUrl, options.token);
  const notes: string[] = [];

  await expectStatus(api, 200, 'PUT', '/api/user/preferences', PREFERENCES);
  say(`Importing ${shape.wishes} wishes (POST /api/wishes/import?create_missing=true) ...`);
  const report = (await expectStatus(api, 200, 'POST', '/api/wishes/import?create_missing=true', undefined, {
    data: importCsv(shape),
    contentType: 'text/csv',
  })) as { created?: number; created_books?: number };
  say(`  created ${report.created ?? '?'} wishes, ${report.created_books ?? '?'} books`);

  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  let bookId: number;
  let quoteCount: number;
  let alertCount: number;
  try {
    const user = (await client.query<{ user_id: string }>('select user_id from app_user where subject = $1', [options.subject])).rows[0];
    if (!user) throw new Error(`no user ${options.subject} after the import`);
    const userId = Number(user.user_id);
    const stores = (await client.query<{ store_id: string; store_key: string }>('select store_id, store_key from store where store_key = any($1) and is_active', [STORE_KEYS])).rows;
    if (stores.length !== STORE_KEYS.length) throw new Error(`the demonstration stores are not all active (found ${stores.map((s) => s.store_key).join(', ') || 'none'}): DEMO_STORES=on?`);

    // Editions as a metadata source would have left them: a cover, a publisher and a year; one in four a hardcover.
    const editions = (await client.query<{ edition_id: string; isbn: string }>(
      'select e.edition_id, e.isbn from wish w join edition e on e.book_id = w.book_id where w.user_id = $1 order by e.edition_id',
      [userId],
    )).rows;
    const numberOf = new Map<string, number>();
    for (let n = 1; n <= shape.wishes; n++) numberOf.set(isbnOf(n), n);
    await client.query(
      `update edition e set cover_url = r.cover, publisher = r.publisher, published_year = r.year, format = r.format, enriched_at = now()
       from jsonb_to_recordset($1::jsonb) as r(id bigint, cover text, publisher text, year int, format text) where e.edition_id = r.id`,
      [JSON.stringify(editions.map((e) => {
        const n = numberOf.get(e.isbn) ?? Number(e.edition_id);
        return { id: Number(e.edition_id), cover: coverOf(n), publisher: pick(['Penguin', 'Vintage', 'Faber', 'Picador', 'Orbit'], n), year: 1990 + (n % 35), format: n % 4 === 0 ? 'hardcover' : 'paperback' };
      }))],
    );
    // The measured book gets a second edition (the book page then shows two, each with its chart).
    const first = (await client.query<{ book_id: string }>('select book_id from wish where user_id = $1 order by wish_id limit 1', [userId])).rows[0];
    bookId = Number(first!.book_id);
    await expectStatus(api, 201, 'POST', `/api/books/${bookId}/editions`, { isbn: isbnOf(shape.wishes + 1), format: 'hardcover', language_id: await englishId(client), publisher: 'Faber', published_year: 2021 });
    await client.query(`update edition set cover_url = $2 where isbn = $1`, [isbnOf(shape.wishes + 1), coverOf(shape.wishes + 1)]);

    say(`Inserting ${shape.dailyDays} days of daily quotes and ${shape.monthlyMonths} monthly quotes per edition at ${stores.length} stores ...`);
    const storeIds = stores.map((s) => Number(s.store_id));
    const bookEditions = (await client.query<{ edition_id: string }>(
      'select e.edition_id from wish w join edition e on e.book_id = w.book_id where w.user_id = $1 order by e.edition_id',
      [userId],
    )).rows.map((r) => Number(r.edition_id));
    await client.query('set synchronous_commit = off');
    for (let at = 0; at < bookEditions.length; at += 100) {
      const chunk = bookEditions.slice(at, at + 100);
      // The months before the daily quotes, as month-end consolidation leaves them (inserted first: older rows).
      await client.query(
        `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind, month,
                                  min_minor, max_minor, avg_minor, sum_minor, sample_count)
         select e.edition_id, s.store_id, x.lvl, 'EUR', 'in_stock', replace(s.product_url_template, '{isbn13}', e.isbn),
                x.m + interval '3 hours', 'monthly', x.m::date, x.lvl - 180, x.lvl + 220, x.lvl, x.lvl * 30, 30
         from edition e cross join store s cross join generate_series(1, $3) as k
         cross join lateral (select date_trunc('month', current_date - $4::int) - make_interval(months => k) as m,
                                    ${LEVEL} + (e.edition_id * 13 + s.store_id * 5 + k * 37) % 300 as lvl) as x
         where e.edition_id = any($1::bigint[]) and s.store_id = any($2::bigint[])`,
        [chunk, storeIds, shape.monthlyMonths, shape.dailyDays],
      );
      // A price that wanders ±2 EUR around the edition's level, with a sale now and then; one quote in 23 out of stock.
      await client.query(
        `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind)
         select e.edition_id, s.store_id,
                greatest(299, ${LEVEL} + round(150 * sin(d / 9.0 + e.edition_id + s.store_id * 2) + 60 * sin(d / 3.7 + s.store_id))::int
                              - case when (e.edition_id + d) % 29 < 3 then 250 else 0 end),
                'EUR', case when (e.edition_id + s.store_id + d) % 23 = 0 then 'out_of_stock' else 'in_stock' end,
                replace(s.product_url_template, '{isbn13}', e.isbn), (current_date - d) + time '03:00', 'daily'
         from edition e cross join store s cross join generate_series(1, $3) as d
         where e.edition_id = any($1::bigint[]) and s.store_id = any($2::bigint[])
         order by e.edition_id, s.store_id, d desc`,
        [chunk, storeIds, shape.dailyDays],
      );
      if ((at / 100) % 3 === 2) say(`  ${Math.min(at + 100, bookEditions.length)}/${bookEditions.length} editions`);
    }
    // Max prices near each book's level, so that about a third of the wishes are under theirs.
    await client.query(
      `update wish w set max_price_minor = ${LEVEL} - 150 + (w.wish_id % 5) * 60, max_price_currency = 'EUR'
       from edition e where e.book_id = w.book_id and w.user_id = $1
         and e.edition_id = (select min(edition_id) from edition where book_id = w.book_id)`,
      [userId],
    );
    quoteCount = Number((await client.query<{ n: string }>('select count(*) as n from price_quote')).rows[0]!.n);

    // Alerts of the last 14 days for 60 wishes, the newest 25 unread: the alerts page and the navigation's badge.
    alertCount = (
      await client.query(
        `insert into alert (user_id, wish_id, book_id, edition_id, store_id, alert_kind, amount_minor, currency, previous_minor, is_read, created_at)
         select w.user_id, w.wish_id, w.book_id, e.edition_id, ($2::bigint[])[1 + (row_number() over (order by w.wish_id))::int % $3],
                (array['below_max_price', 'price_drop', 'new_lowest', 'back_in_stock'])[1 + (row_number() over (order by w.wish_id))::int % 4],
                900 + (e.edition_id * 7919) % 1600 - 250, 'EUR', 900 + (e.edition_id * 7919) % 1600,
                row_number() over (order by w.wish_id) > 25, now() - make_interval(hours => (row_number() over (order by w.wish_id))::int * 5)
         from (select * from wish where user_id = $1 order by wish_id limit 60) w
         join lateral (select edition_id from edition where book_id = w.book_id order by edition_id limit 1) e on true`,
        [userId, storeIds, storeIds.length],
      )
    ).rowCount ?? 0;
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }

  // Three lists of 20 books, and channels of every kind (each may be refused here: a note, not a failure).
  const wishes = (await expectStatus(api, 200, 'GET', '/api/wishes?per_page=100')) as { data: { book_id: number }[] };
  const bookIds = wishes.data.map((w) => w.book_id);
  for (const [k, name] of ['Summer reading', 'Gifts', 'Book club'].entries()) {
    await expectStatus(api, 201, 'POST', '/api/lists', { list_name: name, book_ids: bookIds.slice(k * 20, k * 20 + 20) });
  }
  for (const channel of [
    { kind: 'email', target: 'reader@example.org', delivery: 'daily_digest' },
    { kind: 'webhook', target: 'https://hooks.example.org/shelfwatch', alert_kinds: ['below_max_price', 'new_lowest'] },
    { kind: 'ntfy', target: 'https://ntfy.sh/my-shelfwatch-topic' },
  ]) {
    const answer = await api.call('POST', '/api/user/channels', channel);
    if (answer.status !== 201) notes.push(`POST /api/user/channels (${channel.kind}) answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  }
  return { subject: options.subject, bookId, stores: STORE_KEYS, quoteCount, alertCount, seedMs: performance.now() - started, notes };
}

async function englishId(client: pg.Client): Promise<number> {
  return Number((await client.query<{ language_id: string }>("select language_id from language where language_code = 'en'")).rows[0]!.language_id);
}
