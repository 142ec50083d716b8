// `npx tsx bench/best-price.ts`: a page of 100 wishes with their best and lowest prices. Seeds 100 wishes × 10
// editions × 20 stores × 2 years of daily quotes, then times the repository's page statement against one hand-written
// query for the same page in the same run; then, for a reader with 1,000 wishes of the same shape, the sorted pages
// (sort=price, saving, title; a deep page; with a filter) against that reader's unsorted page. Writes its own section
// of docs/benchmarks.md. Exits non-zero only on errors (setup failures, answers that differ), never because a target
// was missed.
//
// Knobs for quick trial runs (the documented numbers use the defaults):
//   DATABASE_URL              use this server (a database of the benchmark's own is created and dropped)
//   BENCH_BEST_PRICE_DAYS     days of daily quotes (default 730)
//   BENCH_BEST_PRICE_RUNS     timed runs of each query (default 300)
//   BENCH_BEST_PRICE_SORT_WISHES  the sorting reader's wishes (default 1000)
//   BENCH_BEST_PRICE_SORT_DAYS    days of daily quotes of the sorting reader's books (default 14)
//   BENCH_QUIET_WAIT_SECONDS  how long the measurement may wait for other processes to leave the CPU (default 120)
//   BENCH_REPORT              Markdown file to write (default docs/benchmarks.md)
import path from 'node:path';
import pg from 'pg';
import { migrate, openOrm } from '../src/adapters/postgres/database.js';
import { SqlWishRepository } from '../src/adapters/postgres/repositories/sql-wish-repository.js';
import type { PricedWish } from '../src/domain/wishes/wish-prices.js';
import { type SortedPageCase, sortedPageCases, checkSortedPages } from './best-price-sorted.js';
import { seedBestPriceWorld } from './best-price-seed.js';
import { type BestPriceReport, percentiles, renderBestPriceSection } from './best-price-render.js';
import { waitForQuiet } from './cpu.js';
import { postgresInfo, startBenchDatabase } from './database.js';
import { QUIET_THRESHOLD_CORES } from './load.js';
import { writeReportSection } from './report-section.js';
import { codeVersion } from './support/code-version.js';
import { intEnv, reportFile, ROOT } from './support/knobs.js';
import { machineInfo } from './support/machine.js';
import { installTeardown } from './teardown.js';

const SHAPE = {
  wishes: 100,
  editionsPerBook: 10,
  stores: 20,
  days: intEnv('BENCH_BEST_PRICE_DAYS', 730),
  parallel: 2,
  sorting: { wishes: intEnv('BENCH_BEST_PRICE_SORT_WISHES', 1000), days: intEnv('BENCH_BEST_PRICE_SORT_DAYS', 14) },
};
const RUNS = intEnv('BENCH_BEST_PRICE_RUNS', 300);
const QUIET_WAIT_SECONDS = intEnv('BENCH_QUIET_WAIT_SECONDS', 120);
const REPORT = reportFile();
const PAGE = { window: { kind: 'first' as const }, size: 100 };

/**
 * The same page written by hand: the reader's stores and editions joined directly, each wish's cheapest current
 * offer and lowest price picked with DISTINCT ON over the (edition, store) summaries.
 */
const HAND_WRITTEN = `
with me as (select * from effective_preferences where user_id = $1),
scoped as (
  select w.wish_id, p.*
  from wish w
  join me on true
  join edition e on e.book_id = w.book_id and e.format = any(me.formats)
    and (not exists (select 1 from user_language ul where ul.user_id = $1)
         or e.language_id in (select ul.language_id from user_language ul where ul.user_id = $1))
  join edition_store_price p on p.edition_id = e.edition_id and p.currency = me.currency
  join store s on s.store_id = p.store_id and store_sells_to(s, me.country, me.currency, me.formats)
  where w.wish_id in (select wish_id from wish where user_id = $1 order by wish_id limit 100)
),
best as (
  select distinct on (wish_id) wish_id, edition_id, store_id, latest_minor, latest_availability, latest_fetched_at, latest_url
  from scoped where latest_availability <> 'out_of_stock'
  order by wish_id, latest_minor, latest_fetched_at desc, edition_id, store_id
),
lowest as (
  select distinct on (wish_id) wish_id, edition_id, store_id, lowest_minor, lowest_fetched_at
  from scoped order by wish_id, lowest_minor, lowest_fetched_at, edition_id, store_id
)
select w.wish_id, b.edition_id as best_edition_id, b.store_id as best_store_id, b.latest_minor as best_minor,
       l.edition_id as lowest_edition_id, l.store_id as lowest_store_id, l.lowest_minor,
       (w.max_price_currency = me.currency and b.latest_minor <= w.max_price_minor) is true as below_max_price
from wish w join me on true
left join best b on b.wish_id = w.wish_id
left join lowest l on l.wish_id = w.wish_id
where w.user_id = $1
order by w.wish_id limit 100`;

/** The best and lowest price of a wish, worked out from its raw quotes: checks the summaries the page reads. */
const FROM_QUOTES = `
with me as (select * from effective_preferences where user_id = $1),
quotes as (
  select q.* from wish w join me on true
  join edition e on e.book_id = w.book_id and e.format = any(me.formats)
  join price_quote q on q.edition_id = e.edition_id and q.currency = me.currency
  join store s on s.store_id = q.store_id and store_sells_to(s, me.country, me.currency, me.formats)
  where w.wish_id = $2
),
latest as (select distinct on (edition_id, store_id) * from quotes order by edition_id, store_id, fetched_at desc, price_quote_id desc)
select (select min(amount_minor) from latest where availability <> 'out_of_stock') as best_minor,
       (select min(coalesce(min_minor, amount_minor)) from quotes) as lowest_minor`;

