import { inject, injectable } from 'inversify';
import { fetchCompleted, fetchStarted } from '../../domain/logging/pricing-events.js';
import { LogSink } from '../logging/log-sink.js';
import { Clock } from '../shared/clock.js';
import { type CreatedRun, FetchRunRepository, type TaskPosition } from './ports/fetch-runs.js';
import { FetchQueue } from './ports/fetch-queue.js';

/** How far the hand-over of a run's tasks to the queue has come. */
export interface FetchPlanProgress {
  runId: number;
  enqueued: number;
  taskCount: number;
}

export interface StartFetchRunOptions {
  /** Once the run is created (nothing enqueued yet), then after each page handed to the queue. */
  onProgress?: (progress: FetchPlanProgress) => void;
}

/** The daily price fetch: plans every (edition, store) task and hands them to the shared queue. */
@injectable()
export class StartFetchRun {
  constructor(
    @inject(FetchRunRepository) private readonly runs: FetchRunRepository,
    @inject(FetchQueue) private readonly queue: FetchQueue,
    @inject(LogSink) private readonly logs: LogSink,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(trigger: string, options: StartFetchRunOptions = {}): Promise<CreatedRun> {
    const run = await this.runs.createRun(trigger);
    this.logs.record(fetchStarted({ book_count: run.bookCount, store_count: run.storeCount, run_id: run.runId }, this.clock.now()));
    if (run.taskCount === 0) {
      this.logs.record(fetchCompleted({ success_count: 0, failure_count: 0, duration_ms: 0, run_id: run.runId }, this.clock.now()));
      return run;
    }
    try {
      await this.enqueueInPages(run, options.onProgress);
    } catch (error) {
      // A run nobody was told about would stay open for ever; the next trigger plans a fresh one. Bundles already
      // queued find their tasks gone with the run and settle nothing.
      await this.runs.abandonRun(run.runId).catch(() => undefined);
      throw error;
    }
    return run;
  }

  /** One page at a time (the queue's size, whole bundles), so memory stays flat however many tasks a run has. */
  private async enqueueInPages(run: CreatedRun, onProgress: StartFetchRunOptions['onProgress']): Promise<void> {
    const size = this.queue.pageSize;
    let enqueued = 0;
    let after: TaskPosition | null = null;
    onProgress?.({ runId: run.runId, enqueued, taskCount: run.taskCount });
    for (;;) {
      const page = await this.runs.tasksOf(run.runId, after, size);
      if (page.length === 0) return;
      await this.queue.enqueue(page);
      enqueued += page.length;
      onProgress?.({ runId: run.runId, enqueued, taskCount: run.taskCount });
      if (page.length < size) return;
      after = page[page.length - 1]!;
    }
  }
}
