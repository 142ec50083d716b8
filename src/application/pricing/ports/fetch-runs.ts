import type { ServiceIdentifier } from 'inversify';
import type { StoreTarget } from './price-source.js';

export interface FetchTask {
  runId: number;
  editionId: number;
  storeId: number;
}

/** Where a page of a run's tasks starts: after this (edition, store), in key order. */
export interface TaskPosition {
  editionId: number;
  storeId: number;
}

export interface CreatedRun {
  runId: number;
  bookCount: number;
  storeCount: number;
  taskCount: number;
}

/** A claimed task with what fetching it needs; `target` is null when the edition or store is gone or inactive. */
export interface ClaimedTask {
  editionId: number;
  storeId: number;
  bookId: number | null;
  target: StoreTarget | null;
}

export interface TaskOutcome {
  editionId: number;
  storeId: number;
  outcome: 'succeeded' | 'failed';
}

export interface SettledBundle {
  /** The tasks settled by this call ("edition/store" keys); one settled earlier (a job delivered twice) is not among them. */
  settled: ReadonlySet<string>;
  /** Set once, for the call that settled the run's last pending tasks. */
  completedRun: { succeeded: number; failed: number; startedAt: Date } | null;
}

export const taskKey = (task: { editionId: number; storeId: number }): string => `${task.editionId}/${task.storeId}`;

/** Fetch runs and their (edition, store) tasks, so every task is settled exactly once and completion is seen once. */
export interface FetchRunRepository {
  /**
   * Creates a run over every edition of every monitored wish's book and of every book on a list, at every active
   * store selling its format; set-based, in one statement.
   */
  createRun(trigger: string): Promise<CreatedRun>;
  /** Deletes a run and its tasks (it could not be queued: nothing would ever work or complete it). */
  abandonRun(runId: number): Promise<void>;
  /**
   * A page of the run's pending tasks, edition by edition and store by store: at most `limit` of them, those after
   * `after` (from the first when null). Keyset pages, so a page costs the same at any depth of a run of millions.
   */
  tasksOf(runId: number, after: TaskPosition | null, limit: number): Promise<FetchTask[]>;
  /**
   * Claims the given tasks of a run before their pages are fetched, so a job delivered twice is fetched once, and
   * reads their targets; one statement. Tasks settled or held by a live claim are left out. A claim whose holder
   * died lapses after a lease and can be taken again.
   */
  claimTasks(runId: number, tasks: readonly FetchTask[]): Promise<ClaimedTask[]>;
  /** Gives claimed tasks back (their work failed before it could be settled). */
  releaseTasks(runId: number, tasks: readonly FetchTask[]): Promise<void>;
  /**
   * Locks the given tasks that are still open until the transaction ends and returns their keys: a task settled by
   * another holder (its claim lapsed meanwhile) is not among them, and none of them can be settled by another before
   * this transaction commits. Takes no lock on the run, so bundles storing their quotes do not wait for each other.
   */
  lockOpenTasks(runId: number, tasks: readonly FetchTask[]): Promise<ReadonlySet<string>>;
  /** Settles the tasks still open (one statement; the run's counters move once per call). */
  settleTasks(runId: number, outcomes: readonly TaskOutcome[]): Promise<SettledBundle>;
  progress(runId: number): Promise<RunProgress>;
}

export interface RunProgress {
  taskCount: number;
  succeeded: number;
  failed: number;
  completed: boolean;
}
export const FetchRunRepository = Symbol.for('FetchRunRepository') as ServiceIdentifier<FetchRunRepository>;
