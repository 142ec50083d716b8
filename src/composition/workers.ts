import type { Container } from 'inversify';
import type { AppConfig } from '../../config/config.js';
import type { JobQueueDeclaration } from '../adapters/scheduler/job-queue-declaration.js';
import { type FetchWorkers, startFetchWorkers } from '../adapters/scheduler/fetch-workers.js';
import { FetchBundleJobHandler } from '../adapters/scheduler/handlers/fetch-bundle-job-handler.js';
import { startQueueWorker } from '../adapters/scheduler/pg-boss-queue-worker.js';
import { reportQueueError } from '../adapters/scheduler/queue-errors.js';
import { isDatabaseUnavailable } from '../adapters/postgres/pg-errors.js';
import { RunEnrichment } from '../application/catalog/run-enrichment.js';
import type { JobHandler } from '../application/shared/job-handler.js';
import { ShutdownStack } from './shutdown-stack.js';
import type { StartedJobQueue } from './started.js';
import { Say } from './tokens.js';

/** Each worker holds one bundle of fetch tasks at a time (TASKS_PER_JOB): 8 × 32 tasks in hand per instance. */
const FETCH_WORKER_LOOPS = 8;

/**
 * This process's fetch workers. They take no new bundle once a stop begins, finish those in hand until the grace
 * deadline and hand back the rest (tasks released, bundle requeued) while the stores, the queue and the database
 * still run: they are started after all three, so they are stopped before them.
 */
export function startFetchWorkerPool(container: Container, { boss, queues }: StartedJobQueue): FetchWorkers {
  const handler = container.get(queues.fetch.handler);
  const workers = startFetchWorkers(boss, queues.fetch, handler, {
    workers: FETCH_WORKER_LOOPS,
    onError: reportQueueError,
    release: container.get(FetchBundleJobHandler),
    outages: { isOutage: isDatabaseUnavailable },
    onNotice: container.get(Say),
  });
  container.get(ShutdownStack).push('fetch workers', ({ deadline }) => workers.stop(deadline), () => workers.quiesce());
  return workers;
}

/**
 * This process's worker for one declared queue, its jobs handed to the handler the declaration names. A stop aborts
 * the handler's signal at once (an enrichment run ends, its job completed, so no job is left active to block the
 * queue), then takes no more jobs.
 */
async function startWorkerFor<Data>(container: Container, { boss }: StartedJobQueue, queue: JobQueueDeclaration<Data>, step: string): Promise<void> {
  // Resolved at the first job, not at start: what a handler sends through (the channel senders) is needed only then.
  const handler: JobHandler<Data> = { handle: (job) => container.get(queue.handler).handle(job) };
  const worker = await startQueueWorker(boss, queue, handler);
  container.get(ShutdownStack).push(step, () => worker.stop(), () => worker.quiesce());
}

/**
 * The workers of every declared queue, in order: the fetch workers (our own loops, with FETCH_WORKERS=on), the
 * enrichment worker (with a metadata source; a backlog found at start queues a run, so what a
 * stopped process left is taken up again), then one worker for each other queue.
 */
export async function startWorkers(container: Container, config: AppConfig, jobQueue: StartedJobQueue): Promise<void> {
  // The fetch queue is worked by its own loops, the enrichment queue only with a source to ask.
  const { fetch: _fetch, enrichment, ...others } = jobQueue.queues;
  if (config.pricing.workers) startFetchWorkerPool(container, jobQueue);
  if (config.metadata.sources.length > 0) {
    await startWorkerFor(container, jobQueue, enrichment, 'enrichment worker');
    await container.get(RunEnrichment).queueBacklog();
  }
  for (const queue of Object.values(others)) await startWorkerFor(container, jobQueue, queue, `${queue.name} worker`);
}
