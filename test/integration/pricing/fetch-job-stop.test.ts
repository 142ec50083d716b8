// `npm run job -- fetch` as a real process: it rides out a database outage (progress lines say so) and finishes the
// run; told to stop (SIGTERM), it hands the bundles in hand back to the queue instead of leaving them `running`.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DemoStoreServer, startDemoStoreServer } from '../../../src/adapters/demo/stores/index.js';
import { fetchJobStates, monitoredPaperbacks, taskCounts } from '../../support/fetch-fixtures.js';
import { spawnService } from '../../support/service-process.js';
import { startTcpProxy, type TcpProxy } from '../../support/tcp-proxy.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { eventually, TEST_JWT_SECRET } from '../../support/test-service.js';

let demo: DemoStoreServer;
let db: TestDatabase;
let proxy: TcpProxy;
beforeAll(async () => {
  demo = await startDemoStoreServer({ port: 0 });
});
afterAll(async () => {
  await demo?.close();
});
beforeEach(async () => {
  db = await createTestDatabase();
  const target = new URL(db.url);
  proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  return async () => {
    await proxy.close();
    await db.drop();
  };
});

function startJob(extra: Record<string, string>) {
  return spawnService(
    {
      NODE_ENV: 'test',
      DATABASE_URL: proxy.via(db.url),
      JWT_SECRET: TEST_JWT_SECRET,
      DEMO_STORE_URL: demo.url,
      STORE_MIN_INTERVAL_MS: '0',
      FETCH_RETRIES: '0',
      LOG_FLUSH_MS: '50',
      ...extra,
    },
    'src/composition/entries/job.ts',
    { args: ['fetch'] },
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('npm run job -- fetch', () => {
  it('rides out a database outage of several seconds and completes the run, saying so on the terminal', async () => {
    await monitoredPaperbacks(db, 40);
    demo.setLatency(150);
    const job = startJob({ STORE_CONCURRENCY: '2' });
    await job.waitFor(/fetch: \d+\/160/);
    await proxy.cut();
    // The old job gave up about 3 s into an outage, leaving its bundles' tasks `running`.
    await pause(6_000);
    await proxy.restore();

    expect(await job.exited(90_000), job.output()).toBe(0);
    const output = job.output();
    expect(output).toMatch(/fetch: the database does not answer \(.+\); down for \d+ s, retrying in/);
    expect(output).toMatch(/fetch: the database answers again after \d+(\.\d+)? s/);
    expect(output).toMatch(/Done in \d+(\.\d+)? s: 160 prices stored, 0 failures/);
    expect(await taskCounts(db)).toEqual({ pending: 0, running: 0, succeeded: 160, failed: 0 });
    await eventually(async () => expect(await fetchJobStates(db)).toEqual({ completed: 5 }));
  }, 120_000);

  it('on SIGTERM finishes or hands back the bundles in hand within SHUTDOWN_GRACE_MS: nothing left running, nothing failed', async () => {
    await monitoredPaperbacks(db, 40);
    // One page at a time per store, 1.5 s each: a bundle of 32 tasks takes about 12 s, far past the grace.
    demo.setLatency(1_500);
    const job = startJob({ STORE_CONCURRENCY: '1', SHUTDOWN_GRACE_MS: '1500' });
    await job.waitFor(/fetch: \d+\/160/);
    await eventually(async () => expect((await taskCounts(db)).running).toBeGreaterThan(0), 15_000);
    const signalledAt = Date.now();
    job.child.kill('SIGTERM');

    expect(await job.exited(30_000), job.output()).toBe(1);
    expect(Date.now() - signalledAt).toBeLessThan(15_000);
    expect(job.output()).toMatch(/SIGTERM received: finishing the bundles in hand \(up to 1\.5 s\)/);
    expect(job.output()).toMatch(/Stopped: \d+ bundle\(s\) finished, [1-9]\d* handed back \(\d+ tasks\)\. Run \d+ goes on when a worker takes them/);
    const counts = await taskCounts(db);
    expect(counts).toMatchObject({ running: 0, failed: 0 });
    expect(counts.pending + counts.succeeded).toBe(160);
    const states = await fetchJobStates(db);
    expect(states.active ?? 0, JSON.stringify(states)).toBe(0);
    // Handed back as never taken: no retry spent, available at once.
    expect(await db.sql("select count(*)::int as n from pgboss.job where name = 'price-fetch' and retry_count > 0")).toEqual([{ n: 0 }]);
  }, 120_000);
});
