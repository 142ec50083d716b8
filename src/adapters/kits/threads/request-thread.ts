import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * tsx's ESM register API, found from here: eval'd code in a thread would look for tsx from the working directory.
 * Resolved on first use only, by a `.ts` entry: compiled JavaScript (`npm run build`) runs without tsx installed.
 */
let tsxApi: string | null = null;

function tsxEsmApi(): string {
  if (tsxApi) return tsxApi;
  const require = createRequire(import.meta.url);
  const manifest = require('tsx/package.json') as { exports: Record<string, { import: { default: string } }> };
  tsxApi = new URL(manifest.exports['./esm/api']!.import.default, pathToFileURL(require.resolve('tsx/package.json'))).href;
  return tsxApi;
}

/** A thread's entry module beside the calling module: its `.ts` file under tsx, its `.js` twin when compiled. */
export function threadEntry(callerUrl: string, baseName: string): URL {
  return new URL(`./${baseName}.${callerUrl.endsWith('.ts') ? 'ts' : 'js'}`, callerUrl);
}

/** What a thread answers to one request (see `serveRequests`). */
export type ThreadReply<Result> = { id: number; result: Result } | { id: number; error: string };

export interface RequestThreadOptions {
  /** The thread's entry module (see `threadEntry`). */
  entry: URL;
  /** What the thread gets as `workerData`. */
  workerData?: unknown;
  /** The thread's V8 old generation cap, when it needs one. */
  heapMb?: number;
  /** An idle thread stops after this long and starts again on next use. */
  idleStopMs: number;
  /** Names the thread in the error a request fails with when it dies. */
  name: string;
}

/**
 * One worker thread answering requests by id. It starts on first use, keeps the process alive only while a
 * request is pending (so a shutdown still waits for an answer in flight, and an idle thread never holds the process
 * open), and stops after `idleStopMs` without work. A thread that dies fails its pending requests and is started
 * again on next use.
 */
export class RequestThread<Request, Result> {
  private slot: Slot<Result> | null = null;
  private nextId = 1;

  constructor(private readonly options: RequestThreadOptions) {}

  /** Requests waiting for an answer. */
  get pending(): number {
    return this.slot?.pending.size ?? 0;
  }

  /** Sends one request; a value the structured clone cannot copy rejects here, before anything is sent. */
  call(request: Request): Promise<Result> {
    const slot = (this.slot ??= this.start());
    const id = this.nextId++;
    return new Promise<Result>((resolve, reject) => {
      try {
        slot.worker.postMessage({ id, request });
      } catch (error) {
        if (slot.pending.size === 0 && !slot.idle) this.idleAfterLastAnswer(slot);
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      if (slot.idle) clearTimeout(slot.idle);
      slot.idle = null;
      if (slot.pending.size === 0) slot.worker.ref();
      slot.pending.set(id, { resolve, reject });
    });
  }

  /** Stops the thread; pending requests fail. */
  async close(): Promise<void> {
    const slot = this.slot;
    this.slot = null;
    if (slot?.idle) clearTimeout(slot.idle);
    await slot?.worker.terminate();
  }

  private start(): Slot<Result> {
    const { entry, workerData, heapMb } = this.options;
    const resourceLimits = heapMb === undefined ? undefined : { maxOldGenerationSizeMb: heapMb };
    // TypeScript sources (tsx: npm start, the job CLI, tests) need tsx's loader registered in the thread first;
    // Node 20 does not apply the parent's `--import tsx` to a worker.
    const worker = entry.pathname.endsWith('.ts')
      ? new Worker(`import(${JSON.stringify(tsxEsmApi())}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`, {
          eval: true,
          execArgv: [],
          workerData,
          resourceLimits,
        })
      : new Worker(entry, { execArgv: [], workerData, resourceLimits });
    worker.unref();
    const slot: Slot<Result> = { worker, pending: new Map(), idle: null };
    worker.on('message', (reply: ThreadReply<Result>) => {
      const waiting = slot.pending.get(reply.id);
      if (!waiting) return;
      slot.pending.delete(reply.id);
      if (slot.pending.size === 0) this.idleAfterLastAnswer(slot);
      if ('result' in reply) waiting.resolve(reply.result);
      else waiting.reject(new Error(reply.error));
    });
    const fail = (error: Error): void => {
      if (this.slot === slot) this.slot = null;
      if (slot.idle) clearTimeout(slot.idle);
      for (const waiting of slot.pending.values()) waiting.reject(error);
      slot.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the ${this.options.name} thread stopped (exit code ${code})`)));
    return slot;
  }

  private idleAfterLastAnswer(slot: Slot<Result>): void {
    slot.worker.unref();
    slot.idle = setTimeout(() => {
      if (this.slot === slot) this.slot = null;
      void slot.worker.terminate();
    }, this.options.idleStopMs);
    slot.idle.unref();
  }
}

interface Slot<Result> {
  worker: Worker;
  idle: ReturnType<typeof setTimeout> | null;
  pending: Map<number, { resolve: (result: Result) => void; reject: (error: Error) => void }>;
}
