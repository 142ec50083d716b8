import { inject, injectable } from 'inversify';
import { FetchRunRepository, type FetchTask } from './ports/fetch-runs.js';

/**
 * Gives a bundle's claimed tasks back (pending), run by run, so whoever takes the bundle next can claim them at once:
 * a bundle handed back at a stop, cut short by an outage, or failed for a retry.
 */
@injectable()
export class ReleaseFetchTasks {
  constructor(@inject(FetchRunRepository) private readonly runs: FetchRunRepository) {}

  async execute(tasks: readonly FetchTask[]): Promise<void> {
    for (const runId of new Set(tasks.map((t) => t.runId))) await this.runs.releaseTasks(runId, tasks.filter((t) => t.runId === runId));
  }
}
