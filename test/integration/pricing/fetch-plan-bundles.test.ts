// The daily run's hand-over to pg-boss page by page (StartFetchRun on SqlFetchRunRepository and PgBossFetchQueue):
// the bundles are those one call with every task made — 32 consecutive tasks in (edition, store) order, one run per
// job — whatever the page size.
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StartFetchRun } from '../../../src/application/pricing/start-fetch-run.js';
import { SqlFetchRunRepository } from '../../../src/adapters/postgres/repositories/sql-fetch-run-repository.js';
import { createQueue } from '../../../src/adapters/scheduler/job-queue-declaration.js';
import { fetchQueue } from '../../../src/adapters/scheduler/job-queues.js';
import { type BundleData, PgBossFetchQueue, startPgBoss, TASKS_PER_JOB } from '../../../src/adapters/scheduler/pg-boss-fetch-queue.js';
import { FakeClock } from '../../support/fakes/fake-clock.js';
import { FakeLogSink } from '../../support/fakes/fake-log-sink.js';
import { onPostgres } from '../contracts/on-postgres.js';

const pg = onPostgres();
let boss: PgBoss;

beforeAll(async () => {
  boss = await startPgBoss(pg.db.url, (error) => console.error(error));
  await createQueue(boss, fetchQueue);
});
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
});

/** `editions` wished editions at `stores` stores: their ids, ascending. */
async function catalog(editions: number, stores: number): Promise<{ editionIds: number[]; storeIds: number[] }> {
  await pg.forgetUserData({ closeStores: true });
  await pg.db.sql('delete from pgboss.job where name = $1', [fetchQueue.name]);
  const user = await pg.aUser();
  const storeIds: number[] = [];
  for (let i = 0; i < stores; i++) storeIds.push(await pg.aStore());
  const editionIds: number[] = [];
  for (let i = 0; i < editions; i++) {
    const edition = await pg.anEdition();
    await pg.aWish(user, edition.bookId);
    editionIds.push(edition.editionId);
  }
  return { editionIds: editionIds.sort((a, b) => a - b), storeIds: storeIds.sort((a, b) => a - b) };
}

/** The fetch queue's jobs, ordered by their first task. */
async function queuedBundles(): Promise<BundleData[]> {
  const rows = await pg.db.sql<{ data: BundleData }>(
    `select data from pgboss.job where name = $1 order by (data->'editions'->>0)::bigint, (data->'stores'->>0)::bigint`,
    [fetchQueue.name],
  );
  return rows.map((r) => r.data);
}

/** The run's tasks in key order, cut every 32: the bundles of one call with all of them. */
function expectedBundles(runId: number, editionIds: number[], storeIds: number[]): BundleData[] {
  const tasks = editionIds.flatMap((editionId) => storeIds.map((storeId) => ({ editionId, storeId })));
  const bundles: BundleData[] = [];
  for (let i = 0; i < tasks.length; i += TASKS_PER_JOB) {
    const slice = tasks.slice(i, i + TASKS_PER_JOB);
    bundles.push({ runId, editions: slice.map((t) => t.editionId), stores: slice.map((t) => t.storeId) });
  }
  return bundles;
}

function planner(jobsPerInsert?: number): StartFetchRun {
  const clock = new FakeClock();
  const runs = pg.adapter((em) => new SqlFetchRunRepository(em));
  return new StartFetchRun(runs, new PgBossFetchQueue(boss, fetchQueue, jobsPerInsert), new FakeLogSink(), clock);
}

describe('planning a daily run into pg-boss page by page', () => {
  it('queues the bundles one call would: 32 consecutive tasks in key order, the last one short, across pages of 2 bundles', async () => {
    const { editionIds, storeIds } = await catalog(30, 5);
    const progress: number[] = [];
    const run = await planner(2).execute('manual', { onProgress: (p) => progress.push(p.enqueued) });
    expect(run.taskCount).toBe(150);
    // Pages of 64 tasks: 64, 64, 22.
    expect(progress).toEqual([0, 64, 128, 150]);
    const bundles = await queuedBundles();
    expect(bundles.map((b) => b.editions.length)).toEqual([32, 32, 32, 32, 22]);
    expect(bundles).toEqual(expectedBundles(run.runId, editionIds, storeIds));
  });

  it('queues the same bundles with the service page size (one page) and with a page of one bundle', async () => {
    const { editionIds, storeIds } = await catalog(13, 5);
    const whole = await planner().execute('manual');
    expect(await queuedBundles()).toEqual(expectedBundles(whole.runId, editionIds, storeIds));
    await pg.db.sql('delete from pgboss.job where name = $1', [fetchQueue.name]);
    const paged = await planner(1).execute('manual');
    expect(await queuedBundles()).toEqual(expectedBundles(paged.runId, editionIds, storeIds));
  });
});
