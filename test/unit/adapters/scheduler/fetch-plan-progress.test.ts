// What `npm run job -- fetch` prints while it plans a run, without a terminal (lines, not a bar).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchPlanReport } from '../../../../src/adapters/scheduler/fetch-plan-progress.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('fetchPlanReport', () => {
  it('ticks while the run is created, then says how many tasks are queued, every 2 s and at the end', () => {
    const lines: string[] = [];
    const report = fetchPlanReport((line) => lines.push(line), false);
    vi.advanceTimersByTime(25_000);
    report.onProgress({ runId: 7, enqueued: 0, taskCount: 96_000 });
    // Within 2 s of the last line: not said.
    vi.advanceTimersByTime(1_000);
    report.onProgress({ runId: 7, enqueued: 32_000, taskCount: 96_000 });
    vi.advanceTimersByTime(1_000);
    report.onProgress({ runId: 7, enqueued: 64_000, taskCount: 96_000 });
    report.onProgress({ runId: 7, enqueued: 96_000, taskCount: 96_000 });
    report.stop();
    expect(lines).toEqual([
      "plan: creating the run's tasks in the database (10 s) ...",
      "plan: creating the run's tasks in the database (20 s) ...",
      'Fetch run 7 created with 96,000 tasks; handing them to the queue ...',
      'plan: 64,000/96,000 tasks queued',
      'plan: 96,000/96,000 tasks queued',
    ]);
  });

  it('says nothing more once stopped (the plan failed before the run existed)', () => {
    const lines: string[] = [];
    fetchPlanReport((line) => lines.push(line), false).stop();
    vi.advanceTimersByTime(60_000);
    expect(lines).toEqual([]);
  });
});
