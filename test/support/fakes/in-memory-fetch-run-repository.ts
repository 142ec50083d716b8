import {
  type ClaimedTask,
  type CreatedRun,
  type FetchRunRepository,
  type FetchTask,
  type RunProgress,
  type SettledBundle,
  taskKey,
  type TaskOutcome,
  type TaskPosition,
} from '../../../src/application/pricing/ports/fetch-runs.js';
import type { Clock } from '../../../src/application/shared/clock.js';
import type { TransactionalFake } from './fake-unit-of-work.js';

type TaskState = 'pending' | 'claimed' | 'succeeded' | 'failed';

interface StoredTask {
  claimed: ClaimedTask;
  state: TaskState;
}

interface StoredRun {
  runId: number;
  trigger: string;
  bookCount: number;
  storeCount: number;
  startedAt: Date;
  tasks: Map<string, StoredTask>;
  completed: boolean;
}

/** What the next `createRun` plans: the tasks with their targets (a null target: edition or store gone). */
export interface PlannedRun {
  bookCount?: number;
  storeCount?: number;
  tasks: ClaimedTask[];
}

/**
 * Fetch runs in memory with the port's contract (test/contracts/ports/fetch-runs.contract.ts): a task is claimed by
 * one caller until released or settled (or until `lapseClaims`, as a lease running out), settled once, and the run's
 * completion is reported to one call. A run that does not exist (abandoned) has no tasks, as in SQL.
 */
export class InMemoryFetchRunRepository implements FetchRunRepository, TransactionalFake {
  readonly runs = new Map<number, StoredRun>();
  readonly released: FetchTask[][] = [];
  readonly triggers: string[] = [];
  /** Every page read of `tasksOf`, in order. */
  readonly pageReads: Array<{ after: TaskPosition | null; limit: number }> = [];
  private nextRunId = 1;
  private planned: PlannedRun = { tasks: [] };

  constructor(private readonly clock: Clock) {}

  /** What the next `createRun` creates. */
  plan(run: PlannedRun): this {
    this.planned = run;
    return this;
  }

  /** A run as if created earlier; returns its id. */
  addRun(run: PlannedRun & { startedAt?: Date; trigger?: string }): number {
    const runId = this.nextRunId++;
    const tasks = new Map(run.tasks.map((t): [string, StoredTask] => [taskKey(t), { claimed: t, state: 'pending' }]));
    this.runs.set(runId, {
      runId,
      trigger: run.trigger ?? 'test',
      bookCount: run.bookCount ?? new Set(run.tasks.map((t) => t.bookId)).size,
      storeCount: run.storeCount ?? new Set(run.tasks.map((t) => t.storeId)).size,
      startedAt: run.startedAt ?? this.clock.now(),
      tasks,
      // A settle completes a run, or nothing will: an empty run is complete from the start, as in SQL.
      completed: tasks.size === 0,
    });
    return runId;
  }

  /** The run's tasks as a queue job would carry them. */
  jobOf(runId: number): FetchTask[] {
    return [...this.run(runId).tasks.values()].map(({ claimed }) => ({ runId, editionId: claimed.editionId, storeId: claimed.storeId }));
  }

  stateOf(runId: number, task: { editionId: number; storeId: number }): TaskState | undefined {
    return this.run(runId).tasks.get(taskKey(task))?.state;
  }

  /** The store stops selling: its tasks, claimed from now on, come without a target. */
  closeStore(storeId: number): void {
    for (const run of this.runs.values()) for (const task of run.tasks.values()) if (task.claimed.storeId === storeId) task.claimed.target = null;
  }

  /** Every live claim lapses, as when its holder's lease ran out. */
  lapseClaims(): void {
    for (const run of this.runs.values()) for (const task of run.tasks.values()) if (task.state === 'claimed') task.state = 'pending';
  }

  async createRun(trigger: string): Promise<CreatedRun> {
    this.triggers.push(trigger);
    const runId = this.addRun({ ...this.planned, trigger });
    const run = this.run(runId);
    return { runId, bookCount: run.bookCount, storeCount: run.storeCount, taskCount: run.tasks.size };
  }

