import { inject, injectable } from 'inversify';
import { fetchCompleted, fetchStarted } from '../../domain/logging/pricing-events.js';
import { LogSink } from '../logging/log-sink.js';
import { Clock } from '../shared/clock.js';
import { type CreatedRun, FetchRunRepository } from './ports/fetch-runs.js';
import { FetchQueue } from './ports/fetch-queue.js';

/** The daily price fetch: plans every (edition, store) task and hands them to the shared queue. */
@injectable()
export class StartFetchRun {
  constructor(
    @inject(FetchRunRepository) private readonly runs: FetchRunRepository,
    @inject(FetchQueue) private readonly queue: FetchQueue,
    @inject(LogSink) private readonly logs: LogSink,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(trigger: string): Promise<CreatedRun> {
    const run = await this.runs.createRun(trigger);
    this.logs.record(fetchStarted({ book_count: run.bookCount, store_count: run.storeCount, run_id: run.runId }, this.clock.now()));
    if (run.taskCount === 0) {
      this.logs.record(fetchCompleted({ success_count: 0, failure_count: 0, duration_ms: 0, run_id: run.runId }, this.clock.now()));
      return run;
    }
    try {
      await this.queue.enqueue(await this.runs.tasksOf(run.runId));
    } catch (error) {
      // A run nobody was told about would stay open for ever; the next trigger plans a fresh one.
      await this.runs.abandonRun(run.runId).catch(() => undefined);
      throw error;
    }
    return run;
  }
}
