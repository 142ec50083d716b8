import cliProgress from 'cli-progress';
import type { FetchPlanProgress } from '../../application/pricing/start-fetch-run.js';

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
  let bar: cliProgress.SingleBar | null = null;
  let printedAt = 0;
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
        printedAt = Date.now();
        if (terminal) {
          bar = new cliProgress.SingleBar({ format: 'plan [{bar}] {value}/{total} tasks queued | {duration_formatted}' }, cliProgress.Presets.shades_classic);
          bar.start(p.taskCount, 0);
        }
        return;
      }
      if (bar) bar.update(p.enqueued);
      else if (p.enqueued === p.taskCount || Date.now() - printedAt >= LINE_EVERY_MS) {
        printedAt = Date.now();
        say(`plan: ${count(p.enqueued)}/${count(p.taskCount)} tasks queued`);
      }
    },
    stop() {
      clearInterval(creating);
      bar?.stop();
      bar = null;
    },
  };
}
