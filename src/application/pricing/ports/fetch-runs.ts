import type { ServiceIdentifier } from 'inversify';

export interface FetchTask {
  runId: number;
  editionId: number;
  storeId: number;
}

export interface CreatedRun {
  runId: number;
  bookCount: number;
  storeCount: number;
  taskCount: number;
}

export interface SettledTask {
  /** False when the task had already been settled (the queue delivered it twice). */
  settledNow: boolean;
  /** Set once, for the task that settled the run's last pending task. */
  completedRun: { succeeded: number; failed: number; startedAt: Date } | null;
}

/** Fetch runs and their (edition, store) tasks, so every task is settled exactly once and completion is seen once. */
export interface FetchRunRepository {
  /**
   * Creates a run over every edition of every monitored wish's book and of every book on a list, at every active
   * store selling its format (C6.3); set-based, in one statement.
   */
  createRun(trigger: string): Promise<CreatedRun>;
  tasksOf(runId: number): Promise<FetchTask[]>;
  /**
   * Claims a task before its page is fetched, so a job delivered twice is fetched once. A claim whose holder
   * died lapses after a lease and can be taken again.
   */
  claim(task: FetchTask): Promise<boolean>;
  /** Gives a claimed task back (its work failed before it could be settled). */
  release(task: FetchTask): Promise<void>;
  settle(task: FetchTask, outcome: 'succeeded' | 'failed'): Promise<SettledTask>;
  progress(runId: number): Promise<RunProgress>;
}

export interface RunProgress {
  taskCount: number;
  succeeded: number;
  failed: number;
  completed: boolean;
}
export const FetchRunRepository = Symbol.for('FetchRunRepository') as ServiceIdentifier<FetchRunRepository>;

/** The shared job queue: tasks enqueued by one instance are worked by any. */
export interface FetchQueue {
  enqueue(tasks: readonly FetchTask[]): Promise<void>;
}
export const FetchQueue = Symbol.for('FetchQueue') as ServiceIdentifier<FetchQueue>;
