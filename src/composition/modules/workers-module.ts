import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { DeliverChannelMessage } from '../../application/alerts/deliver-channel-message.js';
import { SendChannelTest } from '../../application/alerts/send-channel-test.js';
import { EnrichImportedEditions } from '../../application/catalog/enrich-imported-editions.js';
import { IdentifyImportedBooks } from '../../application/catalog/identify-imported-books.js';
import { EnrichmentQueue } from '../../application/catalog/ports/enrichment-queue.js';
import { ImportedEditionEnrichment } from '../../application/catalog/ports/imported-edition-enrichment.js';
import { FetchRunRepository, type FetchTask } from '../../application/pricing/ports/fetch-runs.js';
import { RunFetchBundle } from '../../application/pricing/run-fetch-bundle.js';
import { RequestScope } from '../../application/shared/request-scope.js';
import { consoleLogger } from '../../adapters/kits/console/console-output.js';
import { isDatabaseUnavailable } from '../../adapters/postgres/pg-errors.js';
import { type FetchWorkers, startFetchWorkers } from '../../adapters/scheduler/fetch-workers.js';
import { type ChannelMessageWorker, startChannelMessageWorker } from '../../adapters/scheduler/pg-boss-channel-message-queue.js';
import { DeliveryRate } from '../../domain/alerts/channel-limits.js';
import { type ChannelTestWorker, startChannelTestWorker } from '../../adapters/scheduler/pg-boss-channel-test-queue.js';
import { type EnrichmentWorker, startEnrichmentWorker } from '../../adapters/scheduler/pg-boss-enrichment-queue.js';
import { ShutdownStack } from '../shutdown-stack.js';
import { StartedResources } from '../started-resources.js';
import { Say } from '../tokens.js';
import { runEnrichment } from './enrichment-loop.js';
import { reportQueueError } from './job-queue-module.js';

/** Each worker holds one bundle of fetch tasks at a time (TASKS_PER_JOB): 8 × 32 tasks in hand per instance. */
const FETCH_WORKERS = 8;

/** This process's fetch workers, started when first resolved. */
export const FetchWorkerPool = Symbol.for('FetchWorkerPool') as ServiceIdentifier<FetchWorkers>;
/** This process's enrichment worker, started when first resolved (async: resolve with getAsync). */
export const EnrichmentWorkerToken = Symbol.for('EnrichmentWorker') as ServiceIdentifier<EnrichmentWorker>;
/** This process's channel test worker, started when first resolved (async: resolve with getAsync). */
export const ChannelTestWorkerToken = Symbol.for('ChannelTestWorker') as ServiceIdentifier<ChannelTestWorker>;
/** This process's channel message worker, started when first resolved (async: resolve with getAsync). */
export const ChannelMessageWorkerToken = Symbol.for('ChannelMessageWorker') as ServiceIdentifier<ChannelMessageWorker>;

/**
 * Workers on the shared job queue. Fetch workers take no new bundle once a stop begins, finish those in hand until
 * the grace deadline and hand back the rest (tasks released, bundle requeued) while the stores, the queue and the
 * database still run: they are started after all three, so they are stopped before them.
 *
 * The enrichment worker searches the imported books without an ISBN by title (an edition found there is then
 * completed like any imported one) and completes the imported editions, a batch of each in turn, each batch in its own
 * request scope, until nothing is pending (enrichment-loop.ts: at most 5 minutes a run, then the next run is queued;
 * a progress line every 30 s). A run the sources could not answer fails the job, which pg-boss retries later. A stop
 * aborts the run at once (the lookup in flight is abandoned) and completes its job, so no job is left active to
 * block the queue; a backlog found at start queues a run, so what a stopped process left is taken up again.
 */