const say = (line: string): void => console.log(line);

const teardown = installTeardown(say, 'the database');

async function main(): Promise<void> {
  const startedAt = new Date();
  const database = await startBenchDatabase(process.env, say);
  teardown.database = database;
  await migrate(database.url);
  const world = await seedBestPriceWorld(database.url, SHAPE, say);
  say(`Seeded ${world.quoteCount.toLocaleString('en')} quotes in ${(world.seedMs / 1000).toFixed(0)} s`);

  const orm = await openOrm(database.url, 2);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const repository = new SqlWishRepository(orm.em.fork());
    const page = async (): Promise<PricedWish[]> => (await repository.page(world.userId, {}, PAGE)).items;
    const filtered = async (): Promise<PricedWish[]> => (await repository.page(world.userId, { belowMaxPrice: true }, PAGE)).items;
    const handWritten = async (): Promise<pg.QueryResultRow[]> => (await client.query(HAND_WRITTEN, [world.userId])).rows;

    await checkSameAnswers(client, world.userId, await page(), await handWritten(), await filtered());
    const sorted: SortedPageCase[] = await sortedPageCases(repository, world.sortingUserId);
    await checkSortedPages(repository, client, world.sortingUserId, sorted, say);
    for (let i = 0; i < 20; i++) await Promise.all([page(), handWritten()]).catch(() => undefined);
    for (let i = 0; i < 5; i++) for (const c of sorted) await c.run();

    const quiet = await waitForQuiet({ threshold: QUIET_THRESHOLD_CORES, maxWaitSeconds: QUIET_WAIT_SECONDS, say });
    const samples = { repository: [] as number[], handWritten: [] as number[], filtered: [] as number[] };
    const time = async (into: number[], run: () => Promise<unknown>): Promise<void> => {
      const started = performance.now();
      await run();
      into.push(performance.now() - started);
    };
    say(`Timing ${RUNS} runs of each ...`);
    for (let i = 0; i < RUNS; i++) {
      // Alternating which goes first, so neither always runs on a cache the other warmed.
      if (i % 2 === 0) {
        await time(samples.repository, page);
        await time(samples.handWritten, handWritten);
      } else {
        await time(samples.handWritten, handWritten);
        await time(samples.repository, page);
      }
      await time(samples.filtered, filtered);
    }
    const sortedSamples = sorted.map(() => [] as number[]);
    say(`Timing ${RUNS} runs of each sorted page of the reader with ${SHAPE.sorting.wishes.toLocaleString('en')} wishes ...`);
    for (let i = 0; i < RUNS; i++) {
      // A rotating order, so that no case always runs on a cache another warmed.
      for (let j = 0; j < sorted.length; j++) {
        const k = (i + j) % sorted.length;
        await time(sortedSamples[k]!, sorted[k]!.run);
      }
    }

    const report: BestPriceReport = {
      startedAt,
      machine: machineInfo(),
      postgres: await postgresInfo(database.url),
      dbKind: database.kind,
      code: codeVersion(ROOT),
      shape: SHAPE,
      quoteCount: world.quoteCount,
      seedMs: world.seedMs,
      runs: RUNS,
      otherCores: quiet.otherCores,
      repository: percentiles(samples.repository),
      handWritten: percentiles(samples.handWritten),
      filtered: percentiles(samples.filtered),
      sortingWishes: SHAPE.sorting.wishes,
      sortingDays: SHAPE.sorting.days,
      sorted: sorted.map((c, i) => ({ label: c.label, timings: percentiles(sortedSamples[i]!) })),
    };
    const section = renderBestPriceSection(report);
    say(`\n${section}`);
    await writeReportSection(REPORT, 'best-price', section);
    say(`\nWrote the best-price section of ${path.relative(ROOT, REPORT)}`);
  } finally {
    await client.end().catch(() => undefined);
    await orm.close(true).catch(() => undefined);
  }
}

/** The repository, the hand-written query and the raw quotes must agree, or the timings mean nothing. */
async function checkSameAnswers(
  client: pg.Client,
  userId: number,
  page: PricedWish[],
  handWritten: pg.QueryResultRow[],
  filtered: PricedWish[],
): Promise<void> {
  const key = (best: unknown, lowest: unknown, below: boolean): string => `${String(best)}/${String(lowest)}/${below}`;
  const mine = page.map((w) => `${w.id}:${key(w.bestPrice?.price.toMinor(), w.lowestPrice?.price.toMinor(), w.belowMaxPrice)}`);
  const theirs = handWritten.map((r) => `${r.wish_id}:${key(r.best_minor === null ? undefined : r.best_minor, r.lowest_minor === null ? undefined : r.lowest_minor, r.below_max_price)}`);
  if (page.length !== SHAPE.wishes || mine.join() !== theirs.join()) throw new Error('The repository and the hand-written query answer differently');
  const below = page.filter((w) => w.belowMaxPrice).map((w) => w.id);
  if (below.length === 0 || filtered.map((w) => w.id).join() !== below.join()) throw new Error('The below_max_price filter does not keep the right wishes');
  for (const wish of page.slice(0, 3)) {
    const [raw] = (await client.query(FROM_QUOTES, [userId, wish.id])).rows;
    if (String(raw?.best_minor) !== String(wish.bestPrice?.price.toMinor()) || String(raw?.lowest_minor) !== String(wish.lowestPrice?.price.toMinor())) {
      throw new Error(`Wish ${wish.id}: the prices differ from its raw quotes`);
    }
  }
  say(`Answers agree (${below.length} of ${page.length} wishes below their max price; 3 checked against their raw quotes)`);
}

main()
  .then(() => teardown.cleanup())
  .catch(async (error: unknown) => {
    say(`best-price benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await teardown.cleanup();
    process.exitCode = 1;
  });
