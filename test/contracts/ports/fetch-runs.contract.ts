// What RunFetchBundle and StartFetchRun rely on from a FetchRunRepository: a task is claimed by one holder, settled
// once, and the run's completion is reported to exactly one call. Played on the in-memory fake (unit) and on
// SqlFetchRunRepository (integration).
import { describe, expect, it } from 'vitest';
import { type CreatedRun, type FetchRunRepository, type FetchTask, taskKey, type TaskOutcome } from '../../../src/application/pricing/ports/fetch-runs.js';

export interface PlannedEdition {
  editionId: number;
  bookId: number;
  isbn: string;
}

export interface FetchRunWorld {
  runs: FetchRunRepository;
  /** A run made by `createRun` over `editions` editions (one book each), each asked at `stores` stores. */
  startRun(shape: { editions: number; stores: number }): Promise<{ run: CreatedRun; editions: PlannedEdition[]; storeIds: number[] }>;
  /** The store stops selling: its tasks claimed from now on come without a target. */
  closeStore(storeId: number): Promise<void>;
  /** Every live claim lapses, as when its holder's lease ran out. */
  lapseClaims(): Promise<void>;
  /** One transaction around `work`; a throw rolls it back. */
  transaction<T>(work: () => Promise<T>): Promise<T>;
}

const outcome = (task: FetchTask, result: TaskOutcome['outcome'] = 'succeeded'): TaskOutcome => ({ editionId: task.editionId, storeId: task.storeId, outcome: result });
const keys = (tasks: ReadonlyArray<{ editionId: number; storeId: number }>) => tasks.map(taskKey);
/** More than any case's run: the whole of its pending tasks in one page. */
const ALL = 1000;

/** Every page of the run's pending tasks, `limit` at a time, each page after the last task of the one before. */
async function pagesOf(runs: FetchRunRepository, runId: number, limit: number): Promise<FetchTask[][]> {
  const pages: FetchTask[][] = [];
  for (let after: FetchTask | null = null; ; ) {
    const page = await runs.tasksOf(runId, after, limit);
    pages.push(page);
    if (page.length < limit) return pages;
    after = page[page.length - 1]!;
  }
}

