import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { FetchTask } from '../../application/pricing/ports/fetch-runs.js';
import type { JobHandler } from '../../application/shared/job-handler.js';
import type { JobQueueDeclaration } from './job-queue-declaration.js';
import { backoffMs, NO_OUTAGES, OutageReport, type OutageRule, retryUntil, waitMs } from './outage.js';
import { handBackJob, handBackOrphans, takeBundle, type TakenBundle } from './pg-boss-bundles.js';

/** Gives a bundle's claimed tasks back (status pending), so whoever takes the bundle next can claim them at once. */
export interface FetchTaskRelease {
  release(tasks: readonly FetchTask[]): Promise<void>;
}

/** Nothing claimed, nothing to give back. */
const nothingToRelease: FetchTaskRelease = { release: async () => undefined };

export interface WorkerOptions {
  /** Parallel loops; each takes one bundle at a time and works its tasks concurrently (the per-store gates bound the load). */
  workers: number;
  /** A queue error that is not an outage (a complete or a fail the queue refused); the loop goes on. */
  onError: (error: Error) => void;
  release?: FetchTaskRelease;
  /** True for a failure that is not the bundle's fault (database or queue unreachable): handed back, no retry spent. */
  outages?: OutageRule;
  /** Operational lines: an outage began or ended, bundles handed back. */
  onNotice?: (line: string) => void;
}

export interface StopOutcome {
  /** Bundles in hand at the stop that were finished before the deadline. */
  finished: number;
  /** Bundles still running at the deadline, given back to the queue (and their tasks released). */
  handedBack: number;
  handedBackTasks: number;
  /** Bundles that could not be given back (the database did not answer): they return after the claim lease and the job's expiry. */
  stranded: number;
}

export interface FetchWorkers {
  /** No new bundles from now on; the bundles in hand go on. */
  quiesce(): void;
  /** Waits for the bundles in hand until `deadline` (epoch ms), then hands back those still running. */
  stop(deadline?: number): Promise<StopOutcome>;
}

interface InHand {
  jobId: string;
  tasks: FetchTask[];
  abort: AbortController;
  /** Set once the bundle's fate is decided (completed, failed or handed back), so it is decided once. */
  settled: boolean;
}

/** How long an idle loop waits before asking the queue again (pg-boss's own minimum). */
const IDLE_POLL_MS = 500;
/** After the deadline, how long handing back may take while the database does not answer. */
const HAND_BACK_MS = 5_000;

/**
 * This instance's workers for fetch bundles. Our own loop, not pg-boss's `work`: a pg-boss 10 worker that finishes a
 * job within its polling interval waits out the rest of it, so each took at most two bundles a second (8 workers
 * capped a daily fetch at 512 tasks/s while the stores' gates had room). Here a loop asks again as soon as a bundle
 * is done, and waits only when the queue was empty.
 *
 * An outage (database or queue unreachable) is ridden out: each step is retried with backoff, a bundle cut short by
 * it goes back to the queue whole without spending one of its retries, and a bundle taken while the answer was lost
 * is found and given back once the database answers (pg-boss-bundles.ts).
 */
