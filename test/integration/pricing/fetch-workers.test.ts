import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchTask } from '../../../src/application/pricing/ports/fetch-runs.js';
import { FETCH_QUEUE, PgBossFetchQueue, startFetchWorkers, startPgBoss } from '../../../src/adapters/scheduler/pg-boss-fetch-queue.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';

let db: TestDatabase;
let boss: PgBoss;

beforeAll(async () => {
  db = await createTestDatabase();
  boss = await startPgBoss(db.url, (error) => console.error(error));
});

afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await db?.drop();
});

const tasks = (runId: number, editions: number[]): FetchTask[] => editions.map((editionId) => ({ runId, editionId, storeId: 1 }));

async function jobStates(): Promise<Array<{ run_id: number; state: string }>> {
  return db.sql<{ run_id: number; state: string }>(
    `select (data->>'runId')::int as run_id, state::text as state from pgboss.job where name = $1 order by run_id`,
    [FETCH_QUEUE],
  );
}

describe('fetch worker loops', () => {
  it('work every bundle once, hand a failed bundle back to the queue for a retry, and go on with the others', async () => {
    const queue = new PgBossFetchQueue(boss);
    // Three runs, one bundle each (a bundle never mixes runs); run 2's bundle fails.
    await queue.enqueue([...tasks(1, [10, 11]), ...tasks(2, [20]), ...tasks(3, [30, 31, 32])]);
    const seen: FetchTask[][] = [];
    const errors: Error[] = [];
    const workers = startFetchWorkers(
      boss,
      async (bundle) => {
        seen.push(bundle);
        if (bundle[0]?.runId === 2) throw new Error('store exploded');
      },
      { workers: 2, onError: (error) => errors.push(error) },
    );
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(3);
    await workers.stop();

    expect(seen.map((b) => b.map((t) => `${t.runId}:${t.editionId}`)).sort()).toEqual([['1:10', '1:11'], ['2:20'], ['3:30', '3:31', '3:32']]);
    // The failed bundle waits for its retry (retryDelay); the others are completed.
    expect(await jobStates()).toEqual([
      { run_id: 1, state: 'completed' },
      { run_id: 2, state: 'retry' },
      { run_id: 3, state: 'completed' },
    ]);
    expect(errors).toEqual([]);
  });

  it('stop() returns promptly when the loops are idle, and no bundle is taken afterwards', async () => {
    let taken = 0;
    const workers = startFetchWorkers(boss, async () => void taken++, { workers: 3, onError: () => undefined });
    await workers.stop();
    await new PgBossFetchQueue(boss).enqueue(tasks(4, [40]));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(taken).toBe(0);
    expect((await jobStates()).find((j) => j.run_id === 4)?.state).toBe('created');
  });
});
