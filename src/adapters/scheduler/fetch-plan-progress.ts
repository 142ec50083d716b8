import type { FetchPlanProgress } from '../../application/pricing/start-fetch-run.js';
import { ProgressDisplay } from '../kits/console/progress-display.js';

/** Without a terminal, a progress line this often. */
const LINE_EVERY_MS = 2_000;
/** While the one statement creating the run's tasks works (minutes for millions of tasks), a line this often. */
const CREATING_LINE_EVERY_MS = 10_000;

export interface FetchPlanReport {
  /** StartFetchRun's progress: once the run exists, then after each page handed to the queue. */
  onProgress(progress: FetchPlanProgress): void;
  stop(): void;
}

const count = (n: number): string => n.toLocaleString('en-US');

/**
 * How far the plan of a run has come, for `npm run job -- fetch`, from the moment it is made: a line every 10 s while
 * the run's tasks are created, then a bar on a terminal (a line every few seconds otherwise) as they are handed to
 * the queue.
 */
export function fetchPlanReport(say: (line: string) => void, terminal = process.stdout.isTTY === true): FetchPlanReport {
  const startedAt = Date.now();
  let display: ProgressDisplay | null = null;
  const creating = setInterval(
    () => say(`plan: creating the run's tasks in the database (${((Date.now() - startedAt) / 1000).toFixed(0)} s) ...`),
    CREATING_LINE_EVERY_MS,
  );
  creating.unref();
  return {
    onProgress(p) {
      if (p.enqueued === 0) {
        clearInterval(creating);
        say(`Fetch run ${p.runId} created with ${count(p.taskCount)} tasks; handing them to the queue ...`);
        display = new ProgressDisplay({ format: 'plan [{bar}] {value}/{total} tasks queued | {duration_formatted}', lineEveryMs: LINE_EVERY_MS, say, terminal });
        display.start(p.taskCount);
        return;
      }
      display?.update(p.enqueued, {}, () => `plan: ${count(p.enqueued)}/${count(p.taskCount)} tasks queued`, p.enqueued === p.taskCount);
    },
    stop() {
      clearInterval(creating);
      display?.stop();
    },
  };
}
