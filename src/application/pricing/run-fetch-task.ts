import { inject, injectable } from 'inversify';
import { fetchCompleted, fetchFailed } from '../../domain/logging/pricing-events.js';
import { LogSink } from '../logging/log-sink.js';
import { Clock } from '../shared/clock.js';
import { quoteFrom } from './observation-to-quote.js';
import { type FetchTask, FetchRunRepository } from './ports/fetch-runs.js';
import { PriceSource } from './ports/price-source.js';
import { PricingRepository } from './ports/pricing-repository.js';
import { RecordObservations } from './record-observations.js';

export type TaskOutcome = 'succeeded' | 'failed' | 'duplicate';

/** One (edition, store) of a fetch run, on whichever instance the queue gave it to. */
@injectable()
export class RunFetchTask {
  constructor(
    @inject(FetchRunRepository) private readonly runs: FetchRunRepository,
    @inject(PricingRepository) private readonly pricing: PricingRepository,
    @inject(PriceSource) private readonly source: PriceSource,
    @inject(RecordObservations) private readonly record: RecordObservations,
    @inject(LogSink) private readonly logs: LogSink,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(task: FetchTask): Promise<TaskOutcome> {
    if (!(await this.runs.claim(task))) return 'duplicate';
    let found: Awaited<ReturnType<PricingRepository['taskTarget']>>;
    let error: string | null = null;
    try {
      found = await this.pricing.taskTarget(task.editionId, task.storeId);
      if (!found) {
        error = 'the edition or store no longer exists or is inactive';
      } else {
        const result = await this.source.fetchPrice(found.target);
        if (result.ok) await this.record.execute([quoteFrom(task.editionId, task.storeId, result.observation, this.clock.now())]);
        else error = `${result.failure.kind}: ${result.failure.message}`;
      }
    } catch (failure) {
      // The queue retries the job; give the claim back so the retry can take it.
      await this.runs.release(task).catch(() => undefined);
      throw failure;
    }
    const settled = await this.runs.settle(task, error === null ? 'succeeded' : 'failed');
    if (!settled.settledNow) return 'duplicate';
    if (error !== null) {
      this.logs.record(
        fetchFailed({ book_id: found?.bookId ?? 0, store_id: task.storeId, error, edition_id: task.editionId, run_id: task.runId }, this.clock.now()),
      );
    }
    if (settled.completedRun) {
      const run = settled.completedRun;
      this.logs.record(
        fetchCompleted(
          {
            success_count: run.succeeded,
            failure_count: run.failed,
            duration_ms: this.clock.now().getTime() - run.startedAt.getTime(),
            run_id: task.runId,
          },
          this.clock.now(),
        ),
      );
    }
    return error === null ? 'succeeded' : 'failed';
  }
}
