import type { FetchTask } from '../../../src/application/pricing/ports/fetch-runs.js';
import type { FetchQueue } from '../../../src/application/pricing/ports/fetch-queue.js';

/** Remembers every enqueue call; nothing is worked. */
export class FakeFetchQueue implements FetchQueue {
  readonly batches: FetchTask[][] = [];

  async enqueue(tasks: readonly FetchTask[]): Promise<void> {
    this.batches.push([...tasks]);
  }

  get enqueued(): FetchTask[] {
    return this.batches.flat();
  }
}
