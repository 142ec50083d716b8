import PgBoss from 'pg-boss';
import type { FetchQueue } from '../../application/pricing/ports/fetch-queue.js';
import type { FetchTask } from '../../application/pricing/ports/fetch-runs.js';
import type { JobQueueDeclaration } from './job-queue-declaration.js';

/**
 * Tasks per pg-boss job. Consecutive tasks (edition by edition, store by store) make a bundle, so a bundle mixes
 * the stores. One job per task made pg-boss's fetch (which sorts every waiting job of the queue) and the per-task
 * statements the bottleneck of a daily fetch.
 */
export const TASKS_PER_JOB = 32;
/**
 * Jobs per pg-boss insert (one statement); a page of tasks is this many bundles. Small enough for a page's objects to
 * die young: pages of 1,000 bundles outlived two scavenges and were promoted, and the planning process grew by
 * ~100 MiB between full collections; with 500 it grows by ~15 MiB, at the same speed (bench/fetch-plan.ts).
 */
const JOBS_PER_INSERT = 500;

/** A job's data: one run's (edition, store) pairs, as parallel arrays to keep the jsonb small. */
export interface BundleData {
  runId: number;
  editions: number[];
  stores: number[];
}

/** Opens pg-boss on the service's database (its schema made or migrated); the queues are created from their declarations. */
export async function startPgBoss(databaseUrl: string, onError: (error: Error) => void): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4, schedule: false, supervise: true, application_name: 'shelfwatch-queue' });
  boss.on('error', onError);
  await boss.start();
  return boss;
}

/** The fetch tasks of a run, handed to pg-boss in bundles so every instance's workers share them. */
export class PgBossFetchQueue implements FetchQueue {
  /** Whole bundles: a run handed over in pages of this size is bundled as in one call (the use case pages by it). */
  readonly pageSize: number;

  constructor(
    private readonly boss: PgBoss,
    private readonly queue: JobQueueDeclaration<readonly FetchTask[]>,
    private readonly jobsPerInsert = JOBS_PER_INSERT,
  ) {
    this.pageSize = TASKS_PER_JOB * jobsPerInsert;
  }

  async enqueue(tasks: readonly FetchTask[]): Promise<void> {
    const jobs: Array<{ name: string; data: BundleData }> = [];
    for (let i = 0; i < tasks.length; ) {
      const runId = (tasks[i] as FetchTask).runId;
      const bundle: BundleData = { runId, editions: [], stores: [] };
      for (; i < tasks.length && bundle.editions.length < TASKS_PER_JOB && (tasks[i] as FetchTask).runId === runId; i++) {
        bundle.editions.push((tasks[i] as FetchTask).editionId);
        bundle.stores.push((tasks[i] as FetchTask).storeId);
      }
      jobs.push({ name: this.queue.name, data: bundle });
    }
    for (let i = 0; i < jobs.length; i += this.jobsPerInsert) await this.boss.insert(jobs.slice(i, i + this.jobsPerInsert));
  }
}
