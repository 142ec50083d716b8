// The daily price fetch end to end: what a run covers, its log events, the work shared by several
// instances through the job queue, a graceful stop in the middle of a run, scheduled runs claimed once, and the
// job CLI (`npm run job -- fetch | consolidate`).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/config.js';
import { RequestScope } from '../../../src/application/shared/request-scope.js';
import { ScheduledRuns } from '../../../src/application/pricing/ports/scheduled-runs.js';
import type { CreatedRun } from '../../../src/application/pricing/ports/fetch-runs.js';
import { StartFetchRun } from '../../../src/application/pricing/start-fetch-run.js';
import { fetchQueue } from '../../../src/adapters/scheduler/job-queues.js';
import { TASKS_PER_JOB } from '../../../src/adapters/scheduler/pg-boss-fetch-queue.js';
import { type DemoStoreServer, type DemoStoreSlug, startDemoStoreServer } from '../../../src/adapters/demo/stores/index.js';
import { type RunningService, startService } from '../../../src/composition/api-service.js';
import { type CountingProxy, type ProxiedRequest, startCountingProxy } from '../../support/counting-proxy.js';
import { recordInserts } from '../../support/inserted-rows.js';
import { runJob } from '../../support/job-process.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { eventually, startTestService, TEST_JWT_SECRET, type TestService } from '../../support/test-service.js';

/** Every demonstration store sells paperbacks. */
const PAPERBACK_STORES: DemoStoreSlug[] = ['paperback-palace', 'ebook-emporium', 'buchhandlung', 'corner-bookshop'];

let demo: DemoStoreServer;
let proxy: CountingProxy;

beforeAll(async () => {
  demo = await startDemoStoreServer({ port: 0 });
  proxy = await startCountingProxy(demo.url);
});
afterAll(async () => {
  await proxy?.close();
  await demo?.close();
});
beforeEach(() => {
  demo.reset();
  demo.setLatency(0);
  proxy.clear();
});

/** What every instance in this file runs with: the demo stores behind the counting proxy, no politeness delays. */
function serviceEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DEMO_STORE_URL: proxy.url,
    STORE_MIN_INTERVAL_MS: '0',
    FETCH_RETRIES: '0',
    FETCH_TIMEOUT_MS: '10000',
    LOG_FLUSH_MS: '50',
    ...extra,
  };
}

/** Another instance of the service on an existing database (as a second replica would be deployed). */
function startInstance(databaseUrl: string, extra: Record<string, string> = {}): Promise<RunningService> {
  return startService(
    loadConfig({ ...serviceEnv(extra), DATABASE_URL: databaseUrl, JWT_SECRET: TEST_JWT_SECRET, HOST: '127.0.0.1', PORT: '0' }),
  );
}

/** Starts a daily fetch run on `service`, as the scheduler and the job CLI do. */
function startRun(service: RunningService, trigger = 'manual'): Promise<CreatedRun> {
  const start = service.container.get(StartFetchRun);
  return service.container.get(RequestScope).run(() => start.execute(trigger));
}

interface RunRow {
  fetch_run_id: string;
  trigger: string;
  book_count: number;
  store_count: number;
  task_count: number;
  succeeded: number;
  failed: number;
  completed_at: Date | null;
  started_at: Date;
}

async function runRow(db: TestDatabase, runId: number): Promise<RunRow> {
  const [row] = await db.sql<RunRow>('select * from fetch_run where fetch_run_id = $1', [runId]);
  expect(row, `fetch_run ${runId}`).toBeDefined();
  return row!;
}

async function waitForCompletion(db: TestDatabase, runId: number, timeoutMs = 30_000): Promise<RunRow> {
  return eventually(async () => {
    const row = await runRow(db, runId);
    expect(row.completed_at, `run ${runId}: ${row.succeeded + row.failed}/${row.task_count} settled`).not.toBeNull();
    return row;
  }, timeoutMs);
}

