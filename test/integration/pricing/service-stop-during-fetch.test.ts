// SIGTERM to `npm start` in the middle of a daily fetch, with the demonstration stores running inside the service:
// the stop is bounded by SHUTDOWN_GRACE_MS, the workers stop before the stores they fetch from (so no task is
// recorded as failed because the stores went away), and the bundles in hand go back to the queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/config.js';
import { StartFetchRun } from '../../../src/application/pricing/start-fetch-run.js';
import { RequestScope } from '../../../src/application/shared/request-scope.js';
import { startService } from '../../../src/composition/api-service.js';
import { freePort } from '../../support/database-for-tests.js';
import { fetchJobStates, monitoredPaperbacks, taskCounts } from '../../support/fetch-fixtures.js';
import { spawnService } from '../../support/service-process.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { eventually, TEST_JWT_SECRET } from '../../support/test-service.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

/** Starts a run and queues its bundles, as the scheduler does, from an instance that works none of them. */
async function startRun(env: Record<string, string>): Promise<number> {
  const enqueuer = await startService(loadConfig({ ...env, FETCH_WORKERS: 'off', DEMO_STORE_SERVER: 'off', PORT: '0' }));
  try {
    const start = enqueuer.container.get(StartFetchRun);
    return (await enqueuer.container.get(RequestScope).run(() => start.execute('manual'))).runId;
  } finally {
    await enqueuer.stop();
  }
}

describe('the service stopping during a fetch', () => {
  it('stops within the grace period, demo stores after the workers: nothing failed, nothing left running', async () => {
    const demoPort = await freePort();
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      JWT_SECRET: TEST_JWT_SECRET,
      HOST: '127.0.0.1',
      DEMO_STORE_URL: `http://127.0.0.1:${demoPort}`,
      STORE_CONCURRENCY: '1',
      STORE_MIN_INTERVAL_MS: '0',
      FETCH_RETRIES: '0',
      LOG_FLUSH_MS: '50',
      SHUTDOWN_GRACE_MS: '2000',
    };
    const service = spawnService({ ...env, PORT: String(await freePort()), DEMO_STORE_SERVER: 'on' });
    try {
      await service.waitFor(/listening on/);
      // One page a second per store: the 8 bundles in hand (256 tasks) would take about a minute.
      const latency = await fetch(`http://127.0.0.1:${demoPort}/__control/latency`, { method: 'POST', body: JSON.stringify({ ms: 1_000 }) });
      expect(latency.status).toBe(200);
      await monitoredPaperbacks(db, 100);
      const runId = await startRun(env);
      await eventually(async () => expect((await taskCounts(db)).running).toBeGreaterThan(0), 15_000);

      const signalledAt = Date.now();
      service.child.kill('SIGTERM');
      expect(await service.exited(30_000), service.output()).toBe(0);
      // Grace (2 s), then handing back and the rest of the stop: far from the unbounded 46 s of before.
      expect(Date.now() - signalledAt).toBeLessThan(12_000);
      expect(service.output()).toMatch(/fetch workers: \d+ bundle\(s\) \(\d+ tasks\) handed back to the queue/);

      const counts = await taskCounts(db);
      expect(counts).toMatchObject({ running: 0, failed: 0 });
      expect(counts.pending).toBeGreaterThan(0);
      expect(counts.pending + counts.succeeded).toBe(400);
      expect((await fetchJobStates(db)).active ?? 0).toBe(0);
      const [run] = await db.sql<{ failed: number; completed_at: Date | null }>('select failed, completed_at from fetch_run where fetch_run_id = $1', [runId]);
      expect(run).toEqual({ failed: 0, completed_at: null });
    } finally {
      service.child.kill('SIGKILL');
    }
  }, 120_000);
});
