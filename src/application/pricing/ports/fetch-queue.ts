import type { ServiceIdentifier } from 'inversify';
import type { FetchTask } from './fetch-runs.js';

/** The shared job queue: tasks enqueued by one instance are worked by any. */
export interface FetchQueue {
  enqueue(tasks: readonly FetchTask[]): Promise<void>;
}
export const FetchQueue = Symbol.for('FetchQueue') as ServiceIdentifier<FetchQueue>;
