import type { ServiceIdentifier } from 'inversify';
import type { FetchTask } from './fetch-runs.js';

/** The shared job queue: tasks enqueued by one instance are worked by any. */
export interface FetchQueue {
  /**
   * How many tasks to hand per `enqueue` call: a whole number of the queue's bundles, so a run handed over in pages
   * of this size is bundled exactly as it would be in one call.
   */
  readonly pageSize: number;
  /** Queues the tasks in bundles of consecutive tasks of one run; a call's last bundle is never merged with the next call's. */
  enqueue(tasks: readonly FetchTask[]): Promise<void>;
}
export const FetchQueue = Symbol.for('FetchQueue') as ServiceIdentifier<FetchQueue>;
