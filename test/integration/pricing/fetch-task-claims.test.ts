import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchRunRepository } from '../../../src/application/pricing/ports/fetch-runs.js';
import { RunFetchBundle } from '../../../src/application/pricing/run-fetch-bundle.js';
import { StartFetchRun } from '../../../src/application/pricing/start-fetch-run.js';
import { RequestScope } from '../../../src/application/shared/request-scope.js';
import { type DemoStoreServer, startDemoStoreServer } from '../../../src/adapters/demo/stores/index.js';
import { bookWithEdition } from '../../support/pricing-integration-helpers.js';
import { startTestService, type TestService } from '../../support/test-service.js';

async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await condition()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

// A queue may deliver a job twice (a retried batch, an expired job): the page is fetched and stored once.
let demo: DemoStoreServer;
let t: TestService;
beforeAll(async () => {
  demo = await startDemoStoreServer({ port: 0 });
  // No workers: this test hands the tasks to the use case itself.
  t = await startTestService({ DEMO_STORE_URL: demo.url, STORE_MIN_INTERVAL_MS: '0', FETCH_RETRIES: '0', FETCH_WORKERS: 'off' });
});
afterAll(async () => {
  await t.stop();
  await demo.close();
});

describe('fetch task claims', () => {
  it('fetches a bundle of tasks delivered twice only once, and counts it once', async () => {
    const { bookId } = await bookWithEdition(t, 'Claimed once', { format: 'ebook' });
    expect((await t.call('POST', '/api/wishes', { body: { book_id: bookId } })).status).toBe(201);
    const container = t.service.container;
    const scope = container.get(RequestScope);
    const run = await scope.run(() => container.get(StartFetchRun).execute('manual'));
    expect(run.taskCount).toBe(2); // the ebook store and the store selling every format
    const tasks = await scope.run(() => container.get(FetchRunRepository).tasksOf(run.runId, null, 1000));
    const runBundle = container.get(RunFetchBundle);

    // The same bundle delivered twice at once, then once more: each task is claimed, fetched and settled once.
    const [first, concurrent] = await Promise.all([scope.run(() => runBundle.execute(tasks)), scope.run(() => runBundle.execute(tasks))]);
    const again = await scope.run(() => runBundle.execute(tasks));
    expect(first.succeeded + concurrent.succeeded).toBe(2);
    expect(first.duplicates + concurrent.duplicates).toBe(2);
    expect(again).toEqual({ succeeded: 0, failed: 0, duplicates: 2 });
    const requests = Object.values(demo.stats()).reduce((n, s) => n + s.requests, 0);
    expect(requests).toBe(2);
    expect(await t.db.sql('select count(*)::int as n from price_quote')).toEqual([{ n: 2 }]);
    expect(await t.db.sql('select succeeded, failed, completed_at is not null as done from fetch_run where fetch_run_id = $1', [run.runId])).toEqual([
      { succeeded: 2, failed: 0, done: true },
    ]);
  });

  it('stores nothing for a task whose claim lapsed and that another holder settled meanwhile', async () => {
    const { bookId } = await bookWithEdition(t, 'Lapsed claim', { format: 'ebook' });
    expect((await t.call('POST', '/api/wishes', { body: { book_id: bookId } })).status).toBe(201);
    const container = t.service.container;
    const scope = container.get(RequestScope);
    const run = await scope.run(() => container.get(StartFetchRun).execute('manual'));
    const tasks = await scope.run(() => container.get(FetchRunRepository).tasksOf(run.runId, null, 1000));
    const quotesBefore = (await t.db.sql<{ n: number }>('select count(*)::int as n from price_quote'))[0]!.n;
    // The pages answer slowly; while this holder waits, its claims lapse and another holder settles the tasks.
    demo.setLatency(1_500);
    try {
      const slow = scope.run(() => container.get(RunFetchBundle).execute(tasks));
      await waitFor(async () => (await t.db.sql(`select 1 from fetch_task where fetch_run_id = $1 and status = 'running'`, [run.runId])).length === tasks.length);
      await t.db.sql(`update fetch_task set status = 'succeeded' where fetch_run_id = $1`, [run.runId]);
      expect(await slow).toEqual({ succeeded: 0, failed: 0, duplicates: tasks.length });
    } finally {
      demo.setLatency(0);
    }
    expect((await t.db.sql<{ n: number }>('select count(*)::int as n from price_quote'))[0]!.n).toBe(quotesBefore);
  });

  it('abandons a run whose tasks could not be queued, so no run stays open for ever', async () => {
    const container = t.service.container;
    const runs = container.get(FetchRunRepository);
    const scope = container.get(RequestScope);
    const { bookId } = await bookWithEdition(t, 'Never queued', { format: 'ebook' });
    expect((await t.call('POST', '/api/wishes', { body: { book_id: bookId } })).status).toBe(201);
    const run = await scope.run(() => runs.createRun('manual'));
    expect(run.taskCount).toBeGreaterThan(0);
    await scope.run(() => runs.abandonRun(run.runId));
    expect(await t.db.sql('select 1 from fetch_run where fetch_run_id = $1', [run.runId])).toEqual([]);
    expect(await t.db.sql('select 1 from fetch_task where fetch_run_id = $1', [run.runId])).toEqual([]);
  });
});
