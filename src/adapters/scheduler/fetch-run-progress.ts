import type { RunProgress } from '../../application/pricing/ports/fetch-runs.js';
import { ProgressDisplay } from '../kits/console/progress-display.js';
import { backoffMs, type OutageRule, waitMs } from './outage.js';

export interface WatchOptions {
  runId: number;
  taskCount: number;
  progress: () => Promise<RunProgress>;
  /** A failure to ride out (the database does not answer) rather than to end the job with. */
  outages: OutageRule;
  say: (line: string) => void;
  /** Aborts when the job is told to stop (SIGTERM, Ctrl-C). */
  stop: AbortSignal;
}

/** How often progress is read (one primary-key read): the summary follows the last task closely. */
const POLL_MS = 250;
/** Without a terminal, a progress line this often. */
const LINE_EVERY_MS = 2_000;

/**
 * Follows a fetch run until it completes (its last progress) or the job is told to stop (null). A database outage
 * does not end it: the lines say the database does not answer and when it is back, while the workers retry on their own.
 */
export async function watchRun(options: WatchOptions): Promise<RunProgress | null> {
  const display = new ProgressDisplay(
    { format: 'fetch [{bar}] {value}/{total} | ok {ok} | failed {failed} | {duration_formatted}', lineEveryMs: LINE_EVERY_MS, say: options.say },
    true,
  );
  display.start(options.taskCount, 0, { ok: 0, failed: 0 });
  let downSince: number | null = null;
  let failures = 0;
  try {
    while (!options.stop.aborted) {
      let progress: RunProgress;
      try {
        progress = await options.progress();
      } catch (error) {
        if (!options.outages.isOutage(error)) throw error;
        downSince ??= Date.now();
        const retryMs = backoffMs(failures++);
        const line =
          `fetch: the database does not answer (${error instanceof Error ? error.message : String(error)}); ` +
          `down for ${((Date.now() - downSince) / 1000).toFixed(0)} s, retrying in ${(retryMs / 1000).toFixed(1)} s`;
        display.stop();
        options.say(line);
        await waitMs(retryMs, options.stop);
        continue;
      }
      if (downSince !== null) {
        options.say(`fetch: the database answers again after ${((Date.now() - downSince) / 1000).toFixed(1)} s; the workers go on`);
        downSince = null;
        failures = 0;
        display.start(options.taskCount, 0, { ok: 0, failed: 0 });
      }
      const done = progress.succeeded + progress.failed;
      display.update(
        done,
        { ok: progress.succeeded, failed: progress.failed },
        () => `fetch: ${done}/${progress.taskCount} (ok ${progress.succeeded}, failed ${progress.failed})`,
        progress.completed,
      );
      if (progress.completed) return progress;
      await waitMs(POLL_MS, options.stop);
    }
    return null;
  } finally {
    display.stop();
  }
}
