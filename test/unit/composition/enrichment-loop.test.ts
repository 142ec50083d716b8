// The enrichment loop's own rules, on fakes: it stops at once on its signal, takes turns between the two backlogs,
// hands over to a fresh run when its time is up, and says how far it got.
import { describe, expect, it } from 'vitest';
import { type EnrichmentBatch, runEnrichment } from '../../../src/composition/modules/enrichment-loop.js';

interface Fake {
  calls: string[];
  progress: Array<Record<string, unknown>>;
  requeued: number;
}

function fakes(identifyBatches: number, enrichBatches: number): Fake & { identify: EnrichmentBatch; enrich: EnrichmentBatch } {
  const fake: Fake = { calls: [], progress: [], requeued: 0 };
  let identifyLeft = identifyBatches;
  let enrichLeft = enrichBatches;
  return {
    ...fake,
    calls: fake.calls,
    progress: fake.progress,
    identify: async () => {
      fake.calls.push('identify');
      identifyLeft -= 1;
      return { kind: 'searched', done: 10, more: identifyLeft > 0 };
    },
    enrich: async () => {
      fake.calls.push('enrich');
      enrichLeft -= 1;
      return { kind: 'enriched', done: 50, more: enrichLeft > 0 };
    },
    get requeued() {
      return fake.requeued;
    },
  };
}

describe('runEnrichment', () => {
  it('takes turns between the books to identify and the editions to enrich, until both are done, then reports', async () => {
    const f = fakes(2, 3);
    const progress: Array<Record<string, unknown>> = [];
    await runEnrichment({
      identify: f.identify,
      enrich: f.enrich,
      waiting: async () => 7,
      requeue: async () => undefined,
      signal: new AbortController().signal,
      progress: (line) => progress.push(line),
    });
    expect(f.calls).toEqual(['identify', 'enrich', 'identify', 'enrich', 'enrich']);
    expect(progress.at(-1)).toMatchObject({ editions_done: 150, books_searched: 20, editions_waiting: 7, finished: true });
  });

  it('stops at once when the signal aborts during a batch, without failing the run', async () => {
    const controller = new AbortController();
    const calls: string[] = [];
    const run = runEnrichment({
      identify: async () => ({ kind: 'searched', done: 0, more: false }),
      enrich: (signal) =>
        new Promise((_, reject) => {
          calls.push('enrich');
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        }),
      waiting: async () => 1,
      requeue: async () => undefined,
      signal: controller.signal,
      progress: () => undefined,
    });
    setTimeout(() => controller.abort(new Error('stopping')), 20);
    const started = Date.now();
    await expect(run).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(calls).toEqual(['enrich']);
  });

  it('fails the run when a source is unavailable (the queue retries it later)', async () => {
    await expect(
      runEnrichment({
        identify: async () => ({ kind: 'searched', done: 0, more: false }),
        enrich: async () => ({ kind: 'unavailable', message: 'open-library could not be reached' }),
        waiting: async () => 1,
        requeue: async () => undefined,
        signal: new AbortController().signal,
        progress: () => undefined,
      }),
    ).rejects.toThrow('open-library could not be reached');
  });

  it('queues the next run and ends when its time is up, so no run nears the job expiry', async () => {
    let now = 0;
    let requeued = 0;
    let batches = 0;
    await runEnrichment({
      identify: async () => ({ kind: 'searched', done: 0, more: false }),
      enrich: async () => {
        batches += 1;
        now += 60_000;
        return { kind: 'enriched', done: 50, more: true };
      },
      waiting: async () => 1_000,
      requeue: async () => {
        requeued += 1;
      },
      signal: new AbortController().signal,
      progress: () => undefined,
      runBudgetMs: 5 * 60_000,
      now: () => now,
    });
    expect(batches).toBe(5);
    expect(requeued).toBe(1);
  });

  it('reports progress while it works, at most once per interval', async () => {
    let now = 0;
    let left = 10;
    const progress: Array<Record<string, unknown>> = [];
    await runEnrichment({
      identify: async () => ({ kind: 'searched', done: 0, more: false }),
      enrich: async () => {
        now += 10_000;
        left -= 1;
        return { kind: 'enriched', done: 50, more: left > 0 };
      },
      waiting: async () => left * 50,
      requeue: async () => undefined,
      signal: new AbortController().signal,
      progress: (line) => progress.push(line),
      progressEveryMs: 30_000,
      now: () => now,
    });
    // 100 s of work: lines at 30, 60 and 90 s, and the last one.
    expect(progress.map((line) => line.editions_done)).toEqual([150, 300, 450, 500]);
    expect(progress.at(-1)).toMatchObject({ editions_waiting: 0, finished: true });
  });
});