export function describeFetchRunRepositoryContract(name: string, makeSubject: () => Promise<FetchRunWorld>): void {
  describe(`FetchRunRepository contract: ${name}`, () => {
    it('creates a run with one pending task per edition and store, listed edition by edition, store by store', async () => {
      const w = await makeSubject();
      const { run, editions, storeIds } = await w.startRun({ editions: 2, stores: 3 });
      expect(run).toEqual({ runId: run.runId, bookCount: 2, storeCount: 3, taskCount: 6 });
      const expected = editions.flatMap((e) => storeIds.map((storeId) => ({ runId: run.runId, editionId: e.editionId, storeId })));
      expect(await w.runs.tasksOf(run.runId, null, ALL)).toEqual(expected);
      expect(await w.runs.progress(run.runId)).toEqual({ taskCount: 6, succeeded: 0, failed: 0, completed: false });
    });

    it('lists the pending tasks in keyset pages: in key order, no gap, no repeat, none after the last page', async () => {
      const w = await makeSubject();
      const { run } = await w.startRun({ editions: 3, stores: 3 });
      const all = await w.runs.tasksOf(run.runId, null, ALL);
      expect(all).toHaveLength(9);
      // More tasks than a page; then a whole number of pages (the last page full, the next one empty).
      expect((await pagesOf(w.runs, run.runId, 4)).map((page) => page.length)).toEqual([4, 4, 1]);
      expect((await pagesOf(w.runs, run.runId, 4)).flat()).toEqual(all);
      expect((await pagesOf(w.runs, run.runId, 3)).map((page) => page.length)).toEqual([3, 3, 3, 0]);
      expect((await pagesOf(w.runs, run.runId, 3)).flat()).toEqual(all);
      expect(await w.runs.tasksOf(run.runId, all[8]!, 4)).toEqual([]);
    });

    it('pages over what is still pending, after a task that no longer is', async () => {
      const w = await makeSubject();
      const { run } = await w.startRun({ editions: 2, stores: 3 });
      const all = await w.runs.tasksOf(run.runId, null, ALL);
      await w.runs.claimTasks(run.runId, [all[1]!, all[2]!]);
      await w.runs.settleTasks(run.runId, [outcome(all[4]!)]);
      expect(await w.runs.tasksOf(run.runId, null, 2)).toEqual([all[0], all[3]]);
      // The cursor is a position, not a row: a claimed task still marks where the next page starts.
      expect(await w.runs.tasksOf(run.runId, all[2]!, 2)).toEqual([all[3], all[5]]);
      expect(await w.runs.tasksOf(run.runId + 1000, null, ALL)).toEqual([]);
    });

    it('claims a task once, with its target, until it is released or its claim lapses', async () => {
      const w = await makeSubject();
      const { run, editions, storeIds } = await w.startRun({ editions: 1, stores: 2 });
      const tasks = await w.runs.tasksOf(run.runId, null, ALL);
      const claimed = await w.runs.claimTasks(run.runId, tasks);
      expect(claimed.map((c) => ({ editionId: c.editionId, storeId: c.storeId, bookId: c.bookId, store: c.target?.storeId, isbn: c.target?.isbn13 }))).toEqual(
        storeIds.map((storeId) => ({ editionId: editions[0]!.editionId, storeId, bookId: editions[0]!.bookId, store: storeId, isbn: editions[0]!.isbn })),
      );
      // Held: not pending any more, and not claimed by a second holder.
      expect(await w.runs.tasksOf(run.runId, null, ALL)).toEqual([]);
      expect(await w.runs.claimTasks(run.runId, tasks)).toEqual([]);

      await w.runs.releaseTasks(run.runId, [tasks[0]!]);
      expect(await w.runs.tasksOf(run.runId, null, ALL)).toEqual([tasks[0]]);
      expect(keys(await w.runs.claimTasks(run.runId, tasks))).toEqual([taskKey(tasks[0]!)]);

      await w.lapseClaims();
      expect(keys(await w.runs.claimTasks(run.runId, tasks))).toEqual(keys(tasks));
    });

    it('claims only in the run named, and nothing in a run that does not exist', async () => {
      const w = await makeSubject();
      const first = await w.startRun({ editions: 1, stores: 1 });
      const second = await w.startRun({ editions: 1, stores: 1 });
      const tasksOfSecond = await w.runs.tasksOf(second.run.runId, null, ALL);
      const tasksOfFirst = await w.runs.tasksOf(first.run.runId, null, ALL);
      expect(await w.runs.claimTasks(second.run.runId + 1000, tasksOfFirst)).toEqual([]);
      expect(keys(await w.runs.claimTasks(first.run.runId, tasksOfFirst))).toEqual(keys(tasksOfFirst));
      expect(await w.runs.tasksOf(second.run.runId, null, ALL)).toEqual(tasksOfSecond);
    });

    it('claims a task whose store stopped selling without a target', async () => {
      const w = await makeSubject();
      const { run, editions, storeIds } = await w.startRun({ editions: 1, stores: 2 });
      await w.closeStore(storeIds[1]!);
      const claimed = await w.runs.claimTasks(run.runId, await w.runs.tasksOf(run.runId, null, ALL));
      expect(claimed.map((c) => [c.storeId, c.bookId, c.target?.storeId ?? null])).toEqual([
        [storeIds[0], editions[0]!.bookId, storeIds[0]],
        [storeIds[1], editions[0]!.bookId, null],
      ]);
    });

    it('settles each task once and reports the completed run to the one call that settled its last tasks', async () => {
      const w = await makeSubject();
      const { run } = await w.startRun({ editions: 1, stores: 3 });
      const [a, b, c] = await w.runs.tasksOf(run.runId, null, ALL);
      await w.runs.claimTasks(run.runId, [a!, b!]);

      const first = await w.runs.settleTasks(run.runId, [outcome(a!), outcome(b!, 'failed')]);
      expect([...first.settled].sort()).toEqual(keys([a!, b!]).sort());
      expect(first.completedRun).toBeNull();
      expect(await w.runs.progress(run.runId)).toEqual({ taskCount: 3, succeeded: 1, failed: 1, completed: false });

      // A job delivered twice: what was settled is not settled again, nor counted again.
      const repeated = await w.runs.settleTasks(run.runId, [outcome(a!, 'failed')]);
      expect(repeated).toEqual({ settled: new Set(), completedRun: null });

      // The last task may be settled without a claim (pending): the run completes, once.
      const last = await w.runs.settleTasks(run.runId, [outcome(b!), outcome(c!)]);
      expect([...last.settled]).toEqual([taskKey(c!)]);
      expect(last.completedRun).toEqual({ succeeded: 2, failed: 1, startedAt: expect.any(Date) });
      expect(await w.runs.progress(run.runId)).toEqual({ taskCount: 3, succeeded: 2, failed: 1, completed: true });
      expect(await w.runs.settleTasks(run.runId, [outcome(c!)])).toEqual({ settled: new Set(), completedRun: null });

      // Settled tasks are neither pending nor claimable, even after a lapse.
      await w.lapseClaims();
      expect(await w.runs.tasksOf(run.runId, null, ALL)).toEqual([]);
      expect(await w.runs.claimTasks(run.runId, [a!, b!, c!])).toEqual([]);
    });

    it('locks only the tasks still open, claimed or not', async () => {
      const w = await makeSubject();
      const { run } = await w.startRun({ editions: 1, stores: 3 });
      const [a, b, c] = await w.runs.tasksOf(run.runId, null, ALL);
      await w.runs.claimTasks(run.runId, [b!]);
      await w.runs.settleTasks(run.runId, [outcome(c!)]);
      const open = await w.transaction(() => w.runs.lockOpenTasks(run.runId, [a!, b!, c!]));
      expect([...open].sort()).toEqual(keys([a!, b!]).sort());
    });

    it('forgets a settlement whose transaction rolled back', async () => {
      const w = await makeSubject();
      const { run } = await w.startRun({ editions: 1, stores: 1 });
      const [only] = await w.runs.tasksOf(run.runId, null, ALL);
      await w.runs.claimTasks(run.runId, [only!]);
      const rolledBack = w.transaction(async () => {
        expect((await w.runs.settleTasks(run.runId, [outcome(only!)])).completedRun).not.toBeNull();
        throw new Error('storing the quotes failed');
      });
      await expect(rolledBack).rejects.toThrow('storing the quotes failed');
      expect(await w.runs.progress(run.runId)).toEqual({ taskCount: 1, succeeded: 0, failed: 0, completed: false });
      const settled = await w.runs.settleTasks(run.runId, [outcome(only!)]);
      expect([...settled.settled]).toEqual([taskKey(only!)]);
      expect(settled.completedRun).toEqual({ succeeded: 1, failed: 0, startedAt: expect.any(Date) });
    });

    it('abandons a run with its tasks: nothing left to list, claim, settle or count', async () => {
      const w = await makeSubject();
      const { run } = await w.startRun({ editions: 1, stores: 2 });
      const tasks = await w.runs.tasksOf(run.runId, null, ALL);
      await w.runs.abandonRun(run.runId);
      expect(await w.runs.tasksOf(run.runId, null, ALL)).toEqual([]);
      expect(await w.runs.claimTasks(run.runId, tasks)).toEqual([]);
      expect(await w.runs.settleTasks(run.runId, tasks.map((t) => outcome(t)))).toEqual({ settled: new Set(), completedRun: null });
      expect(await w.runs.progress(run.runId)).toEqual({ taskCount: 0, succeeded: 0, failed: 0, completed: false });
    });

    it('creates an empty run when nothing is to be fetched, complete from the start (no task will settle it)', async () => {
      const w = await makeSubject();
      const { run } = await w.startRun({ editions: 0, stores: 2 });
      expect(run).toMatchObject({ bookCount: 0, storeCount: 0, taskCount: 0 });
      expect(await w.runs.tasksOf(run.runId, null, ALL)).toEqual([]);
      // StartFetchRun logs an empty run's completion itself; the run reads completed, as any finished run does.
      expect(await w.runs.progress(run.runId)).toEqual({ taskCount: 0, succeeded: 0, failed: 0, completed: true });
      expect(await w.runs.settleTasks(run.runId, [])).toEqual({ settled: new Set(), completedRun: null });
    });
  });
}
