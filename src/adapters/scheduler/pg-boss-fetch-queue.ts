import PgBoss from 'pg-boss';
import type { FetchQueue, FetchTask } from '../../application/pricing/ports/fetch-runs.js';

export const FETCH_QUEUE = 'price-fetch';
const INSERT_CHUNK = 1000;

/** Opens pg-boss on the service's database and makes sure the fetch queue exists (send() to a missing queue is a no-op). */
export async function startPgBoss(databaseUrl: string, onError: (error: Error) => void): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4, schedule: false, supervise: true, application_name: 'shelfwatch-queue' });
  boss.on('error', onError);
  await boss.start();
  // A job whose worker died (instance killed mid-task) expires and is retried by another instance.
  // Retries back off past the task claim's lease, so a retried task can be claimed again.
  await boss.createQueue(FETCH_QUEUE, {
    name: FETCH_QUEUE, policy: 'standard', retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 300,
  });
  return boss;
}

/** The fetch tasks of a run, handed to pg-boss so every instance's workers share them. */
export class PgBossFetchQueue implements FetchQueue {
  constructor(private readonly boss: PgBoss) {}

  async enqueue(tasks: readonly FetchTask[]): Promise<void> {
    for (let i = 0; i < tasks.length; i += INSERT_CHUNK) {
      await this.boss.insert(tasks.slice(i, i + INSERT_CHUNK).map((task) => ({ name: FETCH_QUEUE, data: task })));
    }
  }
}

export interface WorkerOptions {
  /** Parallel pollers; each takes a batch and works it concurrently (the per-store gates bound the load). */
  workers: number;
  batchSize: number;
}

/** Registers this instance's workers for fetch tasks; `stop` waits for tasks in hand to finish. */
export async function startFetchWorkers(
  boss: PgBoss,
  runTask: (task: FetchTask) => Promise<void>,
  options: WorkerOptions,
): Promise<void> {
  for (let i = 0; i < options.workers; i++) {
    await boss.work<FetchTask>(FETCH_QUEUE, { batchSize: options.batchSize, pollingIntervalSeconds: 0.5 }, async (jobs) => {
      // Every task of the batch finishes; a failure fails the batch so the queue retries it (settled tasks are skipped).
      const results = await Promise.allSettled(jobs.map((job) => runTask(job.data)));
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
    });
  }
}
