import type { FetchTask } from '../../../src/application/pricing/ports/fetch-runs.js';
import type { FetchQueue } from '../../../src/application/pricing/ports/fetch-queue.js';

/** Remembers every enqueue call; nothing is worked. `failOnCall` makes that call (1-based) and every later one throw. */
export class FakeFetchQueue implements FetchQueue {
  readonly batches: FetchTask[][] = [];
  private calls = 0;

  constructor(
    readonly pageSize = 1000,
    private readonly failOnCall: { call: number; error: Error } | null = null,
  ) {}

  async enqueue(tasks: readonly FetchTask[]): Promise<void> {
    this.calls++;
    if (this.failOnCall && this.calls >= this.failOnCall.call) throw this.failOnCall.error;
    this.batches.push([...tasks]);
  }

  get enqueued(): FetchTask[] {
    return this.batches.flat();
  }
}
