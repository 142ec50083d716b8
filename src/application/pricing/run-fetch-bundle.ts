import { inject, injectable } from 'inversify';
import { fetchCompleted, fetchFailed } from '../../domain/logging/pricing-events.js';
import type { NewDailyQuote } from '../../domain/pricing/price-quote.js';
import type { FetchOutcome } from '../../domain/pricing/store-health.js';
import { LogSink } from '../logging/log-sink.js';
import { Clock } from '../shared/clock.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { ConfirmLargeDrops } from './confirm-large-drops.js';
import { quoteFrom } from './observation-to-quote.js';
import { type FetchTask, FetchRunRepository, type SettledBundle, taskKey, type TaskOutcome } from './ports/fetch-runs.js';
import { PriceSource, type StoreTarget } from './ports/price-source.js';
import { FetchOutcomeLedger } from './ports/fetch-outcome-ledger.js';
import { RecordObservations } from './record-observations.js';

export interface BundleOutcome {
  succeeded: number;
  failed: number;
  /** Tasks another delivery of the same job had already claimed or settled. */
  duplicates: number;
}

interface Fetched {
  editionId: number;
  storeId: number;
  bookId: number | null;
  quote: NewDailyQuote | null;
  error: string | null;
  /** How the store's fetch ended, for its health; null when no store was asked (the target was gone). */
  outcome: FetchOutcome | null;
  /** The page asked, to read it again (a large drop); null when the target was gone. */
  target: StoreTarget | null;
  /** A refusal's kind and what the page's sources saw, for its `fetch_failed` event. */
  failureKind: string | null;
  evidence: string | null;
}

/**
 * A bundle of (edition, store) tasks of one fetch run, on whichever instance the queue gave it to. The database work
 * is set-based: one statement claims the tasks and reads their targets, the pages are fetched concurrently (each
 * through its store's politeness gate), then one transaction locks the tasks still open, stores the quotes of those
 * (and their alerts) and settles them: a task whose claim lapsed during a slow fetch and was settled by another holder
 * stores no second quote. The run's counters are updated last, so its row is locked only for the commit.
 */
@injectable()
export class RunFetchBundle {
  constructor(
    @inject(FetchRunRepository) private readonly runs: FetchRunRepository,
    @inject(PriceSource) private readonly source: PriceSource,
    @inject(RecordObservations) private readonly record: RecordObservations,
    @inject(LogSink) private readonly logs: LogSink,
    @inject(Clock) private readonly clock: Clock,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(FetchOutcomeLedger) private readonly fetchOutcomes: FetchOutcomeLedger,
    @inject(ConfirmLargeDrops) private readonly confirmDrops: ConfirmLargeDrops,
  ) {}

  /**
   * `signal` aborts when the worker has handed the bundle back (its instance is stopping): whatever is still being
   * fetched then is neither recorded nor settled, so a store cut off by the stop never counts as a failure.
   */
  async execute(tasks: readonly FetchTask[], signal?: AbortSignal): Promise<BundleOutcome> {
    const total: BundleOutcome = { succeeded: 0, failed: 0, duplicates: 0 };
    // A bundle holds the tasks of one run; grouping keeps a mixed one correct all the same.
    const byRun = new Map<number, FetchTask[]>();
    for (const task of tasks) byRun.set(task.runId, [...(byRun.get(task.runId) ?? []), task]);
    for (const [runId, ofRun] of byRun) {
      const outcome = await this.runBundle(runId, ofRun, signal);
      total.succeeded += outcome.succeeded;
      total.failed += outcome.failed;
      total.duplicates += outcome.duplicates;
    }
    return total;
  }

