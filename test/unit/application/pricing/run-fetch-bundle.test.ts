// RunFetchBundle with hand-written fakes of its ports: what a failed task logs.
import { describe, expect, it } from 'vitest';
import type { LogSink } from '../../../../src/application/logging/log-sink.js';
import type { ClaimedTask, FetchRunRepository, FetchTask, SettledBundle, TaskOutcome } from '../../../../src/application/pricing/ports/fetch-runs.js';
import type { PriceSource } from '../../../../src/application/pricing/ports/price-source.js';
import type { RecordObservations } from '../../../../src/application/pricing/record-observations.js';
import { RunFetchBundle } from '../../../../src/application/pricing/run-fetch-bundle.js';
import type { LogEvent } from '../../../../src/domain/logging/log-event.js';

const NOW = new Date('2026-11-25T03:00:00Z');

/** Claims whatever it is given, as `claimed` describes; settles everything. */
class FakeRuns implements Pick<FetchRunRepository, 'claimTasks' | 'releaseTasks' | 'settleTasks'> {
  constructor(private readonly claimed: ClaimedTask[]) {}
  async claimTasks(): Promise<ClaimedTask[]> {
    return this.claimed;
  }
  async releaseTasks(): Promise<void> {}
  async settleTasks(_runId: number, outcomes: readonly TaskOutcome[]): Promise<SettledBundle> {
    return { settled: new Set(outcomes.map((o) => `${o.editionId}/${o.storeId}`)), completedRun: null };
  }
}

function bundle(claimed: ClaimedTask[]) {
  const events: LogEvent[] = [];
  const logs: LogSink = { record: (event) => void events.push(event), ready: async () => undefined, close: async () => undefined };
  const source: PriceSource = { fetchPrice: async () => ({ ok: false, failure: { kind: 'not_found', message: 'no such page' } }) };
  const record = { execute: async () => [] } as unknown as RecordObservations;
  const use = new RunFetchBundle(new FakeRuns(claimed) as unknown as FetchRunRepository, source, record, logs, { now: () => NOW });
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
