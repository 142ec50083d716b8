// One enrichment run of the worker (workers-module.ts): batch after batch until nothing is pending, stopping at once
// when the service stops, handing over to a fresh run when its time is up, and saying how far it got.

/** What one batch did: books searched by title, or editions looked up by ISBN. */
export type EnrichmentBatchResult =
  | { kind: 'searched' | 'enriched'; done: number; more: boolean }
  | { kind: 'unavailable'; message: string };

/** One batch, given the run's signal (it rejects with the signal's reason when the signal aborts). */
export type EnrichmentBatch = (signal: AbortSignal) => Promise<EnrichmentBatchResult>;

export interface EnrichmentProgress {
  [field: string]: unknown;
  books_searched: number;
  editions_done: number;
  editions_waiting: number;
  editions_per_minute: number;
  finished: boolean;
}

export interface EnrichmentRunOptions {
  /** Books imported without an ISBN, searched by title (IdentifyImportedBooks). */
  identify: EnrichmentBatch;
  /** Imported editions, looked up by ISBN (EnrichImportedEditions). */
  enrich: EnrichmentBatch;
  /** The editions still waiting, for the progress line. */
  waiting: () => Promise<number>;
  /** Queues the next run (the queue keeps at most one waiting). */
  requeue: () => Promise<void>;
  /** Aborted when the service stops: the run ends at once, without failing its job. */
  signal: AbortSignal;
  progress: (line: EnrichmentProgress) => void;
  /** Default 5 minutes: well inside the job's expiry (15 minutes), after which the queue would start it again. */
  runBudgetMs?: number;
  /** Default 30 s. */
  progressEveryMs?: number;
  now?: () => number;
}

const RUN_BUDGET_MS = 5 * 60_000;
const PROGRESS_EVERY_MS = 30_000;

/**
 * Takes turns between the two backlogs (a long one of either never holds the other up), one batch each, until both
 * are done; throws when a source is unavailable (the queue retries the run later, with backoff). A backlog of
 * hundreds of thousands of editions moves at the pace the sources allow (METADATA_MIN_INTERVAL_MS between requests,
 * 50 ISBNs a request where the source takes them), a line at most every 30 s saying how far it is.
 */
export async function runEnrichment(options: EnrichmentRunOptions): Promise<void> {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const deadline = startedAt + (options.runBudgetMs ?? RUN_BUDGET_MS);
  const progressEvery = options.progressEveryMs ?? PROGRESS_EVERY_MS;
  let nextProgressAt = startedAt + progressEvery;
  const totals = { books: 0, editions: 0 };
  const report = async (finished: boolean): Promise<void> => {
    const minutes = Math.max(now() - startedAt, 1) / 60_000;
    options.progress({
      books_searched: totals.books,
      editions_done: totals.editions,
      editions_waiting: await options.waiting(),
      editions_per_minute: Math.round(totals.editions / minutes),
      finished,
    });
  };

  const pending = { identify: true, enrich: true };
  try {
    while (pending.identify || pending.enrich) {
      for (const step of ['identify', 'enrich'] as const) {
        if (!pending[step]) continue;
        options.signal.throwIfAborted();
        if (now() >= deadline) {
          await options.requeue();
          await report(false);
          return;
        }
        const result = await options[step](options.signal);
        if (result.kind === 'unavailable') throw new Error(result.message);
        if (result.kind === 'searched') totals.books += result.done;
        else totals.editions += result.done;
        pending[step] = result.more;
        if (now() >= nextProgressAt) {
          nextProgressAt = now() + progressEvery;
          await report(false);
        }
      }
    }
  } catch (error) {
    // The service stops: what was written stays, the rest waits for the next run (queued again at the next start).
    if (options.signal.aborted) return;
    throw error;
  }
  if (totals.books > 0 || totals.editions > 0) await report(true);
}
