// RunFetchBundle with hand-written fakes of its ports: what a bundle logs, stores, settles and gives back.
import { describe, expect, it } from 'vitest';
import type { LogSink } from '../../../../src/application/logging/log-sink.js';
import type { ClaimedTask, FetchRunRepository, FetchTask, SettledBundle, TaskOutcome } from '../../../../src/application/pricing/ports/fetch-runs.js';
import type { PriceSource } from '../../../../src/application/pricing/ports/price-source.js';
import { ConfirmLargeDrops } from '../../../../src/application/pricing/confirm-large-drops.js';
import { RecordObservations } from '../../../../src/application/pricing/record-observations.js';
import { RunFetchBundle } from '../../../../src/application/pricing/run-fetch-bundle.js';
import type { LogEvent } from '../../../../src/domain/logging/log-event.js';
import { Money } from '../../../../src/domain/shared/money.js';
import { DeliverAlerts } from '../../../../src/application/alerts/deliver-alerts.js';
import { RaiseAlerts } from '../../../../src/application/alerts/raise-alerts.js';
import { FakeAlertDetector } from '../../../support/fakes/fake-alert-detector.js';
import { channelScheduling } from '../../../support/fakes/in-memory-channel-deliveries.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { FakeLogSink } from '../../../support/fakes/fake-log-sink.js';
import { FakePriceSource } from '../../../support/fakes/fake-price-source.js';
import { FakeUnitOfWork } from '../../../support/fakes/fake-unit-of-work.js';
import { InMemoryFetchOutcomeLedger } from '../../../support/fakes/in-memory-fetch-outcome-ledger.js';
import { InMemoryFetchRunRepository } from '../../../support/fakes/in-memory-fetch-run-repository.js';
import { InMemoryPreviousPrices } from '../../../support/fakes/in-memory-previous-prices.js';
import { InMemoryPricingRepository } from '../../../support/fakes/in-memory-pricing-repository.js';
import { aClaimedTask, aNewUserAlert, aPriceFound, aStoreTarget } from '../../../support/mothers/pricing.js';

const NOW = new Date('2026-11-25T03:00:00Z');

/** Claims whatever it is given, as `claimed` describes; settles everything. */
class FakeRuns implements Pick<FetchRunRepository, 'claimTasks' | 'releaseTasks' | 'settleTasks'> {
  constructor(private readonly claimed: ClaimedTask[]) {}
  async claimTasks(): Promise<ClaimedTask[]> {
    return this.claimed;
  }
  async releaseTasks(): Promise<void> {}
  async lockOpenTasks(_runId: number, tasks: readonly FetchTask[]): Promise<ReadonlySet<string>> {
    return new Set(tasks.map((t) => `${t.editionId}/${t.storeId}`));
  }
  async settleTasks(_runId: number, outcomes: readonly TaskOutcome[]): Promise<SettledBundle> {
    return { settled: new Set(outcomes.map((o) => `${o.editionId}/${o.storeId}`)), completedRun: null };
  }
}

function bundle(claimed: ClaimedTask[]) {
  const events: LogEvent[] = [];
  const logs: LogSink = { record: (event) => void events.push(event), ready: async () => undefined, close: async () => undefined };
  const source: PriceSource = { fetchPrice: async () => ({ ok: false, failure: { kind: 'not_found', message: 'no such page' } }) };
  const record = { storeInTransaction: async () => [] } as unknown as RecordObservations;
  const clock = { now: () => NOW };
  const confirm = new ConfirmLargeDrops(new InMemoryPreviousPrices(new InMemoryPricingRepository()), source, { dropPercent: null }, logs, clock);
  const use = new RunFetchBundle(new FakeRuns(claimed) as unknown as FetchRunRepository, source, record, logs, clock, new FakeUnitOfWork(), new InMemoryFetchOutcomeLedger(), confirm);
  return { use, events };
}

describe('RunFetchBundle', () => {
  it('logs fetch_failed with the book id, or null when the edition was gone: never a made-up id', async () => {
    const tasks: FetchTask[] = [{ runId: 7, editionId: 1, storeId: 2 }, { runId: 7, editionId: 3, storeId: 2 }];
    const { use, events } = bundle([
      { editionId: 1, storeId: 2, bookId: 11, target: { storeId: 2, storeKey: 's', productUrl: 'http://s/1', currency: 'EUR', isbn13: '9780306406157', extraction: {} } },
      { editionId: 3, storeId: 2, bookId: null, target: null },
    ]);
    expect(await use.execute(tasks)).toEqual({ succeeded: 0, failed: 2, duplicates: 0 });
    expect(events.map((e) => [e.event, (e.detail as { book_id: unknown }).book_id])).toEqual([
      ['fetch_failed', 11],
      ['fetch_failed', null],
    ]);
  });
});