export const workersModule = new ContainerModule(({ bind }) => {
  bind(FetchWorkerPool).toDynamicValue((context) => {
    const scope = context.get(RequestScope);
    const runBundle = context.get(RunFetchBundle);
    const runs = context.get(FetchRunRepository);
    const releaseByRun = async (tasks: readonly FetchTask[]): Promise<void> => {
      for (const runId of new Set(tasks.map((t) => t.runId))) await runs.releaseTasks(runId, tasks.filter((t) => t.runId === runId));
    };
    const workers = startFetchWorkers(
      context.get(StartedResources).jobQueue,
      (tasks, signal) => scope.run(() => runBundle.execute(tasks, signal)).then(() => undefined),
      {
        workers: FETCH_WORKERS,
        onError: reportQueueError,
        releaseTasks: (tasks) => scope.run(() => releaseByRun(tasks)),
        isOutage: isDatabaseUnavailable,
        onNotice: context.get(Say),
      },
    );
    context.get(ShutdownStack).push('fetch workers', ({ deadline }) => workers.stop(deadline), () => workers.quiesce());
    return workers;
  });
  bind(EnrichmentWorkerToken).toDynamicValue(async (context) => {
    const scope = context.get(RequestScope);
    const identify = context.get(IdentifyImportedBooks);
    const enrich = context.get(EnrichImportedEditions);
    const queue = context.get(EnrichmentQueue);
    const waiting = (): Promise<number> => scope.run(() => context.get(ImportedEditionEnrichment).waitingCount());
    const stopping = new AbortController();
    const worker = await startEnrichmentWorker(context.get(StartedResources).jobQueue, () =>
      runEnrichment({
        identify: (signal) =>
          scope.run(() => identify.execute(undefined, signal)).then((run) =>
            run.kind === 'unavailable' ? run : { kind: run.kind, done: run.books, more: run.more },
          ),
        enrich: (signal) =>
          scope.run(() => enrich.execute(undefined, signal)).then((run) =>
            run.kind === 'unavailable' ? run : { kind: run.kind, done: run.editions, more: run.more },
          ),
        waiting,
        requeue: () => queue.enqueue(),
        signal: stopping.signal,
        progress: (line) => consoleLogger.info('enrichment progress', line),
      }),
    );
    if ((await waiting()) > 0) await queue.enqueue();
    const stop = (): void => stopping.abort(new Error('the service is stopping'));
    context.get(ShutdownStack).push(
      'enrichment worker',
      () => {
        stop();
        return worker.stop();
      },
      stop,
    );
    return worker;
  });
  bind(ChannelTestWorkerToken).toDynamicValue(async (context) => {
    const scope = context.get(RequestScope);
    const worker = await startChannelTestWorker(context.get(StartedResources).jobQueue, async (request) => {
      // Resolved per message: the sender is needed only when a test is actually sent.
      const outcome = await scope.run(() => context.get(SendChannelTest).execute(request));
      if (outcome.kind !== 'sent') consoleLogger.info('channel test not sent', { channel_id: request.channelId, outcome: outcome.kind });
    });
    context.get(ShutdownStack).push('channel test worker', () => worker.stop());
    return worker;
  });
  // A message whose receiver may take it later fails its job, so the queue retries it with backoff. A user's messages
  // beyond CHANNEL_MESSAGES_PER_MINUTE (counted in this process) are queued again for when a slot frees: late, not lost.
  bind(ChannelMessageWorkerToken).toDynamicValue(async (context) => {
    const scope = context.get(RequestScope);
    const rate = new DeliveryRate();
    const worker = await startChannelMessageWorker(context.get(StartedResources).jobQueue, async (message) => {
      const waitMs = rate.take(message.userId, Date.now());
      if (waitMs > 0) return { deferSeconds: waitMs / 1000 };
      const outcome = await scope.run(() => context.get(DeliverChannelMessage).execute(message));
      if (outcome === 'retry') throw new Error(`channel ${message.channelId} did not take message ${message.message.idempotencyKey}; retrying later`);
    });
    context.get(ShutdownStack).push('channel message worker', () => worker.stop());
    return worker;
  });
});
