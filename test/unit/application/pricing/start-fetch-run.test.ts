// StartFetchRun with hand-written fakes: what a run logs and hands to the queue.
import { describe, expect, it } from 'vitest';
import { StartFetchRun } from '../../../../src/application/pricing/start-fetch-run.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { FakeFetchQueue } from '../../../support/fakes/fake-fetch-queue.js';
import { FakeLogSink } from '../../../support/fakes/fake-log-sink.js';
import { InMemoryFetchRunRepository } from '../../../support/fakes/in-memory-fetch-run-repository.js';
import type { ClaimedTask } from '../../../../src/application/pricing/ports/fetch-runs.js';
import { aClaimedTask } from '../../../support/mothers/pricing.js';

function start(queue = new FakeFetchQueue()) {
  const clock = new FakeClock();
  const runs = new InMemoryFetchRunRepository(clock);
  const logs = new FakeLogSink();
  return { use: new StartFetchRun(runs, queue, logs, clock), runs, queue, logs, clock };
}

/** `editions` editions (ids 1…) at `stores` stores (ids 101…), planned in an order other than the key order. */
function manyTasks(editions: number, stores: number): ClaimedTask[] {
  const tasks: ClaimedTask[] = [];
  for (let s = stores; s >= 1; s--) for (let e = editions; e >= 1; e--) tasks.push(aClaimedTask({ editionId: e, storeId: 100 + s }));
  return tasks;
}

/** The run's tasks in key order, as one call with all of them would hand them over. */
const inKeyOrder = (runId: number, tasks: readonly ClaimedTask[]) =>
  tasks.map((t) => ({ runId, editionId: t.editionId, storeId: t.storeId })).sort((a, b) => a.editionId - b.editionId || a.storeId - b.storeId);

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
        pageSize: 10,
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

  describe('hands the tasks over page by page, each page whole bundles in key order', () => {
    it('more tasks than a page: full pages, then the rest; never more than a page read at once', async () => {
      const { use, runs, queue } = start(new FakeFetchQueue(4));
      const tasks = manyTasks(5, 2);
      runs.plan({ tasks });
      const run = await use.execute('schedule');
      expect(queue.batches.map((b) => b.length)).toEqual([4, 4, 2]);
      expect(queue.enqueued).toEqual(inKeyOrder(run.runId, tasks));
      expect(runs.pageReads.map((r) => r.limit)).toEqual([4, 4, 4]);
      // Each page starts after the last task of the one before.
      expect(runs.pageReads.map((r) => r.after)).toEqual([null, { editionId: 2, storeId: 102 }, { editionId: 4, storeId: 102 }]);
    });

    it('exactly one page: enqueued once; the next page read is empty and ends it', async () => {
      const { use, runs, queue } = start(new FakeFetchQueue(6));
      const tasks = manyTasks(3, 2);
      runs.plan({ tasks });
      const run = await use.execute('schedule');
      expect(queue.batches).toEqual([inKeyOrder(run.runId, tasks)]);
      expect(runs.pageReads).toEqual([
        { after: null, limit: 6 },
        { after: { editionId: 3, storeId: 102 }, limit: 6 },
      ]);
    });

    it('zero tasks: no page is read and nothing is enqueued', async () => {
      const { use, runs, queue } = start(new FakeFetchQueue(4));
      runs.plan({ tasks: [] });
      await use.execute('schedule');
      expect(runs.pageReads).toEqual([]);
      expect(queue.batches).toEqual([]);
    });

    it('reports progress once the run exists, then after each page', async () => {
      const { use, runs } = start(new FakeFetchQueue(4));
      runs.plan({ tasks: manyTasks(5, 2) });
      const seen: string[] = [];
      const run = await use.execute('manual', { onProgress: (p) => seen.push(`${p.runId}:${p.enqueued}/${p.taskCount}`) });
      expect(seen).toEqual([0, 4, 8, 10].map((n) => `${run.runId}:${n}/10`));
    });

    it('the queue failing mid-way: the run is abandoned with its tasks, the error goes on, nothing more is read', async () => {
      const { use, runs, queue, logs } = start(new FakeFetchQueue(4, { call: 2, error: new Error('queue unavailable') }));
      runs.plan({ tasks: manyTasks(5, 2) });
      await expect(use.execute('schedule')).rejects.toThrow('queue unavailable');
      expect(queue.batches.map((b) => b.length)).toEqual([4]);
      expect(runs.pageReads).toHaveLength(2);
      expect(runs.runs.size).toBe(0);
      expect(logs.names()).toEqual(['fetch_started']);
    });
  });
});