// The same use case over the shared fakes (test/support/fakes): a real RecordObservations and RaiseAlerts on
// in-memory ports, so what a bundle stores, settles, logs and gives back is observable.
function world() {
  const clock = new FakeClock();
  const runs = new InMemoryFetchRunRepository(clock);
  const source = new FakePriceSource();
  const pricing = new InMemoryPricingRepository();
  const detector = new FakeAlertDetector();
  const logs = new FakeLogSink();
  const uow = new FakeUnitOfWork().enlist(runs);
  const channels = channelScheduling();
  const record = new RecordObservations(pricing, new RaiseAlerts(detector, channels.schedule, new DeliverAlerts(logs, clock), uow), uow);
  const outcomes = new InMemoryFetchOutcomeLedger();
  uow.enlist(outcomes);
  // Confirm before alarming at the default 40 %; no edition is watched unless a test says so.
  const previous = new InMemoryPreviousPrices(pricing);
  const use = new RunFetchBundle(runs, source, record, logs, clock, uow, outcomes, new ConfirmLargeDrops(previous, source, { dropPercent: 40 }, logs, clock));
  return { use, clock, runs, source, pricing, detector, channels, logs, uow, outcomes, previous };
}

/** A run of `tasks` whose pages all show a price (18.90 EUR unless the test answers otherwise). */
function runOf(w: ReturnType<typeof world>, tasks: ClaimedTask[], startedAt?: Date): number {
  for (const t of tasks) if (t.target) w.source.answer(t.target.productUrl, aPriceFound({ url: t.target.productUrl }));
  return w.runs.addRun({ tasks, ...(startedAt ? { startedAt } : {}) });
}

