import os from 'node:os';
import { RequestThread, threadEntry } from '../kits/threads/request-thread.js';
import type { ExtractionConfig, ExtractionReport } from './extraction/types.js';
import { explainHere, type PageExplainer } from './store-page-reader.js';

export interface ExtractionRequest {
  html: string;
  pageUrl: string;
  config: ExtractionConfig;
}

/** Each worker's V8 old generation: pages are read one at a time and kept by nobody. */
const WORKER_HEAP_MB = 48;
/** An idle thread stops after this long (it starts again on next use). */
const IDLE_STOP_MS = 5_000;

/**
 * Page extraction on worker threads, so that a daily fetch reading hundreds of pages a second does not hold the
 * thread that runs the HTTP exchanges, the gates and the database work. One thread per spare core, at most two;
 * on a single core the pages are read in the calling thread. Threads start on first use, do not keep the
 * process alive while idle and stop after 5 s without work; a thread that dies fails its pending pages (the price
 * source reports them as `parse_error`) and is started again on next use.
 */
export class ExtractionThreads implements PageExplainer {
  private readonly threads: Array<RequestThread<ExtractionRequest, ExtractionReport>>;
  private turn = 0;

  constructor(readonly size: number = defaultThreadCount()) {
    const entry = threadEntry(import.meta.url, 'extraction-worker');
    this.threads = Array.from(
      { length: size },
      () => new RequestThread({ entry, heapMb: WORKER_HEAP_MB, idleStopMs: IDLE_STOP_MS, name: 'extraction' }),
    );
  }

  explain(html: string, pageUrl: string, config: ExtractionConfig): Promise<ExtractionReport> {
    if (this.size === 0) return explainHere.explain(html, pageUrl, config);
    // The least loaded thread (round-robin among equals).
    let chosen = 0;
    for (let k = 0; k < this.size; k++) {
      const i = (this.turn + k) % this.size;
      if (this.threads[i]!.pending < this.threads[chosen]!.pending) chosen = i;
    }
    this.turn = (this.turn + 1) % this.size;
    return this.threads[chosen]!.call({ html, pageUrl, config });
  }

  /** Stops the threads (pending pages fail). */
  async close(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread.close()));
  }
}

function defaultThreadCount(): number {
  return Math.max(0, Math.min(2, os.availableParallelism() - 1));
}
