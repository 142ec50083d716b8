// The enrichment run's own rules (the enrichment queue's handler), on fakes: it stops at once on its signal, takes
// turns between the two backlogs, hands over to a fresh run when its time is up, and says how far it got.
import { describe, expect, it } from 'vitest';
import type { EnrichmentRun } from '../../../../src/application/catalog/enrich-imported-editions.js';
import type { IdentificationRun } from '../../../../src/application/catalog/identify-imported-books.js';
import type { EnrichmentProgress } from '../../../../src/application/catalog/ports/enrichment-progress-report.js';
import type { BorrowRun } from '../../../../src/application/catalog/refresh-borrow-availability.js';
import {
  type BorrowCheck,
  type EnrichmentRunTiming,
  type ImportedBookSearch,
  type ImportedEditionLookup,
  RunEnrichment,
} from '../../../../src/application/catalog/run-enrichment.js';
import type { Clock } from '../../../../src/application/shared/clock.js';
import type { RequestScope } from '../../../../src/application/shared/request-scope.js';

interface Fakes {
  identify?: (signal?: AbortSignal) => Promise<IdentificationRun>;
  enrich?: (signal?: AbortSignal) => Promise<EnrichmentRun>;
  borrow?: (signal?: AbortSignal) => Promise<BorrowRun>;
  waiting?: () => number;
  borrowDue?: () => number;
  now?: () => number;
  timing?: Partial<EnrichmentRunTiming>;
}

const searched = (books: number, more: boolean): IdentificationRun => ({ kind: 'searched', books, identified: 0, more });
const enriched = (editions: number, more: boolean): EnrichmentRun => ({ kind: 'enriched', editions, known: editions, more });
const checked = (books: number, more: boolean, becameBorrowable: number[] = []): BorrowRun => ({ kind: 'checked', books, available: becameBorrowable.length, becameBorrowable, more });

/** A run on fakes; what it reported, how often it queued the next run, and how many scopes it opened. */
function runOn(fakes: Fakes) {
  const progress: EnrichmentProgress[] = [];
  const seen = { requeued: 0, scopes: 0 };
  const identify: ImportedBookSearch = { execute: (_limit, signal) => (fakes.identify ?? (async () => searched(0, false)))(signal) };
  const enrich: ImportedEditionLookup = { execute: (_limit, signal) => (fakes.enrich ?? (async () => enriched(0, false)))(signal) };
  const borrow: BorrowCheck = {
    execute: (_limit, signal) => (fakes.borrow ?? (async () => checked(0, false)))(signal),
    dueCount: async () => fakes.borrowDue?.() ?? 0,
  };
  const scope: RequestScope = {
    run: (work) => {
      seen.scopes += 1;
      return work();
    },
  };
  const clock: Clock = { now: () => new Date(fakes.now ? fakes.now() : Date.now()) };
  const run = new RunEnrichment(
    identify,
    enrich,
    borrow,
    { waitingCount: async () => fakes.waiting?.() ?? 0 },
    {
      enqueue: async () => {
        seen.requeued += 1;
      },
    },
    { report: (line) => progress.push(line) },
    scope,
    clock,
    { runBudgetMs: 5 * 60_000, progressEveryMs: 30_000, ...fakes.timing },
  );
  return { run, progress, seen };
}

const job = (signal = new AbortController().signal) => ({ data: {}, signal });

