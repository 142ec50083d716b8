import type PgBoss from 'pg-boss';
import type { JobHandler } from '../../application/shared/job-handler.js';
import type { JobQueueDeclaration } from './job-queue-declaration.js';

export interface QueueWorker {
  /** Aborts the signal the handler was given: work in hand stops at its next safe point. */
  quiesce(): void;
  /** Quiesces, then takes no more jobs (pg-boss's own graceful stop waits for the job in hand). */
  stop(): Promise<void>;
}

/**
 * This instance's worker for one declared queue: each job goes to the handler. With one job a poll, a handler that
 * throws fails the job (pg-boss keeps the error and retries it later). With several, they are worked side by side and
 * settled one by one: a failed one is failed, the others complete. A deferred job is queued again (with its own
 * singleton key) to start after the delay, not an attempt, and completes.
 */
export async function startQueueWorker<Data>(boss: PgBoss, queue: JobQueueDeclaration<Data>, handler: JobHandler<Data>): Promise<QueueWorker> {
  const stopping = new AbortController();
  const work = async (job: PgBoss.JobWithMetadata<Data>): Promise<void> => {
    const outcome = await handler.handle({ data: job.data, signal: stopping.signal });
    if (outcome) {
      await boss.send(queue.name, job.data as object, {
        startAfter: Math.max(1, Math.ceil(outcome.deferSeconds)),
        singletonKey: job.singletonKey ?? undefined,
      });
    }
  };
  await boss.work<Data>(queue.name, { batchSize: queue.batchSize, pollingIntervalSeconds: 1, includeMetadata: true }, async (jobs) => {
    if (queue.batchSize === 1) {
      for (const job of jobs) await work(job);
      return;
    }
    await Promise.all(
      jobs.map(async (job) => {
        try {
          await work(job);
        } catch (error) {
          await boss.fail(queue.name, job.id, { message: error instanceof Error ? error.message : String(error) });
        }
      }),
    );
  });
  const quiesce = (): void => stopping.abort(new Error('the service is stopping'));
  return {
    quiesce,
    stop: async () => {
      quiesce();
      await boss.offWork(queue.name);
    },
  };
}