  async tasksOf(runId: number, after: TaskPosition | null, limit: number): Promise<FetchTask[]> {
    this.pageReads.push({ after: after && { editionId: after.editionId, storeId: after.storeId }, limit });
    const isAfter = (t: FetchTask): boolean => after === null || t.editionId > after.editionId || (t.editionId === after.editionId && t.storeId > after.storeId);
    return this.tasksOfRun(runId)
      .filter((t) => t.state === 'pending')
      .map(({ claimed }) => ({ runId, editionId: claimed.editionId, storeId: claimed.storeId }))
      .filter(isAfter)
      .sort((a, b) => a.editionId - b.editionId || a.storeId - b.storeId)
      .slice(0, limit);
  }

  async claimTasks(runId: number, tasks: readonly FetchTask[]): Promise<ClaimedTask[]> {
    const claimed: ClaimedTask[] = [];
    for (const task of tasks) {
      const stored = this.taskOf(runId, task);
      if (!stored || stored.state !== 'pending') continue;
      stored.state = 'claimed';
      claimed.push({ ...stored.claimed });
    }
    // Edition by edition, store by store, whatever order the job carried them in.
    return claimed.sort((a, b) => a.editionId - b.editionId || a.storeId - b.storeId);
  }

  async lockOpenTasks(runId: number, tasks: readonly FetchTask[]): Promise<ReadonlySet<string>> {
    return new Set(tasks.filter((task) => ['pending', 'claimed'].includes(this.taskOf(runId, task)?.state ?? 'gone')).map(taskKey));
  }

  async abandonRun(runId: number): Promise<void> {
    this.runs.delete(runId);
  }

  /** Task states and completion as they are now; the returned function puts them back (a rolled-back transaction). */
  snapshot(): () => void {
    const saved = [...this.runs.values()].map((run) => ({ run, completed: run.completed, states: new Map([...run.tasks].map(([key, task]) => [key, task.state])) }));
    return () => {
      for (const { run, completed, states } of saved) {
        run.completed = completed;
        for (const [key, state] of states) run.tasks.get(key)!.state = state;
      }
    };
  }

  async releaseTasks(runId: number, tasks: readonly FetchTask[]): Promise<void> {
    this.released.push([...tasks]);
    for (const task of tasks) {
      const stored = this.taskOf(runId, task);
      if (stored?.state === 'claimed') stored.state = 'pending';
    }
  }

  async settleTasks(runId: number, outcomes: readonly TaskOutcome[]): Promise<SettledBundle> {
    const run = this.runs.get(runId);
    const settled = new Set<string>();
    if (!run) return { settled, completedRun: null };
    for (const outcome of outcomes) {
      const stored = run.tasks.get(taskKey(outcome));
      if (!stored || stored.state === 'succeeded' || stored.state === 'failed') continue;
      stored.state = outcome.outcome;
      settled.add(taskKey(outcome));
    }
    const progress = this.progressOf(run);
    if (run.completed || !progress.completed || settled.size === 0) return { settled, completedRun: null };
    run.completed = true;
    return { settled, completedRun: { succeeded: progress.succeeded, failed: progress.failed, startedAt: run.startedAt } };
  }

  async progress(runId: number): Promise<RunProgress> {
    const run = this.runs.get(runId);
    if (!run) return { taskCount: 0, succeeded: 0, failed: 0, completed: false };
    return { ...this.progressOf(run), completed: run.completed };
  }

  /** The counts, and whether every task is settled. */
  private progressOf(run: StoredRun): RunProgress {
    const states = [...run.tasks.values()].map((t) => t.state);
    const succeeded = states.filter((s) => s === 'succeeded').length;
    const failed = states.filter((s) => s === 'failed').length;
    return { taskCount: states.length, succeeded, failed, completed: succeeded + failed === states.length };
  }

  private tasksOfRun(runId: number): StoredTask[] {
    return [...(this.runs.get(runId)?.tasks.values() ?? [])];
  }

  private taskOf(runId: number, task: { editionId: number; storeId: number }): StoredTask | undefined {
    return this.runs.get(runId)?.tasks.get(taskKey(task));
  }

  private run(runId: number): StoredRun {
    const run = this.runs.get(runId);
    if (!run) throw new Error(`no run ${runId}`);
    return run;
  }
}
