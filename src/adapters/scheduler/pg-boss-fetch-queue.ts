import PgBoss from 'pg-boss';
import type { FetchQueue, FetchTask } from '../../application/pricing/ports/fetch-runs.js';

export const FETCH_QUEUE = 'price-fetch';
/**
 * Tasks per pg-boss job. Consecutive tasks (edition by edition, store by store) make a bundle, so a bundle mixes
 * the stores. One job per task made pg-boss's fetch (which sorts every waiting job of the queue) and the per-task
 * statements the bottleneck of a daily fetch.
 */
export const TASKS_PER_JOB = 32;
const INSERT_CHUNK = 1000;

/** A job's data: one run's (edition, store) pairs, as parallel arrays to keep the jsonb small. */
interface BundleData {
  runId: number;
  editions: number[];
  stores: number[];
}

/** Opens pg-boss on the service's database and makes sure the fetch queue exists (send() to a missing queue is a no-op). */
export async function startPgBoss(databaseUrl: string, onError: (error: Error) => void): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4, schedule: false, supervise: true, application_name: 'shelfwatch-queue' });
  boss.on('error', onError);
  await boss.start();
  // A job whose worker died (instance killed mid-bundle) expires and is retried by another instance.
  // Retries back off past the task claim's lease, so a retried task can be claimed again.
  await boss.createQueue(FETCH_QUEUE, {
    name: FETCH_QUEUE, policy: 'standard', retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 300,
  });
  return boss;
}

/** The fetch tasks of a run, handed to pg-boss in bundles so every instance's workers share them. */
export class PgBossFetchQueue implements FetchQueue {
  constructor(private readonly boss: PgBoss) {}

  async enqueue(tasks: readonly FetchTask[]): Promise<void> {
    const jobs: Array<{ name: string; data: BundleData }> = [];
    for (let i = 0; i < tasks.length; ) {
      const runId = (tasks[i] as FetchTask).runId;
      const bundle: BundleData = { runId, editions: [], stores: [] };
      for (; i < tasks.length && bundle.editions.length < TASKS_PER_JOB && (tasks[i] as FetchTask).runId === runId; i++) {
        bundle.editions.push((tasks[i] as FetchTask).editionId);
        bundle.stores.push((tasks[i] as FetchTask).storeId);
      }
      jobs.push({ name: FETCH_QUEUE, data: bundle });
    }
    for (let i = 0; i < jobs.length; i += INSERT_CHUNK) await this.boss.insert(jobs.slice(i, i + INSERT_CHUNK));
  }
}

export interface WorkerOptions {
  /** Parallel loops; each takes one bundle at a time and works its tasks concurrently (the per-store gates bound the load). */
  workers: number;
  /** A queue error (a fetch or a complete that failed); the loop goes on. */
  onError: (error: Error) => void;
}

export interface FetchWorkers {
  /** Graceful: no new bundles; resolves when the bundles in hand are finished. */
  stop(): Promise<void>;
}

/** How long an idle loop waits before asking the queue again (pg-boss's own minimum). */
const IDLE_POLL_MS = 500;

/**
 * This instance's workers for fetch bundles. Our own loop over `fetch`, not pg-boss's `work`: a pg-boss 10 worker
 * that finishes a job within its polling interval waits out the rest of it, so each took at most two bundles a
 * second (8 workers capped a daily fetch at 512 tasks/s while the stores' gates had room). Here a loop asks again
 * as soon as a bundle is done, and waits only when the queue was empty.
 */
export function startFetchWorkers(
  boss: PgBoss,
  runBundle: (tasks: FetchTask[]) => Promise<void>,
  options: WorkerOptions,
): FetchWorkers {
  let stopping = false;
  const sleepers = new Set<() => void>();
  const idle = (): Promise<void> =>
    new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, IDLE_POLL_MS);
      sleepers.add(wake);
    });
  const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

  const loop = async (): Promise<void> => {
    while (!stopping) {
      let job: PgBoss.Job<BundleData> | undefined;
      try {
        [job] = await boss.fetch<BundleData>(FETCH_QUEUE, { batchSize: 1 });
      } catch (error) {
        options.onError(asError(error));
      }
      if (!job) {
        await idle();
        continue;
      }
      const { runId, editions, stores } = job.data;
      try {
        await runBundle(editions.map((editionId, k) => ({ runId, editionId, storeId: stores[k] as number })));
        await boss.complete(FETCH_QUEUE, job.id);
      } catch (error) {
        // A failed bundle goes back to the queue for a retry (tasks already settled are skipped then).
        const failure = asError(error);
        await boss.fail(FETCH_QUEUE, job.id, { message: failure.message }).catch((e: unknown) => options.onError(asError(e)));
      }
    }
  };
  const loops = Array.from({ length: options.workers }, loop);
  return {
    async stop() {
      stopping = true;
      for (const wake of [...sleepers]) wake();
      await Promise.all(loops);
    },
  };
}