describe('RunFetchBundle over in-memory ports', () => {
  it('logs fetch_failed for a refused page with the refusal kind and what its sources saw', async () => {
    const w = world();
    const runId = runOf(w, [aClaimedTask({ editionId: 1, storeId: 2 })]);
    w.source.answer(aStoreTarget({ editionId: 1, storeId: 2 }).productUrl, {
      ok: false,
      failure: { kind: 'ambiguous_price', message: 'the sources disagree', evidence: 'json-ld 12.99 EUR; microdata 14.99 EUR' },
    });
    await w.use.execute(w.runs.jobOf(runId));
    expect(w.logs.named('fetch_failed').map((e) => e.detail)).toEqual([
      {
        book_id: 11, store_id: 2, edition_id: 1, run_id: runId, error: 'ambiguous_price: the sources disagree',
        failure_kind: 'ambiguous_price', evidence: 'json-ld 12.99 EUR; microdata 14.99 EUR',
      },
    ]);
  });

  it('reads a large drop once more before storing it: a second reading that disagrees stores the quote as suspect', async () => {
    const w = world();
    const target = aStoreTarget({ editionId: 1, storeId: 2 });
    await w.pricing.addDailyQuotes([{ editionId: 1, storeId: 2, price: Money.parse('20.00', 'EUR'), availability: 'in_stock', url: target.productUrl, fetchedAt: w.clock.now() }]);
    w.previous.watch(1);
    const runId = runOf(w, [aClaimedTask({ editionId: 1, storeId: 2 }), aClaimedTask({ editionId: 2, storeId: 2 })]);
    w.source.answer(target.productUrl, aPriceFound({ amount: '9.00', evidence: 'json-ld 9.00 EUR' }));
    // The page changes between the two readings.
    w.source.beforeAnswer = (asked) => {
      if (asked.productUrl === target.productUrl && w.source.fetched.filter((t) => t.productUrl === target.productUrl).length === 2) {
        w.source.answer(target.productUrl, aPriceFound({ amount: '19.50' }));
      }
    };

    expect(await w.use.execute(w.runs.jobOf(runId))).toEqual({ succeeded: 2, failed: 0, duplicates: 0 });
    expect(w.source.fetched.map((t) => t.productUrl)).toEqual([target.productUrl, aStoreTarget({ editionId: 2, storeId: 2 }).productUrl, target.productUrl]);
    expect(w.pricing.quotes.slice(1).map((q) => [q.editionId, q.price.amount, q.suspect === true, q.evidence])).toEqual([
      [1, '9.00', true, 'json-ld 9.00 EUR'],
      [2, '18.90', false, null],
    ]);
    expect(w.logs.named('quote_suspect').map((e) => [e.detail.edition_id, e.detail.second_reading])).toEqual([[1, '19.50 EUR']]);
  });

  it('a large drop the second reading confirms is stored as usual and raises its alerts', async () => {
    const w = world();
    const target = aStoreTarget({ editionId: 1, storeId: 2 });
    await w.pricing.addDailyQuotes([{ editionId: 1, storeId: 2, price: Money.parse('20.00', 'EUR'), availability: 'in_stock', url: target.productUrl, fetchedAt: w.clock.now() }]);
    w.previous.watch(1);
    const runId = runOf(w, [aClaimedTask({ editionId: 1, storeId: 2 })]);
    w.source.answer(target.productUrl, aPriceFound({ amount: '9.00' }));
    w.detector.alertsFor(2, aNewUserAlert({ quoteId: 2, kind: 'price_drop' }));

    await w.use.execute(w.runs.jobOf(runId));
    expect(w.source.fetched).toHaveLength(2);
    expect(w.pricing.quotes.map((q) => q.suspect === true)).toEqual([false, false]);
    expect(w.detector.asked).toEqual([[2]]);
    expect(w.logs.named('alert_sent')).toHaveLength(1);
  });

  it('records a quote for every page read, in one transaction, and settles the tasks as succeeded', async () => {
    const w = world();
    const runId = runOf(w, [aClaimedTask({ editionId: 1, storeId: 2 }), aClaimedTask({ editionId: 4, storeId: 3 })]);
    w.source.answer(aStoreTarget({ editionId: 4, storeId: 3 }).productUrl, aPriceFound({ amount: '7.5', currency: 'EUR', availability: 'preorder' }));

    expect(await w.use.execute(w.runs.jobOf(runId))).toEqual({ succeeded: 2, failed: 0, duplicates: 0 });
    expect(w.pricing.quotes.map((q) => [q.editionId, q.storeId, q.price.amount, q.price.currency, q.availability, q.fetchedAt])).toEqual([
      [1, 2, '18.90', 'EUR', 'in_stock', w.clock.now()],
      [4, 3, '7.50', 'EUR', 'preorder', w.clock.now()],
    ]);
    expect(w.uow.committed).toBe(1);
    expect(w.runs.stateOf(runId, { editionId: 1, storeId: 2 })).toBe('succeeded');
    expect(w.runs.stateOf(runId, { editionId: 4, storeId: 3 })).toBe('succeeded');
    expect(w.logs.named('fetch_failed')).toEqual([]);
  });

  it('delivers the alerts the new quotes trigger', async () => {
    const w = world();
    const runId = runOf(w, [aClaimedTask({ editionId: 1, storeId: 2 })]);
    // The first stored quote gets id 1.
    w.channels.directory.routes.push({ channelId: 4, userId: 5, kind: 'email', alertKinds: ['below_max_price'], delivery: 'immediate' });
    w.detector.alertsFor(1, aNewUserAlert({ userId: 5 }));
    await w.use.execute(w.runs.jobOf(runId));
    expect(w.detector.asked).toEqual([[1]]);
    expect(w.channels.queue.queued.map((m) => m.channelId)).toEqual([4]);
    expect(w.logs.named('alert_sent').map((e) => e.detail.channel)).toEqual(['in_app']);
  });

  it('counts a job delivered twice as duplicates: its pages are fetched and stored once', async () => {
    const w = world();
    const runId = runOf(w, [aClaimedTask({ editionId: 1, storeId: 2 }), aClaimedTask({ editionId: 1, storeId: 3 })]);
    const job = w.runs.jobOf(runId);
    expect(await w.use.execute(job)).toEqual({ succeeded: 2, failed: 0, duplicates: 0 });
    expect(await w.use.execute(job)).toEqual({ succeeded: 0, failed: 0, duplicates: 2 });
    expect(w.source.fetched).toHaveLength(2);
    expect(w.pricing.quotes).toHaveLength(2);
  });

  it("counts each settled fetch once for its store's health: a price or the failure's kind, none for a gone target or a duplicate", async () => {
    const w = world();
    const runId = runOf(w, [aClaimedTask({ editionId: 1, storeId: 2 }), aClaimedTask({ editionId: 1, storeId: 3 }), { editionId: 5, storeId: 2, bookId: null, target: null }]);
    w.source.answer(aStoreTarget({ editionId: 1, storeId: 3 }).productUrl, { ok: false, failure: { kind: 'blocked', message: 'a robot check' } });
    const job = w.runs.jobOf(runId);
    await w.use.execute(job);
    await w.use.execute(job);
    expect(w.outcomes.outcomes).toEqual([
      { storeId: 2, at: w.clock.now(), failure: null },
      { storeId: 3, at: w.clock.now(), failure: { kind: 'blocked', message: 'a robot check' } },
    ]);
  });

  it("records no store outcome when storing the bundle fails: the retry counts it", async () => {
    const w = world();
    const runId = runOf(w, [aClaimedTask({ editionId: 1, storeId: 2 })]);
    w.pricing.failNextAdd(new Error('database gone'));
    await expect(w.use.execute(w.runs.jobOf(runId))).rejects.toThrow('database gone');
    expect(w.outcomes.outcomes).toEqual([]);
  });

  it('counts as duplicates the tasks another delivery settled after this one claimed them (a lapsed claim)', async () => {
    const w = world();
    const runId = runOf(w, [aClaimedTask({ editionId: 1, storeId: 2 }), aClaimedTask({ editionId: 1, storeId: 3 })]);
    const job = w.runs.jobOf(runId);
    let second: Promise<unknown> | null = null;
    w.source.beforeAnswer = async () => {
      if (second) return;
      // While the first delivery fetches, its claims lapse and a second delivery does the whole job.
      w.runs.lapseClaims();
      second = w.use.execute(job);
      await second;
    };
    const first = await w.use.execute(job);
    expect(await second).toEqual({ succeeded: 2, failed: 0, duplicates: 0 });
    expect(first).toEqual({ succeeded: 0, failed: 0, duplicates: 2 });
    expect(w.logs.named('fetch_completed')).toHaveLength(1);
    // The first delivery settled nothing, so it stored nothing: one quote per task, not two.
    expect(w.pricing.quotes).toHaveLength(2);
  });

  it('logs fetch_completed once, for the bundle that settles the run, with its counts and duration', async () => {
    const w = world();
    const startedAt = w.clock.now();
    const gone = aClaimedTask({ editionId: 3, storeId: 2, bookId: null, target: null });
    const runId = runOf(w, [aClaimedTask({ editionId: 1, storeId: 2 }), aClaimedTask({ editionId: 2, storeId: 2 }), gone], startedAt);
    const [a, b, c] = w.runs.jobOf(runId);

    w.clock.advance(1_000);
    await w.use.execute([a!]);
    expect(w.logs.named('fetch_completed')).toEqual([]);

    w.clock.advance(90_000);
    expect(await w.use.execute([b!, c!])).toEqual({ succeeded: 1, failed: 1, duplicates: 0 });
    expect(w.logs.named('fetch_completed')).toEqual([
      {
        level: 'info',
        source: 'scheduled_fetch',
        event: 'fetch_completed',
        detail: { success_count: 2, failure_count: 1, duration_ms: 91_000, run_id: runId },
        time: w.clock.now(),
      },
    ]);
    expect(await w.runs.progress(runId)).toEqual({ taskCount: 3, succeeded: 2, failed: 1, completed: true });
  });

  it('gives the claims back when recording throws, so the retry of the job can take them', async () => {
    const w = world();
    const runId = runOf(w, [aClaimedTask({ editionId: 1, storeId: 2 }), aClaimedTask({ editionId: 1, storeId: 3 })]);
    const job = w.runs.jobOf(runId);
    w.pricing.failNextAdd(new Error('deadlock detected'));

    await expect(w.use.execute(job)).rejects.toThrow('deadlock detected');
    expect(w.uow.rolledBack).toBe(1);
    expect(w.runs.released).toEqual([job]);
    expect(job.map((t) => w.runs.stateOf(runId, t))).toEqual(['pending', 'pending']);
    expect(w.logs.names()).toEqual([]);

    expect(await w.use.execute(job)).toEqual({ succeeded: 2, failed: 0, duplicates: 0 });
    expect(w.pricing.quotes).toHaveLength(2);
  });

  it('neither records nor settles what was being fetched when the worker handed the bundle back', async () => {
    const w = world();
    const runId = runOf(w, [aClaimedTask({ editionId: 1, storeId: 2 })]);
    const job = w.runs.jobOf(runId);
    const handBack = new AbortController();
    w.source.beforeAnswer = () => handBack.abort(new Error('instance stopping'));

    await expect(w.use.execute(job, handBack.signal)).rejects.toThrow('instance stopping');
    expect(w.pricing.quotes).toEqual([]);
    // The worker releases the claims itself; the use case leaves them as they are.
    expect(w.runs.released).toEqual([]);
    expect(w.runs.stateOf(runId, job[0]!)).toBe('claimed');
    expect(w.logs.names()).toEqual([]);
  });
});
