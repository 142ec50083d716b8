import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { extractPrice } from './extraction/extract-price.js';
import type { ExtractionConfig, ExtractionResult } from './extraction/types.js';

/** Reads the price from a fetched page (extraction/extract-price.ts), here or elsewhere. */
export type PageExtractor = (html: string, pageUrl: string, config: ExtractionConfig) => Promise<ExtractionResult>;

export const extractInThread: PageExtractor = async (html, pageUrl, config) => extractPrice(html, pageUrl, config);

export interface ExtractionRequest {
  id: number;
  html: string;
  pageUrl: string;
  config: ExtractionConfig;
}

export type ExtractionReply = { id: number; result: ExtractionResult } | { id: number; error: string };

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
export class ExtractionThreads {
  private readonly slots: Array<Slot | null>;
  private nextId = 1;
  private turn = 0;

  constructor(readonly size: number = defaultThreadCount()) {
    this.slots = Array.from({ length: size }, () => null);
  }

  readonly extract: PageExtractor = (html, pageUrl, config) => {
    if (this.size === 0) return extractInThread(html, pageUrl, config);
    // The least loaded thread (round-robin among equals).
    let chosen = 0;
    for (let k = 0; k < this.size; k++) {
      const i = (this.turn + k) % this.size;
      if ((this.slots[i]?.pending.size ?? 0) < (this.slots[chosen]?.pending.size ?? 0)) chosen = i;
    }
    this.turn = (this.turn + 1) % this.size;
    const slot = (this.slots[chosen] ??= this.start(chosen));
    const id = this.nextId++;
    return new Promise<ExtractionResult>((resolve, reject) => {
      if (slot.idle) clearTimeout(slot.idle);
      slot.idle = null;
      if (slot.pending.size === 0) slot.worker.ref();
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ id, html, pageUrl, config } satisfies ExtractionRequest);
    });
  };

  /** Stops the threads (pending pages fail). */
  async close(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot?.worker.terminate()));
    this.slots.fill(null);
  }

  private start(index: number): Slot {
    const source = import.meta.url.endsWith('.ts');
    const entry = new URL(`./extraction-worker.${source ? 'ts' : 'js'}`, import.meta.url);
    // TypeScript sources (tsx in development, the job CLI, tests) need tsx's loader registered in the thread first.
    const worker = source
      ? new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`, {
          eval: true,
          execArgv: [],
          resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
        })
      : new Worker(entry, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    worker.unref();
    const slot: Slot = { worker, pending: new Map(), idle: null };
    worker.on('message', (reply: ExtractionReply) => {
      const waiting = slot.pending.get(reply.id);
      if (!waiting) return;
      slot.pending.delete(reply.id);
      if (slot.pending.size === 0) {
        worker.unref();
        slot.idle = setTimeout(() => {
          if (this.slots[index] === slot) this.slots[index] = null;
          void worker.terminate();
        }, IDLE_STOP_MS);
        slot.idle.unref();
      }
      if ('result' in reply) waiting.resolve(reply.result);
      else waiting.reject(new Error(reply.error));
    });
    const fail = (error: Error): void => {
      if (this.slots[index] === slot) this.slots[index] = null;
      if (slot.idle) clearTimeout(slot.idle);
      for (const waiting of slot.pending.values()) waiting.reject(error);
      slot.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the extraction thread stopped (exit code ${code})`)));
    return slot;
  }
}

interface Slot {
  worker: Worker;
  idle: ReturnType<typeof setTimeout> | null;
  pending: Map<number, { resolve: (result: ExtractionResult) => void; reject: (error: Error) => void }>;
}

function defaultThreadCount(): number {
  return Math.max(0, Math.min(2, os.availableParallelism() - 1));
}
