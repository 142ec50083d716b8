import type { QueuedChannelMessage } from '../../application/alerts/ports/channel-message-queue.js';
import type { ChannelTestRequest } from '../../application/alerts/ports/channel-test-queue.js';
import { type EnrichmentRunRequest, RunEnrichment } from '../../application/catalog/run-enrichment.js';
import type { FetchTask } from '../../application/pricing/ports/fetch-runs.js';
import { ChannelMessageJobHandler } from './handlers/channel-message-job-handler.js';
import { ChannelTestJobHandler } from './handlers/channel-test-job-handler.js';
import { FetchBundleJobHandler } from './handlers/fetch-bundle-job-handler.js';
import type { JobQueueDeclaration } from './job-queue-declaration.js';
import type { ChannelRetryPolicy } from './pg-boss-channel-message-queue.js';

/**
 * Every queue of the service, each declared once. The boot creates them all (in this order, under an advisory lock);
 * the worker of each subscribes to it and hands its jobs to its handler; its sender sends by its name. Adding a queue
 * is one declaration here and its handler (and a sender, if a use case sends to it).
 */
export interface JobQueues {
  fetch: JobQueueDeclaration<readonly FetchTask[]>;
  enrichment: JobQueueDeclaration<EnrichmentRunRequest>;
  channelTest: JobQueueDeclaration<ChannelTestRequest>;
  channelMessage: JobQueueDeclaration<QueuedChannelMessage>;
}

/**
 * Fetch bundles (TASKS_PER_JOB tasks each), worked by this instance's own loops (fetch-workers.ts). A job whose worker
 * died (instance killed mid-bundle) expires and is retried by another instance; retries back off past the task claim's
 * lease, so a retried task can be claimed again.
 */
export const fetchQueue: JobQueueDeclaration<readonly FetchTask[]> = {
  name: 'price-fetch',
  policy: 'standard',
  retryLimit: 5,
  retryDelaySeconds: 30,
  expireInSeconds: 300,
  batchSize: 1,
  handler: FetchBundleJobHandler,
};

/**
 * Enrichment runs: 'stately', so at most one run waits and one runs across every instance (an import while a run
 * waits adds nothing: that run will see its editions). A failed run (no source reachable) is retried with backoff.
 */
export const enrichmentQueue: JobQueueDeclaration<EnrichmentRunRequest> = {
  name: 'enrich-editions',
  policy: 'stately',
  retryLimit: 5,
  retryDelaySeconds: 60,
  expireInSeconds: 900,
  batchSize: 1,
  handler: RunEnrichment,
};

/**
 * Channel tests: 'short', so a channel has at most one test waiting (asking again while one waits adds nothing). A
 * failure that may pass later is retried a few times with backoff.
 */
export const channelTestQueue: JobQueueDeclaration<ChannelTestRequest> = {
  name: 'channel-test',
  policy: 'short',
  retryLimit: 3,
  retryDelaySeconds: 15,
  expireInSeconds: 120,
  batchSize: 1,
  handler: ChannelTestJobHandler,
};

/**
 * Immediate channel messages (ChannelMessageQueue), retried with backoff up to the operator's policy; 16 taken a poll,
 * sent side by side (they go to different receivers).
 */
export const channelMessageQueue = (retry: ChannelRetryPolicy): JobQueueDeclaration<QueuedChannelMessage> => ({
  name: 'channel-message',
  policy: 'standard',
  retryLimit: retry.retryLimit,
  retryDelaySeconds: retry.retryDelaySeconds,
  expireInSeconds: 300,
  batchSize: 16,
  handler: ChannelMessageJobHandler,
});

export function jobQueues(channelRetry: ChannelRetryPolicy): JobQueues {
  return { fetch: fetchQueue, enrichment: enrichmentQueue, channelTest: channelTestQueue, channelMessage: channelMessageQueue(channelRetry) };
}