  private async runBundle(runId: number, tasks: readonly FetchTask[], signal?: AbortSignal): Promise<BundleOutcome> {
    signal?.throwIfAborted();
    const claimed = await this.runs.claimTasks(runId, tasks);
    if (signal?.aborted) {
      // Handed back while the claim was being made: the worker's release may have come first.
      await this.runs.releaseTasks(runId, claimed.map((c) => ({ runId, editionId: c.editionId, storeId: c.storeId }))).catch(() => undefined);
      signal.throwIfAborted();
    }
    const duplicates = tasks.length - claimed.length;
    if (claimed.length === 0) return { succeeded: 0, failed: 0, duplicates };
    let fetched: Fetched[];
    let bundle: SettledBundle;
    try {
      fetched = await Promise.all(
        claimed.map(async ({ editionId, storeId, bookId, target }): Promise<Fetched> => {
          if (target === null) {
            return {
              editionId, storeId, bookId, quote: null, error: 'the edition or store no longer exists or is inactive', outcome: null,
              target: null, failureKind: null, evidence: null,
            };
          }
          const result = await this.source.fetchPrice(target);
          const at = this.clock.now();
          return result.ok
            ? {
                editionId, storeId, bookId, quote: quoteFrom(editionId, storeId, result.observation, at), error: null,
                outcome: { storeId, at, failure: null }, target, failureKind: null, evidence: null,
              }
            : {
                editionId, storeId, bookId, quote: null, error: `${result.failure.kind}: ${result.failure.message}`,
                outcome: { storeId, at, failure: { kind: result.failure.kind, message: result.failure.message } },
                target, failureKind: result.failure.kind, evidence: result.failure.evidence ?? null,
              };
        }),
      );
      // Handed back meanwhile: the worker has released the claims and requeued the bundle.
      signal?.throwIfAborted();
      fetched = await this.readLargeDropsAgain(fetched);
      signal?.throwIfAborted();
      const outcomes: TaskOutcome[] = fetched.map((f) => ({ editionId: f.editionId, storeId: f.storeId, outcome: f.error === null ? 'succeeded' : 'failed' }));
      bundle = await this.uow.transaction(async () => {
        const open = await this.runs.lockOpenTasks(runId, outcomes.map((o) => ({ runId, editionId: o.editionId, storeId: o.storeId })));
        const quotes = fetched.flatMap((f) => (f.quote && open.has(taskKey(f)) ? [f.quote] : []));
        await this.record.storeInTransaction(quotes);
        const settledBundle = await this.runs.settleTasks(runId, outcomes);
        // The stores' health counts each fetch once: only the tasks this call settled (after the run's row, so the
        // lock order is the same in every bundle).
        await this.fetchOutcomes.record(fetched.flatMap((f) => (f.outcome && settledBundle.settled.has(taskKey(f)) ? [f.outcome] : [])));
        return settledBundle;
      });
    } catch (failure) {
      if (signal?.aborted) throw failure;
      // The queue retries the job; give the claims back so the retry can take them.
      await this.runs.releaseTasks(runId, claimed.map((c) => ({ runId, editionId: c.editionId, storeId: c.storeId }))).catch(() => undefined);
      throw failure;
    }
    const { settled, completedRun } = bundle;
    const result: BundleOutcome = { succeeded: 0, failed: 0, duplicates: duplicates + claimed.length - settled.size };
    for (const f of fetched) {
      if (!settled.has(taskKey(f))) continue;
      if (f.error === null) {
        result.succeeded++;
        continue;
      }
      result.failed++;
      this.logs.record(
        fetchFailed(
          {
            book_id: f.bookId, store_id: f.storeId, error: f.error, edition_id: f.editionId, run_id: runId,
            ...(f.failureKind === null ? {} : { failure_kind: f.failureKind, evidence: f.evidence }),
          },
          this.clock.now(),
        ),
      );
    }
    if (completedRun) {
      this.logs.record(
        fetchCompleted(
          {
            success_count: completedRun.succeeded,
            failure_count: completedRun.failed,
            duration_ms: this.clock.now().getTime() - completedRun.startedAt.getTime(),
            run_id: runId,
          },
          this.clock.now(),
        ),
      );
    }
    return result;
  }

  /** Confirm before alarming: each large drop read once more (ConfirmLargeDrops), before the transaction opens. */
  private async readLargeDropsAgain(fetched: Fetched[]): Promise<Fetched[]> {
    const read = fetched.filter((f): f is Fetched & { quote: NewDailyQuote; target: StoreTarget } => f.quote !== null && f.target !== null);
    const confirmed = await this.confirmDrops.execute(read.map((f) => ({ target: f.target, quote: f.quote })));
    const byTask = new Map<Fetched, NewDailyQuote>(read.map((f, i) => [f, confirmed[i] ?? f.quote]));
    return fetched.map((f) => {
      const quote = byTask.get(f);
      return quote === undefined ? f : { ...f, quote };
    });
  }
}
