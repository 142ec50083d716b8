// StartFetchRun with hand-written fakes: what a run logs and hands to the queue.
import { describe, expect, it } from 'vitest';
import { StartFetchRun } from '../../../../src/application/pricing/start-fetch-run.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { FakeFetchQueue } from '../../../support/fakes/fake-fetch-queue.js';
import { FakeLogSink } from '../../../support/fakes/fake-log-sink.js';
import { InMemoryFetchRunRepository } from '../../../support/fakes/in-memory-fetch-run-repository.js';
import { aClaimedTask } from '../../../support/mothers/pricing.js';

function start() {
  const clock = new FakeClock();
  const runs = new InMemoryFetchRunRepository(clock);
  const queue = new FakeFetchQueue();
  const logs = new FakeLogSink();
  return { use: new StartFetchRun(runs, queue, logs, clock), runs, queue, logs, clock };
}

describe('StartFetchRun', () => {
  it('creates the run with its trigger, logs fetch_started and enqueues every pending task', async () => {
    const { use, runs, queue, logs, clock } = start();
    runs.plan({
      bookCount: 2,
      storeCount: 2,
      tasks: [aClaimedTask({ editionId: 1, storeId: 2 }), aClaimedTask({ editionId: 1, storeId: 3 }), aClaimedTask({ editionId: 4, storeId: 2 })],
    });
    const run = await use.execute('schedule');
    expect(run).toEqual({ runId: 1, bookCount: 2, storeCount: 2, taskCount: 3 });
    expect(runs.triggers).toEqual(['schedule']);
    expect(queue.batches).toEqual([
      [
        { runId: 1, editionId: 1, storeId: 2 },
        { runId: 1, editionId: 1, storeId: 3 },
        { runId: 1, editionId: 4, storeId: 2 },
      ],
    ]);
    expect(logs.events).toEqual([
      { level: 'info', source: 'scheduled_fetch', event: 'fetch_started', detail: { book_count: 2, store_count: 2, run_id: 1 }, time: clock.now() },
    ]);
  });

  it('completes a run with nothing to fetch at once: fetch_completed with zero counts, nothing enqueued', async () => {
    const { use, runs, queue, logs } = start();
    runs.plan({ bookCount: 0, storeCount: 3, tasks: [] });
    const run = await use.execute('manual');
    expect(run.taskCount).toBe(0);
    expect(queue.batches).toEqual([]);
    expect(logs.names()).toEqual(['fetch_started', 'fetch_completed']);
    expect(logs.named('fetch_completed')[0]?.detail).toEqual({ success_count: 0, failure_count: 0, duration_ms: 0, run_id: run.runId });
  });

  it('gives each run its own id in the log and the queue', async () => {
    const { use, runs, queue, logs } = start();
    runs.plan({ tasks: [aClaimedTask()] });
    const first = await use.execute('schedule');
    const second = await use.execute('schedule');
    expect(second.runId).not.toBe(first.runId);
    expect(queue.batches.map((b) => b.map((t) => t.runId))).toEqual([[first.runId], [second.runId]]);
    expect(logs.named('fetch_started').map((e) => e.detail.run_id)).toEqual([first.runId, second.runId]);
  });

  it('logs fetch_started before the tasks are enqueued, and fails when the queue does', async () => {
    const { runs, logs, clock } = start();
    runs.plan({ tasks: [aClaimedTask()] });
    const order: string[] = [];
    const failing = new StartFetchRun(
      runs,
      {
        enqueue: async () => {
          order.push(`enqueue after ${logs.names().join(',')}`);
          throw new Error('queue unavailable');
        },
      },
      logs,
      clock,
    );
    await expect(failing.execute('schedule')).rejects.toThrow('queue unavailable');
    expect(order).toEqual(['enqueue after fetch_started']);
    expect(logs.named('fetch_completed')).toEqual([]);
    // Nobody was told about the run: it is abandoned rather than left open for ever.
    expect(runs.runs.size).toBe(0);
  });
});
