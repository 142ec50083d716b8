/** One job a queue's worker took: its data as the queue carries it, and the signal aborted when this process stops. */
export interface Job<Data> {
  readonly data: Data;
  readonly signal: AbortSignal;
}

/** A job that may not run yet: queued again to start after `deferSeconds` (not an attempt: no retry is spent). */
export interface DeferredJob {
  deferSeconds: number;
}

/**
 * What works the jobs of one queue (the queue's declaration names it): resolving settles the job, throwing fails it
 * and the queue retries it later with backoff.
 */
export interface JobHandler<Data> {
  handle(job: Job<Data>): Promise<void | DeferredJob>;
}
