import type { ServiceIdentifier } from 'inversify';
import type PgBoss from 'pg-boss';
import type { JobHandler } from '../../application/shared/job-handler.js';

/**
 * One queue on pg-boss, declared once (job-queues.ts): the boot creates the queue from it, the queue's worker
 * subscribes to it and hands each job to its handler, and the queue's sender sends to it by its name.
 */
export interface JobQueueDeclaration<Data> {
  readonly name: string;
  /** 'standard'; 'short': at most one job waits per singleton key; 'stately': at most one waits and one runs. */
  readonly policy: 'standard' | 'short' | 'stately';
  /** Attempts after the first, spaced by `retryDelaySeconds` doubling each time. */
  readonly retryLimit: number;
  readonly retryDelaySeconds: number;
  /** A job active this long is taken for one whose worker died, and retried. */
  readonly expireInSeconds: number;
  /** Jobs taken per poll; with more than one, each is settled on its own (a failed one does not fail the others). */
  readonly batchSize: number;
  /** What works the jobs: resolved from the container when the worker starts. */
  readonly handler: ServiceIdentifier<JobHandler<Data>>;
}

/** Creating a queue is DDL (a partition of pg-boss's job table); sending to a queue that does not exist does nothing. */
export async function createQueue(boss: PgBoss, queue: JobQueueDeclaration<unknown>): Promise<void> {
  await boss.createQueue(queue.name, {
    name: queue.name,
    policy: queue.policy,
    retryLimit: queue.retryLimit,
    retryDelay: queue.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: queue.expireInSeconds,
  });
}
