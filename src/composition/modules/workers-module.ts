import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { DeliverChannelMessage } from '../../application/alerts/deliver-channel-message.js';
import { SendChannelTest } from '../../application/alerts/send-channel-test.js';
import { EnrichImportedEditions } from '../../application/catalog/enrich-imported-editions.js';
import { IdentifyImportedBooks } from '../../application/catalog/identify-imported-books.js';
import { FetchRunRepository, type FetchTask } from '../../application/pricing/ports/fetch-runs.js';
import { RunFetchBundle } from '../../application/pricing/run-fetch-bundle.js';
import { RequestScope } from '../../application/shared/request-scope.js';
import { consoleLogger } from '../../adapters/kits/console/console-output.js';
import { isDatabaseUnavailable } from '../../adapters/postgres/pg-errors.js';
import { type FetchWorkers, startFetchWorkers } from '../../adapters/scheduler/fetch-workers.js';
import { type ChannelMessageWorker, startChannelMessageWorker } from '../../adapters/scheduler/pg-boss-channel-message-queue.js';
import { type ChannelTestWorker, startChannelTestWorker } from '../../adapters/scheduler/pg-boss-channel-test-queue.js';
import { type EnrichmentWorker, startEnrichmentWorker } from '../../adapters/scheduler/pg-boss-enrichment-queue.js';
import { ShutdownStack } from '../shutdown-stack.js';
import { StartedResources } from '../started-resources.js';
import { Say } from '../tokens.js';
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
 * The enrichment worker first searches the imported books without an ISBN by title (an edition found there is then
 * completed like any imported one), then completes the imported editions; each batch in its own request scope,
 * until nothing is pending. A run the sources could not answer fails the job, which pg-boss retries later.
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
    const untilDone = async (batch: () => Promise<{ kind: string; message?: string; more?: boolean }>): Promise<void> => {
      for (;;) {
        const run = await scope.run(batch);
        if (run.kind === 'unavailable') throw new Error(run.message);
        if (run.more !== true) return;
      }
    };
    const worker = await startEnrichmentWorker(context.get(StartedResources).jobQueue, async () => {
      await untilDone(() => identify.execute());
      await untilDone(() => enrich.execute());
    });
    context.get(ShutdownStack).push('enrichment worker', () => worker.stop());
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
  // A message whose receiver may take it later fails its job, so the queue retries it with backoff.
  bind(ChannelMessageWorkerToken).toDynamicValue(async (context) => {
    const scope = context.get(RequestScope);
    const worker = await startChannelMessageWorker(context.get(StartedResources).jobQueue, async (message) => {
      const outcome = await scope.run(() => context.get(DeliverChannelMessage).execute(message));
      if (outcome === 'retry') throw new Error(`channel ${message.channelId} did not take message ${message.message.idempotencyKey}; retrying later`);
    });
    context.get(ShutdownStack).push('channel message worker', () => worker.stop());
    return worker;
  });
});