async function logDetails(db: TestDatabase, event: string): Promise<Array<Record<string, any>>> {
  const rows = await db.sql<{ log_detail: Record<string, any>; log_source: string }>(
    'select log_source, log_detail from log where log_event = $1 order by log_id',
    [event],
  );
  for (const row of rows) expect(row.log_source).toBe('scheduled_fetch');
  return rows.map((r) => r.log_detail);
}

/** The fetch events of one run (details carry the run id besides the seed's fields). */
async function runEvents(db: TestDatabase, event: string, runId: number): Promise<Array<Record<string, any>>> {
  return (await logDetails(db, event)).filter((d) => Number(d.run_id) === runId);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let isbnSeq = 0;
/** A valid, never repeated ISBN-13 in this file. */
function freshIsbn(): string {
  const first12 = `979${String(++isbnSeq + 3_100_000).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + String((10 - (sum % 10)) % 10);
}

async function englishId(db: TestDatabase): Promise<number> {
  const [row] = await db.sql<{ language_id: string }>("select language_id from language where language_code = 'en'");
  return Number(row!.language_id);
}

async function storeIds(db: TestDatabase): Promise<Record<DemoStoreSlug, number>> {
  const rows = await db.sql<{ store_key: string; store_id: string }>("select store_key, store_id from store where store_key like 'demo-%'");
  return Object.fromEntries(rows.map((r) => [r.store_key.replace(/^demo-/, ''), Number(r.store_id)])) as Record<DemoStoreSlug, number>;
}

interface BulkEdition {
  bookId: number;
  editionId: number;
  isbn: string;
}

/** `count` books with one paperback edition each, all wished (monitored) by one user: in bulk, with SQL. */
async function arrangeMonitoredPaperbacks(db: TestDatabase, count: number): Promise<BulkEdition[]> {
  const language = await englishId(db);
  const [user] = await db.sql<{ user_id: string }>(
    "insert into app_user (subject) values ('bulk-reader') on conflict (subject) do update set subject = excluded.subject returning user_id",
  );
  const titles = Array.from({ length: count }, (_, i) => `Daily fetch ${isbnSeq}-${i}`);
  const books = await db.sql<{ book_id: string; book_original_title: string }>(
    `insert into book (book_original_title, title_search)
     select t, lower(t) from unnest($1::text[]) with ordinality as x(t, n) order by n
     returning book_id, book_original_title`,
    [titles],
  );
  const bookIdOf = new Map(books.map((b) => [b.book_original_title, Number(b.book_id)]));
  const bookIds = titles.map((title) => bookIdOf.get(title)!);
  const isbns = titles.map(() => freshIsbn());
  const editions = await db.sql<{ edition_id: string; isbn: string; book_id: string }>(
    `insert into edition (book_id, isbn, format, language_id)
     select b, i, 'paperback', $3 from unnest($1::bigint[], $2::text[]) as x(b, i)
     returning edition_id, isbn, book_id`,
    [bookIds, isbns, language],
  );
  await db.sql('insert into wish (user_id, book_id, is_monitored) select $1, unnest($2::bigint[]), true', [user!.user_id, bookIds]);
  return editions.map((e) => ({ bookId: Number(e.book_id), editionId: Number(e.edition_id), isbn: e.isbn }));
}

/** How many times each store page was requested, keyed `store/isbn`. */
function pageCounts(requests: readonly ProxiedRequest[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of requests) counts.set(`${r.store}/${r.isbn}`, (counts.get(`${r.store}/${r.isbn}`) ?? 0) + 1);
  return counts;
}

function expectEveryPageOnce(requests: readonly ProxiedRequest[], expected: readonly string[]): void {
  const counts = pageCounts(requests);
  const repeated = [...counts].filter(([, n]) => n !== 1);
  expect(repeated, 'pages requested more than once').toEqual([]);
  expect([...counts.keys()].sort()).toEqual([...expected].sort());
}

function totalDemoRequests(): number {
  return Object.values(demo.stats()).reduce((n, s) => n + s.requests, 0);
}

async function dailyQuoteCounts(db: TestDatabase): Promise<Array<{ edition_id: string; store_id: string; n: number }>> {
  return db.sql("select edition_id, store_id, count(*)::int as n from price_quote where quote_kind = 'daily' group by 1, 2");
}

async function jobStates(db: TestDatabase): Promise<Record<string, number>> {
  const rows = await db.sql<{ state: string; n: number }>('select state, count(*)::int as n from pgboss.job where name = $1 group by state', [fetchQueue.name]);
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

describe('a daily fetch run', () => {
  it('covers the editions of monitored wishes and listed books at the active stores selling them, and logs its events', async () => {
    const t: TestService = await startTestService(serviceEnv());
    try {
      const en = await englishId(t.db);
      const bob = t.token('bob');
      const book = async (title: string): Promise<number> => {
        const res = await t.call('POST', '/api/books', { body: { book_original_title: title } });
        expect(res.status, res.text).toBe(201);
        return res.body.book_id;
      };
      const edition = async (bookId: number, format: string): Promise<string> => {
        const isbn = freshIsbn();
        const res = await t.call('POST', `/api/books/${bookId}/editions`, { body: { isbn, format, language_id: en } });
        expect(res.status, res.text).toBe(201);
        return isbn;
      };
      const wish = async (bookId: number, isMonitored: boolean, token?: string): Promise<void> => {
        const res = await t.call('POST', '/api/wishes', { body: { book_id: bookId, is_monitored: isMonitored }, token });
        expect(res.status, res.text).toBe(201);
      };

      // Monitored wish: three formats, so three different sets of stores.
      const monitored = await book('Monitored');
      const monitoredPaperback = await edition(monitored, 'paperback');
      const monitoredEbook = await edition(monitored, 'ebook');
      const monitoredAudio = await edition(monitored, 'audiobook');
      await wish(monitored, true);
      // Only an unmonitored wish: not fetched.
      const unmonitored = await book('Unmonitored');
      const unmonitoredPaperback = await edition(unmonitored, 'paperback');
      await wish(unmonitored, false, bob);
      // Only on a list: fetched.
      const listed = await book('Listed');
      const listedHardcover = await edition(listed, 'hardcover');
      // Wished (monitored) and on a list: fetched once.
      const both = await book('Wished and listed');
      const bothEbook = await edition(both, 'ebook');
      await wish(both, true);
      // One user does not monitor it, another does: fetched.
      const mixed = await book('Monitored by one of two');
      const mixedPaperback = await edition(mixed, 'paperback');
      await wish(mixed, false);
      await wish(mixed, true, bob);
      // Nobody's: not fetched.
      const other = await book('Nobody wants me');
      const otherPaperback = await edition(other, 'paperback');
      const list = await t.call('POST', '/api/lists', { body: { list_name: 'To read', book_ids: [listed, both] } });
      expect(list.status, list.text).toBe(201);

      // An inactive store is not asked, though it sells print formats.
      await t.db.sql("update store set is_active = false where store_key = 'demo-corner-bookshop'");
      const stores = await storeIds(t.db);
      const editionIds = new Map(
        (await t.db.sql<{ isbn: string; edition_id: string }>('select isbn, edition_id from edition')).map((r) => [r.isbn, Number(r.edition_id)]),
      );

      demo.set('paperback-palace', monitoredPaperback, { kind: 'not_found' });
      demo.set('buchhandlung', listedHardcover, { kind: 'server_error' });
      demo.set('ebook-emporium', bothEbook, { kind: 'captcha' });
      demo.set('paperback-palace', mixedPaperback, { kind: 'price', amount: '12.34' });

      const expectedTasks: Array<[string, DemoStoreSlug]> = [
        [monitoredPaperback, 'paperback-palace'], [monitoredPaperback, 'ebook-emporium'], [monitoredPaperback, 'buchhandlung'],
        [monitoredEbook, 'ebook-emporium'], [monitoredEbook, 'buchhandlung'],
        [monitoredAudio, 'ebook-emporium'], [monitoredAudio, 'buchhandlung'],
        [listedHardcover, 'paperback-palace'], [listedHardcover, 'buchhandlung'],
        [bothEbook, 'ebook-emporium'], [bothEbook, 'buchhandlung'],
        [mixedPaperback, 'paperback-palace'], [mixedPaperback, 'ebook-emporium'], [mixedPaperback, 'buchhandlung'],
      ];
      const failures: Array<{ isbn: string; store: DemoStoreSlug; book: number; kind: string }> = [
        { isbn: monitoredPaperback, store: 'paperback-palace', book: monitored, kind: 'not_found' },
        { isbn: listedHardcover, store: 'buchhandlung', book: listed, kind: 'http_error' },
        { isbn: bothEbook, store: 'ebook-emporium', book: both, kind: 'blocked' },
      ];
      const key = (isbn: string, store: DemoStoreSlug) => `${editionIds.get(isbn)}:${stores[store]}`;
      const failedKeys = new Set(failures.map((f) => key(f.isbn, f.store)));

      const run = await startRun(t.service);
      expect(run).toMatchObject({ taskCount: 14, bookCount: 4, storeCount: 3 });
      const done = await waitForCompletion(t.db, run.runId);
      expect(done).toMatchObject({ trigger: 'manual', task_count: 14, succeeded: 11, failed: 3 });

      // Exactly the planned (edition, store) pairs, each settled.
      const tasks = await t.db.sql<{ edition_id: string; store_id: string; status: string }>(
        'select edition_id, store_id, status from fetch_task where fetch_run_id = $1',
        [run.runId],
      );
      expect(tasks.map((r) => `${r.edition_id}:${r.store_id}`).sort()).toEqual(expectedTasks.map(([i, s]) => key(i, s)).sort());
      for (const task of tasks) {
        expect(task.status).toBe(failedKeys.has(`${task.edition_id}:${task.store_id}`) ? 'failed' : 'succeeded');
      }

      // The stores were asked for exactly those pages, once each; nothing for the other books or the inactive store.
      expectEveryPageOnce(proxy.requests(), expectedTasks.map(([isbn, store]) => `${store}/${isbn}`));
      const asked = new Set(proxy.requests().map((r) => r.isbn));
      expect(asked.has(unmonitoredPaperback)).toBe(false);
      expect(asked.has(otherPaperback)).toBe(false);
      expect(demo.stats()['corner-bookshop'].requests).toBe(0);

      // One daily quote per successful pair, none for the failures.
      const quotes = await dailyQuoteCounts(t.db);
      expect(quotes.map((q) => `${q.edition_id}:${q.store_id}`).sort()).toEqual(
        expectedTasks.map(([i, s]) => key(i, s)).filter((k) => !failedKeys.has(k)).sort(),
      );
      expect(quotes.every((q) => q.n === 1)).toBe(true);
      const [priced] = await t.db.sql<{ amount_minor: string; currency: string }>(
        "select amount_minor, currency from price_quote where edition_id = $1 and store_id = $2 and quote_kind = 'daily'",
        [editionIds.get(mixedPaperback), stores['paperback-palace']],
      );
      expect(priced).toEqual({ amount_minor: '1234', currency: 'EUR' });

      // Events: started with the counts, one failure per failed pair, completed once with the totals.
      const completed = await eventually(async () => {
        const rows = await runEvents(t.db, 'fetch_completed', run.runId);
        expect(rows).toHaveLength(1);
        return rows[0]!;
      });
      expect(completed).toMatchObject({ success_count: 11, failure_count: 3 });
      expect(Number.isInteger(completed.duration_ms) && completed.duration_ms >= 0, JSON.stringify(completed)).toBe(true);
      expect(await runEvents(t.db, 'fetch_started', run.runId)).toEqual([expect.objectContaining({ book_count: 4, store_count: 3 })]);
      // fetch_failed carries the seed's fields (and the edition), not the run: this database had one run.
      const failed = await logDetails(t.db, 'fetch_failed');
      expect(failed).toHaveLength(3);
      for (const detail of failed) {
        expect(typeof detail.error, JSON.stringify(detail)).toBe('string');
        expect(detail.error.length).toBeGreaterThan(0);
      }
      expect(failed.map((d) => ({ book_id: d.book_id, store_id: d.store_id, kind: String(d.error).split(':')[0] })).sort(byJson)).toEqual(
        failures.map((f) => ({ book_id: f.book, store_id: stores[f.store], kind: f.kind })).sort(byJson),
      );
    } finally {
      await t.stop();
    }
  }, 45_000);

  it('is shared by two instances on one database: every page fetched once, both instances working, completed once', async () => {
    // One request at a time per store and instance: an instance works its hand slowly enough for the other to poll.
    const t = await startTestService(serviceEnv({ FETCH_USER_AGENT: 'shelfwatch-test/instance-a', STORE_CONCURRENCY: '1' }));
    let b: RunningService | undefined;
    try {
      b = await startInstance(t.db.url, { FETCH_USER_AGENT: 'shelfwatch-test/instance-b', STORE_CONCURRENCY: '1' });
      // One instance's workers hold at most 8 bundles of 32 tasks at once: more than that, so the second must take some.
      const editions = await arrangeMonitoredPaperbacks(t.db, 80);
      const expectedPages = editions.flatMap((e) => PAPERBACK_STORES.map((s) => `${s}/${e.isbn}`));
      demo.setLatency(30);

      const run = await startRun(t.service);
      expect(run).toMatchObject({ taskCount: 320, bookCount: 80, storeCount: 4 });
      const done = await waitForCompletion(t.db, run.runId);
      expect(done).toMatchObject({ succeeded: 320, failed: 0 });

      const requests = proxy.requests();
      expectEveryPageOnce(requests, expectedPages);
      expect(totalDemoRequests()).toBe(320);
      const quotes = await dailyQuoteCounts(t.db);
      expect(quotes).toHaveLength(320);
      expect(quotes.filter((q) => q.n !== 1)).toEqual([]);
      expect(await t.db.sql("select status, count(*)::int as n from fetch_task where fetch_run_id = $1 group by status", [run.runId])).toEqual([
        { status: 'succeeded', n: 320 },
      ]);

      const byAgent = countBy(requests, (r) => r.userAgent);
      expect(Object.keys(byAgent).sort()).toEqual(['shelfwatch-test/instance-a', 'shelfwatch-test/instance-b']);
      expect(byAgent['shelfwatch-test/instance-a']).toBeGreaterThan(0);
      expect(byAgent['shelfwatch-test/instance-b']).toBeGreaterThan(0);

      await eventually(async () => expect(await runEvents(t.db, 'fetch_completed', run.runId)).toHaveLength(1));
      // Both instances flush every 50 ms: a second completion would have arrived by now.
      await pause(500);
      const completed = await runEvents(t.db, 'fetch_completed', run.runId);
      expect(completed).toEqual([expect.objectContaining({ success_count: 320, failure_count: 0 })]);
      expect(await runEvents(t.db, 'fetch_started', run.runId)).toHaveLength(1);
      expect(await logDetails(t.db, 'fetch_failed')).toEqual([]);
      await eventually(async () => expect(await jobStates(t.db)).toEqual({ completed: Math.ceil(320 / TASKS_PER_JOB) }));
    } finally {
      await b?.stop();
      await t.stop();
    }
  }, 60_000);

  it('is finished by the other instance when one stops gracefully in the middle', async () => {
    const t = await startTestService(serviceEnv({ FETCH_USER_AGENT: 'shelfwatch-test/instance-a', STORE_CONCURRENCY: '1' }));
    let b: RunningService | undefined;
    try {
      b = await startInstance(t.db.url, { FETCH_USER_AGENT: 'shelfwatch-test/instance-b', STORE_CONCURRENCY: '1' });
      // 800 tasks: well over what both instances' workers hold at once (2 × 8 bundles × 32), so some wait in the queue.
      const editions = await arrangeMonitoredPaperbacks(t.db, 200);
      const expectedPages = editions.flatMap((e) => PAPERBACK_STORES.map((s) => `${s}/${e.isbn}`));
      demo.setLatency(30);

      const run = await startRun(t.service);
      expect(run.taskCount).toBe(800);
      const fromB = () => proxy.requests().filter((r) => r.userAgent === 'shelfwatch-test/instance-b');
      await eventually(async () => expect(fromB().length).toBeGreaterThan(0), 15_000);
      // The scenario: B is working, and there is queued work nobody holds yet.
      const states = await jobStates(t.db);
      expect(states.created ?? 0, JSON.stringify(states)).toBeGreaterThan(0);
      expect((await runRow(t.db, run.runId)).completed_at).toBeNull();

      const stopping = b;
      b = undefined;
      await stopping.stop();
      const doneByB = fromB().length;

      const done = await waitForCompletion(t.db, run.runId);
      expect(done).toMatchObject({ task_count: 800, succeeded: 800, failed: 0 });
      expect(await t.db.sql("select count(*)::int as n from fetch_task where fetch_run_id = $1 and status = 'pending'", [run.runId])).toEqual([{ n: 0 }]);
      // B finished what it held before stopping (nothing fetched twice, nothing after it stopped); A did the rest.
      expect(fromB().length).toBe(doneByB);
      expectEveryPageOnce(proxy.requests(), expectedPages);
      const byAgent = countBy(proxy.requests(), (r) => r.userAgent);
      expect(byAgent['shelfwatch-test/instance-a']).toBe(800 - doneByB);
      const quotes = await dailyQuoteCounts(t.db);
      expect(quotes).toHaveLength(800);
      expect(quotes.filter((q) => q.n !== 1)).toEqual([]);

      await eventually(async () => expect(await runEvents(t.db, 'fetch_completed', run.runId)).toHaveLength(1));
      await pause(500);
      expect(await runEvents(t.db, 'fetch_completed', run.runId)).toEqual([expect.objectContaining({ success_count: 800, failure_count: 0 })]);
      // No job was failed by the stop (and so retried elsewhere).
      await eventually(async () => expect(await jobStates(t.db)).toEqual({ completed: Math.ceil(800 / TASKS_PER_JOB) }));
    } finally {
      await b?.stop();
      await t.stop();
    }
  }, 60_000);
});

describe('the scheduled daily fetch', () => {
  it('runs once per occurrence with two instances firing every second', async () => {
    const db = await createTestDatabase();
    const instances: RunningService[] = [];
    try {
      // Records every claim attempt, including those the primary key turns away.
      const claimAttempts = await recordInserts(db, 'scheduled_run');
      // This minute and the next are already claimed (by another deployment): neither instance may run them.
      const minute = Math.floor(Date.now() / 60_000) * 60_000;
      await db.sql("insert into scheduled_run (job, scheduled_for, claimed_by) values ('daily_fetch', $1, 'elsewhere'), ('daily_fetch', $2, 'elsewhere')", [
        new Date(minute),
        new Date(minute + 60_000),
      ]);

      const env = { SCHEDULER: 'on', FETCH_CRON: '* * * * * *' };
      instances.push(await startInstance(db.url, env), await startInstance(db.url, env));
      const attempts = () =>
        db.sql<{ scheduled_for: Date; claimed_by: string; attempted_at: Date }>(
          `select scheduled_for, claimed_by, inserted_at as attempted_at from ${claimAttempts} where job = 'daily_fetch' and claimed_by <> 'elsewhere' order by inserted_at`,
        );
      const scheduledRuns = () => db.sql<RunRow>("select * from fetch_run where trigger = 'scheduled' order by started_at");

      // Both instances fire and are refused.
      await eventually(async () => {
        const byInstance = countBy(await attempts(), (a) => a.claimed_by);
        expect(Object.keys(byInstance), JSON.stringify(byInstance)).toHaveLength(2);
      }, 15_000);
      expect(await scheduledRuns()).toEqual([]);
      expect(await db.sql("select distinct claimed_by from scheduled_run where job = 'daily_fetch'")).toEqual([{ claimed_by: 'elsewhere' }]);
      const instanceIds = Object.keys(countBy(await attempts(), (a) => a.claimed_by));

      // Free the occurrences: the next firing claims the current minute, the later ones (both instances) are refused.
      await db.sql("delete from scheduled_run where claimed_by = 'elsewhere'");
      const claims = await eventually(async () => {
        const rows = await db.sql<{ scheduled_for: Date; claimed_by: string; claimed_at: Date }>(
          "select scheduled_for, claimed_by, claimed_at from scheduled_run where job = 'daily_fetch' order by scheduled_for",
        );
        expect(rows.length).toBeGreaterThan(0);
        const first = rows[0]!;
        const later = (await attempts()).filter((a) => a.attempted_at > first.claimed_at);
        const byInstance = countBy(later, (a) => a.claimed_by);
        expect(instanceIds.every((id) => (byInstance[id] ?? 0) >= 2), JSON.stringify(byInstance)).toBe(true);
        return rows;
      }, 15_000);
      // Exactly one scheduled fetch run per claimed occurrence, started after its claim and before the next one (read
      // again until they agree, in case an occurrence was claimed just now and its run is being created).
      const finalClaims = await eventually(async () => {
        const rows = await db.sql<{ scheduled_for: Date; claimed_by: string; claimed_at: Date }>(
          "select scheduled_for, claimed_by, claimed_at from scheduled_run where job = 'daily_fetch' order by scheduled_for",
        );
        const runs = await scheduledRuns();
        expect(runs).toHaveLength(rows.length);
        rows.forEach((claim, i) => {
          const next = rows[i + 1]?.claimed_at.getTime() ?? Number.POSITIVE_INFINITY;
          const during = runs.filter((r) => r.started_at.getTime() >= claim.claimed_at.getTime() - 1 && r.started_at.getTime() < next);
          expect(during, `runs for the occurrence ${claim.scheduled_for.toISOString()}`).toHaveLength(1);
        });
        return rows;
      });
      expect(finalClaims.length).toBeGreaterThanOrEqual(claims.length);
      for (const claim of finalClaims) expect(instanceIds).toContain(claim.claimed_by);
      // Since the occurrences were freed, both instances kept firing: every attempt but one per claim was turned away.
      const sinceFreed = (await attempts()).filter((a) => a.attempted_at >= finalClaims[0]!.claimed_at);
      expect(sinceFreed.length - finalClaims.length).toBeGreaterThanOrEqual(2);
      // One fetch_started per run (the instances keep firing: both counts read together).
      await eventually(async () => expect((await logDetails(db, 'fetch_started')).length).toBe((await scheduledRuns()).length), 15_000);

      // A second claim of a claimed occurrence is refused, whoever asks.
      const claimer = instances[0]!.container.get(ScheduledRuns);
      expect(await claimer.claim('daily_fetch', finalClaims[0]!.scheduled_for, 'a-third-instance')).toBe(false);
    } finally {
      for (const instance of instances) await instance.stop();
      await db.drop();
    }
  }, 60_000);
});

describe('npm run job', () => {
  it('fetch runs a daily fetch once and prints the summary; consolidate prints its summary or refuses a bad month', async () => {
    const db = await createTestDatabase();
    try {
      const editions = await arrangeMonitoredPaperbacks(db, 3);
      demo.set('paperback-palace', editions[0]!.isbn, { kind: 'not_found' });
      const env = { ...serviceEnv(), DATABASE_URL: db.url, JWT_SECRET: TEST_JWT_SECRET };

      // October 2026: three daily quotes of one edition × store (one the fetch gets no price for).
      const stores = await storeIds(db);
      for (const [day, amount] of [['2026-10-03', 1000], ['2026-10-14', 1400], ['2026-10-30', 1200]] as const) {
        await db.sql(
          `insert into price_quote (edition_id, store_id, amount_minor, currency, availability, url, fetched_at, quote_kind)
           values ($1, $2, $3, 'EUR', 'in_stock', 'https://store.example/q', $4, 'daily')`,
          [editions[0]!.editionId, stores['paperback-palace'], amount, `${day}T12:00:00Z`],
        );
      }
      const octoberDailies = async () =>
        (await db.sql<{ n: number }>(
          "select count(*)::int as n from price_quote where quote_kind = 'daily' and fetched_at >= '2026-10-01T00:00:00Z' and fetched_at < '2026-11-01T00:00:00Z'",
        ))[0]!.n;
      let october = await octoberDailies();
      expect(october).toBe(3);

      // Three processes side by side (each takes seconds to load): the bad month never reaches the database, and
      // today's fetch stores quotes of today's month, which October's consolidation does not touch (unless today is
      // in October 2026: then the consolidation waits for the fetch).
      const octoberIsNow = new Date().toISOString().startsWith('2026-10');
      const fetchJob = runJob(['fetch'], env);
      const [fetch, badMonth, consolidate] = await Promise.all([
        fetchJob,
        runJob(['consolidate', '--month', '2026-13'], env),
        (octoberIsNow ? fetchJob.then(async () => void (october = await octoberDailies())) : Promise.resolve()).then(() =>
          runJob(['consolidate', '--month', '2026-10'], env),
        ),
      ]);
      expect(fetch.code, fetch.stdout + fetch.stderr).toBe(0);
      expect(fetch.stdout).toMatch(/Fetch run \d+: 12 tasks \(3 books × 4 stores\)\./);
      // The plan's progress (no terminal: lines), before the fetch's.
      expect(fetch.stdout).toMatch(/Fetch run \d+ created with 12 tasks; handing them to the queue \.\.\.\nplan: 12\/12 tasks queued\n/);
      expect(fetch.stdout).toMatch(/Done in \d+(\.\d+)? s: 11 prices stored, 1 failures/);
      const runs = await db.sql<RunRow>('select * from fetch_run');
      expect(runs).toEqual([expect.objectContaining({ trigger: 'manual', task_count: 12, succeeded: 11, failed: 1, completed_at: expect.any(Date) })]);
      // The process flushed its log buffer before exiting.
      expect(await logDetails(db, 'fetch_completed')).toEqual([expect.objectContaining({ success_count: 11, failure_count: 1 })]);
      expect(await logDetails(db, 'fetch_failed')).toEqual([expect.objectContaining({ book_id: editions[0]!.bookId, error: expect.stringMatching(/^not_found/) })]);
      expectEveryPageOnce(proxy.requests(), editions.flatMap((e) => PAPERBACK_STORES.map((s) => `${s}/${e.isbn}`)));

      expect(badMonth.code, badMonth.stdout + badMonth.stderr).toBe(1);
      expect(badMonth.stderr).toMatch(/2026-13/);
      expect(badMonth.stderr).toMatch(/month/i);
      expect(badMonth.stderr, 'one clear line, not a stack trace').not.toMatch(/^\s+at /m);
      expect(badMonth.stdout).not.toContain('Consolidating');

      expect(consolidate.code, consolidate.stdout + consolidate.stderr).toBe(0);
      expect(consolidate.stdout).toContain('Consolidating 2026-10');
      expect(consolidate.stdout).toMatch(new RegExp(`Done: ${october} daily quotes consolidated in \\d+ ms\\.`));
      expect(
        await db.sql("select amount_minor, min_minor, max_minor, avg_minor, sample_count from price_quote where quote_kind = 'monthly' and month = '2026-10-01' and edition_id = $1 and store_id = $2", [
          editions[0]!.editionId, stores['paperback-palace'],
        ]),
      ).toEqual([{ amount_minor: '1200', min_minor: '1000', max_minor: '1400', avg_minor: '1200', sample_count: 3 }]);
      expect(await octoberDailies()).toBe(0);
    } finally {
      await db.drop();
    }
  }, 60_000);
});

function countBy<T>(items: readonly T[], keyOf: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[keyOf(item)] = (counts[keyOf(item)] ?? 0) + 1;
  return counts;
}

function byJson(a: unknown, b: unknown): number {
  return JSON.stringify(a).localeCompare(JSON.stringify(b));
}
