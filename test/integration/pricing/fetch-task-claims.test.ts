import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchRunRepository } from '../../../src/application/pricing/ports/fetch-runs.js';
import { RunFetchTask } from '../../../src/application/pricing/run-fetch-task.js';
import { StartFetchRun } from '../../../src/application/pricing/start-fetch-run.js';
import { RequestScope } from '../../../src/application/shared/request-scope.js';
import { type DemoStoreServer, startDemoStoreServer } from '../../../src/adapters/stores/demo/index.js';
import { bookWithEdition } from '../../support/pricing-integration-helpers.js';
import { startTestService, type TestService } from '../../support/test-service.js';

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
  it('fetches a task delivered twice only once, and counts it once', async () => {
    const { bookId } = await bookWithEdition(t, 'Claimed once', { format: 'ebook' });
    expect((await t.call('POST', '/api/wishes', { body: { book_id: bookId } })).status).toBe(201);
    const container = t.service.container;
    const scope = container.get(RequestScope);
    const run = await scope.run(() => container.get(StartFetchRun).execute('manual'));
    expect(run.taskCount).toBe(2); // the ebook store and the store selling every format
    const tasks = await scope.run(() => container.get(FetchRunRepository).tasksOf(run.runId));
    const runTask = container.get(RunFetchTask);

    const first = await Promise.all(tasks.map((task) => scope.run(() => runTask.execute(task))));
    const again = await Promise.all(tasks.map((task) => scope.run(() => runTask.execute(task))));
    expect(first).toEqual(['succeeded', 'succeeded']);
    expect(again).toEqual(['duplicate', 'duplicate']);
    const requests = Object.values(demo.stats()).reduce((n, s) => n + s.requests, 0);
    expect(requests).toBe(2);
    expect(await t.db.sql('select count(*)::int as n from price_quote')).toEqual([{ n: 2 }]);
    expect(await t.db.sql('select succeeded, failed, completed_at is not null as done from fetch_run where fetch_run_id = $1', [run.runId])).toEqual([
      { succeeded: 2, failed: 0, done: true },
    ]);
  });
});
