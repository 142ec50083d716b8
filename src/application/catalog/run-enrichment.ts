import { inject, injectable, unmanaged } from 'inversify';
import type { Job, JobHandler } from '../shared/job-handler.js';
import { Clock } from '../shared/clock.js';
import { RequestScope } from '../shared/request-scope.js';
import { EnrichImportedEditions, type EnrichmentRun } from './enrich-imported-editions.js';
import { type IdentificationRun, IdentifyImportedBooks } from './identify-imported-books.js';
import { type BorrowRun, RefreshBorrowAvailability } from './refresh-borrow-availability.js';
import { EnrichmentProgressReport } from './ports/enrichment-progress-report.js';
import { EnrichmentQueue } from './ports/enrichment-queue.js';
import { ImportedEditionEnrichment } from './ports/imported-edition-enrichment.js';

/** A run's job carries nothing: the backlog is in the database. */
export type EnrichmentRunRequest = Record<string, never>;

/** One batch of books imported without an ISBN, searched by title (IdentifyImportedBooks answers it). */
export interface ImportedBookSearch {
  execute(limit?: number, signal?: AbortSignal): Promise<IdentificationRun>;
}

/** One batch of imported editions, looked up by ISBN (EnrichImportedEditions answers it). */
export interface ImportedEditionLookup {
  execute(limit?: number, signal?: AbortSignal): Promise<EnrichmentRun>;
}

/** One batch of wished books checked for borrowing (RefreshBorrowAvailability answers it). */
export interface BorrowCheck {
  execute(limit?: number, signal?: AbortSignal): Promise<BorrowRun>;
  /** The books due (none with LENDING=off). */
  dueCount(): Promise<number>;
}

export interface EnrichmentRunTiming {
  /** Well inside the job's expiry (15 minutes), after which the queue would start it again. */
  runBudgetMs: number;
  progressEveryMs: number;
}

const DEFAULT_TIMING: EnrichmentRunTiming = { runBudgetMs: 5 * 60_000, progressEveryMs: 30_000 };

/**
 * One enrichment run, as the worker of the enrichment queue runs it: batch after batch, each in its own request
 * scope, taking turns between the backlogs (a long one never holds the others up) until all are done: the imported
 * books to identify, the imported editions to enrich, and the wished books due for a lending check.
 * A metadata source that is unavailable fails the run (the queue retries it later, with backoff); a lender that is
 * unavailable only ends the lending checks of this run (the books stay due, and a metadata retry would not help them).
 * The stop of the service ends the run at once without failing it: what was written stays, the rest waits for the
 * next run. When its time is up it queues the next run and ends, so no run nears the job's expiry; a progress line at
 * most every 30 s.
 */
@injectable()
export class RunEnrichment implements JobHandler<EnrichmentRunRequest> {
  constructor(
    @inject(IdentifyImportedBooks) private readonly identify: ImportedBookSearch,
    @inject(EnrichImportedEditions) private readonly enrich: ImportedEditionLookup,
    @inject(RefreshBorrowAvailability) private readonly borrow: BorrowCheck,
    @inject(ImportedEditionEnrichment) private readonly backlog: Pick<ImportedEditionEnrichment, 'waitingCount'>,
    @inject(EnrichmentQueue) private readonly queue: EnrichmentQueue,
    @inject(EnrichmentProgressReport) private readonly progress: EnrichmentProgressReport,
    @inject(RequestScope) private readonly scope: RequestScope,
    @inject(Clock) private readonly clock: Clock,
    @unmanaged() private readonly timing: EnrichmentRunTiming = DEFAULT_TIMING,
  ) {}

  /** A backlog found when the worker starts queues a run, so what a stopped process left is taken up again. */
  async queueBacklog(): Promise<void> {
    const { editions, borrow } = await this.waiting();
    if (editions > 0 || borrow > 0) await this.queue.enqueue();
  }

  async handle({ signal }: Job<EnrichmentRunRequest>): Promise<void> {
    const now = (): number => this.clock.now().getTime();
    const startedAt = now();
    const deadline = startedAt + this.timing.runBudgetMs;
    let nextProgressAt = startedAt + this.timing.progressEveryMs;
    const totals = { books: 0, editions: 0, borrowChecked: 0, borrowable: 0 };
    const report = async (finished: boolean): Promise<void> => {
      const minutes = Math.max(now() - startedAt, 1) / 60_000;
      const waiting = await this.waiting();
      this.progress.report({
        books_searched: totals.books,
        editions_done: totals.editions,
        editions_waiting: waiting.editions,
        editions_per_minute: Math.round(totals.editions / minutes),
        borrow_checked: totals.borrowChecked,
        borrow_became_available: totals.borrowable,
        borrow_waiting: waiting.borrow,
        finished,
      });
    };

    const pending = { identify: true, enrich: true, borrow: true };
    try {
      while (pending.identify || pending.enrich || pending.borrow) {
        for (const step of ['identify', 'enrich', 'borrow'] as const) {
          if (!pending[step]) continue;
          signal.throwIfAborted();
          if (now() >= deadline) {
            await this.queue.enqueue();
            await report(false);
            return;
          }
          const run: IdentificationRun | EnrichmentRun | BorrowRun = await this.scope.run(() => this.batch(step, signal));
          if (step === 'borrow' && run.kind === 'unavailable') {
            pending.borrow = false;
            continue;
          }
          if (run.kind === 'unavailable') throw new Error(run.message);
          if (run.kind === 'searched') totals.books += run.books;
          else if (run.kind === 'enriched') totals.editions += run.editions;
          else {
            totals.borrowChecked += run.books;
            totals.borrowable += run.becameBorrowable.length;
          }
          pending[step] = run.more;
          if (now() >= nextProgressAt) {
            nextProgressAt = now() + this.timing.progressEveryMs;
            await report(false);
          }
        }
      }
    } catch (error) {
      // The service stops: what was written stays, the rest waits for the next run (queued again at the next start).
      if (signal.aborted) return;
      throw error;
    }
    if (totals.books > 0 || totals.editions > 0 || totals.borrowChecked > 0) await report(true);
  }

  private batch(step: 'identify' | 'enrich' | 'borrow', signal: AbortSignal): Promise<IdentificationRun | EnrichmentRun | BorrowRun> {
    if (step === 'identify') return this.identify.execute(undefined, signal);
    return step === 'enrich' ? this.enrich.execute(undefined, signal) : this.borrow.execute(undefined, signal);
  }

  /** The editions waiting for enrichment and the books due for a lending check, read in one scope. */
  private waiting(): Promise<{ editions: number; borrow: number }> {
    return this.scope.run(async () => ({ editions: await this.backlog.waitingCount(), borrow: await this.borrow.dueCount() }));
  }
}