describe('RunEnrichment', () => {
  it('takes turns between the books to identify and the editions to enrich, until both are done, then reports', async () => {
    const calls: string[] = [];
    let identifyLeft = 2;
    let enrichLeft = 3;
    const { run, progress, seen } = runOn({
      identify: async () => {
        calls.push('identify');
        identifyLeft -= 1;
        return searched(10, identifyLeft > 0);
      },
      enrich: async () => {
        calls.push('enrich');
        enrichLeft -= 1;
        return enriched(50, enrichLeft > 0);
      },
      waiting: () => 7,
    });
    await run.handle(job());
    expect(calls).toEqual(['identify', 'enrich', 'identify', 'enrich', 'enrich']);
    expect(progress.at(-1)).toMatchObject({ editions_done: 150, books_searched: 20, editions_waiting: 7, finished: true });
    // Each batch in its own request scope (the lending check's one empty batch too), and the counts for the last line in one more.
    expect(seen.scopes).toBe(7);
  });

  it('stops at once when the signal aborts during a batch, without failing the run', async () => {
    const controller = new AbortController();
    const calls: string[] = [];
    const { run } = runOn({
      enrich: (signal) =>
        new Promise((_, reject) => {
          calls.push('enrich');
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        }),
      waiting: () => 1,
    });
    const running = run.handle(job(controller.signal));
    setTimeout(() => controller.abort(new Error('stopping')), 20);
    const started = Date.now();
    await expect(running).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(calls).toEqual(['enrich']);
  });

  it('fails the run when a source is unavailable (the queue retries it later)', async () => {
    const { run } = runOn({
      enrich: async () => ({ kind: 'unavailable', editions: 1, message: 'open-library could not be reached' }),
      waiting: () => 1,
    });
    await expect(run.handle(job())).rejects.toThrow('open-library could not be reached');
  });

  it('queues the next run and ends when its time is up, so no run nears the job expiry', async () => {
    let now = 0;
    let batches = 0;
    const { run, seen } = runOn({
      enrich: async () => {
        batches += 1;
        now += 60_000;
        return enriched(50, true);
      },
      waiting: () => 1_000,
      now: () => now,
      timing: { runBudgetMs: 5 * 60_000 },
    });
    await run.handle(job());
    expect(batches).toBe(5);
    expect(seen.requeued).toBe(1);
  });

  it('reports progress while it works, at most once per interval', async () => {
    let now = 0;
    let left = 10;
    const { run, progress } = runOn({
      enrich: async () => {
        now += 10_000;
        left -= 1;
        return enriched(50, left > 0);
      },
      waiting: () => left * 50,
      now: () => now,
      timing: { progressEveryMs: 30_000 },
    });
    await run.handle(job());
    // 100 s of work: lines at 30, 60 and 90 s, and the last one.
    expect(progress.map((line) => line.editions_done)).toEqual([150, 300, 450, 500]);
    expect(progress.at(-1)).toMatchObject({ editions_waiting: 0, finished: true });
  });

  it('takes turns with the lending checks of wished books too, and reports what they found', async () => {
    const calls: string[] = [];
    let borrowLeft = 3;
    const { run, progress } = runOn({
      enrich: async () => {
        calls.push('enrich');
        return enriched(50, calls.filter((c) => c === 'enrich').length < 2);
      },
      borrow: async () => {
        calls.push('borrow');
        borrowLeft -= 1;
        return checked(20, borrowLeft > 0, borrowLeft === 1 ? [7, 9] : []);
      },
      borrowDue: () => 4,
    });
    await run.handle(job());
    expect(calls).toEqual(['enrich', 'borrow', 'enrich', 'borrow', 'borrow']);
    expect(progress.at(-1)).toMatchObject({ editions_done: 100, borrow_checked: 60, borrow_became_available: 2, borrow_waiting: 4, finished: true });
  });

  it('ends only the lending checks when the lender is unavailable: the rest of the run goes on, and it does not fail', async () => {
    const calls: string[] = [];
    const { run, progress } = runOn({
      enrich: async () => {
        calls.push('enrich');
        return enriched(50, calls.filter((c) => c === 'enrich').length < 3);
      },
      borrow: async () => {
        calls.push('borrow');
        return { kind: 'unavailable', books: 20, message: 'open-library answered 503' };
      },
    });
    await expect(run.handle(job())).resolves.toBeUndefined();
    expect(calls).toEqual(['enrich', 'borrow', 'enrich', 'enrich']);
    expect(progress.at(-1)).toMatchObject({ editions_done: 150, borrow_checked: 0, finished: true });
  });

  it('queues a run at start when wished books are due for a lending check, even with no edition waiting', async () => {
    const due = runOn({ waiting: () => 0, borrowDue: () => 2 });
    await due.run.queueBacklog();
    expect(due.seen.requeued).toBe(1);
  });

  it('queues a run at start only when a backlog waits', async () => {
    const idle = runOn({ waiting: () => 0 });
    await idle.run.queueBacklog();
    expect(idle.seen.requeued).toBe(0);
    const behind = runOn({ waiting: () => 3 });
    await behind.run.queueBacklog();
    expect(behind.seen.requeued).toBe(1);
  });
});