export function startFetchWorkers(
  boss: PgBoss,
  queue: JobQueueDeclaration<readonly FetchTask[]>,
  handler: JobHandler<readonly FetchTask[]>,
  options: WorkerOptions,
): FetchWorkers {
  let stopping = false;
  const wake = new AbortController();
  const inHand = new Set<InHand>();
  const outage = new OutageReport('job queue', options.onNotice ?? (() => undefined));
  const outages = options.outages ?? NO_OUTAGES;
  const releasing = options.release ?? nothingToRelease;
  const release = (tasks: readonly FetchTask[]): Promise<void> => releasing.release(tasks);
  const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
  const taker = randomUUID();
  let mayHoldOrphans = false;
  // Taking (and looking for orphans) one loop at a time: a job just taken is in `inHand` before anyone looks.
  let taking: Promise<unknown> = Promise.resolve();

  /** Retries `step` while its failure is an outage, until `until` (epoch ms; by default for as long as it takes). */
  const persist = (step: () => Promise<unknown>, until = Number.POSITIVE_INFINITY) => retryUntil(step, { outages, until, outage });

  /** Releases the bundle's tasks, then puts its job back in the queue; false when the database did not answer in time. */
  const handBack = async (bundle: InHand, until?: number): Promise<boolean> => {
    try {
      return (await persist(() => release(bundle.tasks), until)) && (await persist(() => handBackJob(boss, queue.name, bundle.jobId), until));
    } catch (error) {
      options.onError(asError(error));
      return false;
    }
  };

  /** The next bundle, now in hand; null when none waits; throws when the queue does not answer. */
  const take = (): Promise<InHand | null> => {
    const next = taking.then(async () => {
      if (mayHoldOrphans) {
        const found = await handBackOrphans(boss, queue.name, taker, [...inHand].map((b) => b.jobId));
        mayHoldOrphans = false;
        if (found > 0) options.onNotice?.(`fetch workers: ${found} bundle(s) taken while the database answer was lost, handed back`);
      }
      if (stopping) return null;
      let job: TakenBundle | null;
      try {
        job = await takeBundle(boss, queue.name, taker);
      } catch (error) {
        mayHoldOrphans = true;
        throw error;
      }
      if (!job) return null;
      const { runId, editions, stores } = job.data;
      const tasks = editions.map((editionId, k) => ({ runId, editionId, storeId: stores[k] as number }));
      const bundle: InHand = { jobId: job.id, tasks, abort: new AbortController(), settled: false };
      inHand.add(bundle);
      return bundle;
    });
    taking = next.catch(() => undefined);
    return next;
  };

  const work = async (bundle: InHand): Promise<void> => {
    let failure: unknown = null;
    try {
      await handler.handle({ data: bundle.tasks, signal: bundle.abort.signal });
    } catch (error) {
      failure = error;
    }
    // Handed back by stop() meanwhile: its fate is decided.
    if (bundle.settled) return;
    bundle.settled = true;
    try {
      if (failure === null) {
        await persist(() => boss.complete(queue.name, bundle.jobId));
      } else if (outages.isOutage(failure)) {
        outage.failed(failure);
        await handBack(bundle);
      } else {
        // A failed bundle goes back to the queue for a retry (tasks already settled are skipped then); its message
        // is the job's output.
        await persist(() => release(bundle.tasks));
        await persist(() => boss.fail(queue.name, bundle.jobId, { message: asError(failure).message }));
      }
    } catch (error) {
      options.onError(asError(error));
    }
  };

  const loop = async (): Promise<void> => {
    let failures = 0;
    while (!stopping) {
      let bundle: InHand | null;
      try {
        bundle = await take();
        failures = 0;
        outage.recovered();
      } catch (error) {
        if (outages.isOutage(error)) outage.failed(error);
        else options.onError(asError(error));
        await waitMs(backoffMs(failures++), wake.signal);
        continue;
      }
      if (!bundle) {
        await waitMs(IDLE_POLL_MS, wake.signal);
        continue;
      }
      try {
        if (stopping && !bundle.settled) {
          // Taken as the stop began: back at once, nothing of it was claimed.
          bundle.settled = true;
          await handBack(bundle, Date.now() + HAND_BACK_MS);
        } else {
          await work(bundle);
        }
      } finally {
        inHand.delete(bundle);
      }
    }
  };
  const loops = Promise.all(Array.from({ length: options.workers }, loop));

  const quiesce = (): void => {
    stopping = true;
    wake.abort();
  };
  let stopped: Promise<StopOutcome> | null = null;
  return {
    quiesce,
    stop: (deadline = Number.POSITIVE_INFINITY) => (stopped ??= stop(deadline)),
  };

  async function stop(deadline: number): Promise<StopOutcome> {
    quiesce();
    const atStop = inHand.size;
    const timedOut = await Promise.race([loops.then(() => false), waitMs(deadline - Date.now()).then(() => true)]);
    const outcome: StopOutcome = { finished: atStop, handedBack: 0, handedBackTasks: 0, stranded: 0 };
    if (!timedOut) return outcome;
    const left = [...inHand].filter((bundle) => !bundle.settled);
    for (const bundle of left) {
      bundle.settled = true;
      bundle.abort.abort(new Error('handed back: the worker is stopping'));
    }
    const until = Date.now() + HAND_BACK_MS;
    const results = await Promise.all(left.map((bundle) => handBack(bundle, until)));
    outcome.finished = Math.max(0, atStop - left.length);
    results.forEach((ok, i) => {
      if (!ok) return void outcome.stranded++;
      outcome.handedBack++;
      outcome.handedBackTasks += left[i]!.tasks.length;
    });
    if (left.length > 0) {
      options.onNotice?.(
        `fetch workers: ${outcome.handedBack} bundle(s) (${outcome.handedBackTasks} tasks) handed back to the queue` +
          (outcome.stranded > 0 ? `; ${outcome.stranded} could not be (database unreachable), they return after the claim lease` : ''),
      );
    }
    return outcome;
  }
}
