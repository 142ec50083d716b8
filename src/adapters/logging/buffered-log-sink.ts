import type { LogSink } from '../../application/logging/log-sink.js';
import { sanitiseEvent } from '../../domain/logging/log-detail-sanitiser.js';
import type { LogEvent } from '../../domain/logging/log-event.js';
import { consoleLine, errorText, eventToConsole } from '../kits/console/console-output.js';
import { type LogBatchWriter, nobodyObserves, type WrittenBatchObserver } from './log-batch-writer.js';
import { writeSplitting } from './split-batch-write.js';

export interface BufferOptions {
  flushMs: number;
  batchMax: number;
  bufferMax: number;
}

/** `ready()` holds an intake answer at most this long; past it the buffer may spill its oldest events to the console. */
const READY_WAIT_MAX_MS = 2000;
/** Batches written at once within a drain: the next one is prepared while the database works on the last. */
const WRITES_IN_FLIGHT = 2;
/** A full buffer warns at most once per interval, with the count spilled since the last warning. */
const OVERFLOW_WARNING_INTERVAL_MS = 1000;

/**
 * In-process sink: `record` only appends to memory; a timer (or a full batch) writes with one bulk insert.
 * Bounded: past `bufferMax` the oldest events go to the console. A failed write goes to the console too,
 * so the request path is never blocked or broken by logging. Past half of `bufferMax`, `ready()` waits for
 * the writes to catch up: the intake's senders slow down before anything has to spill. Every event is made fit
 * for the table as it is recorded (`sanitiseEvent`): this is the one place all events pass, the service's own too.
 */
export class BufferedLogSink implements LogSink {
  private buffer: LogEvent[] = [];
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly highWater: number;
  private waiters: Array<() => void> = [];
  private spilledSinceWarning = 0;
  private lastWarningAt = -Infinity;
  /** The minimum of the drain queued behind the running one, or null when none is queued. */
  private queuedMinimum: number | null = null;

  constructor(
    private readonly writer: LogBatchWriter,
    private readonly options: BufferOptions,
    private readonly observer: WrittenBatchObserver = nobodyObserves,
  ) {
    this.timer = setInterval(() => void this.flush(), options.flushMs);
    this.timer.unref();
    this.highWater = Math.max(1, Math.floor(options.bufferMax / 2));
  }

  record(event: LogEvent): void {
    if (this.closed) {
      eventToConsole(event, 'sink_closed');
      return;
    }
    this.buffer.push(sanitiseEvent(event));
    if (this.buffer.length > this.options.bufferMax) this.spillOldest();
    if (this.buffer.length >= this.options.batchMax) void this.drain(this.options.batchMax);
  }

  ready(): Promise<void> {
    if (this.closed || this.buffer.length < this.highWater) return Promise.resolve();
    void this.drain(Math.min(this.options.batchMax, this.highWater));
    return new Promise((resolve) => {
      const timeout = setTimeout(resolve, READY_WAIT_MAX_MS);
      this.waiters.push(() => {
        clearTimeout(timeout);
        resolve();
      });
    });
  }

  /** Writes everything buffered so far; concurrent calls are serialised. */
  flush(): Promise<void> {
    return this.drain(1);
  }

  /**
   * Queues a write of batches while at least `minimum` events wait. A full batch starts one at once; the rest waits
   * for the timer: writing whatever arrived during the last write would mean many small inserts under steady load,
   * each paying a statement and a commit. One drain waits at a time; a later call only lowers its minimum. Within a
   * drain up to WRITES_IN_FLIGHT batches are written at once, so preparing the next batch overlaps the database's
   * work on the last one.
   */
  private drain(minimum: number): Promise<void> {
    if (this.queuedMinimum !== null) {
      this.queuedMinimum = Math.min(this.queuedMinimum, minimum);
      return this.flushing;
    }
    this.queuedMinimum = minimum;
    this.flushing = this.flushing.then(async () => {
      const least = Math.max(1, this.queuedMinimum ?? 1);
      this.queuedMinimum = null;
      const inFlight = new Set<Promise<void>>();
      while (this.buffer.length >= least) {
        const written: Promise<void> = this.writeBatch(this.buffer.splice(0, this.options.batchMax)).finally(() => inFlight.delete(written));
        inFlight.add(written);
        if (inFlight.size >= WRITES_IN_FLIGHT) await Promise.race(inFlight);
      }
      await Promise.all(inFlight);
    });
    return this.flushing;
  }

  /**
   * Writes one batch; never rejects (a rejection would stop every later drain, which chain on `flushing`, and end
   * the process as an unhandled rejection): what the table cannot take goes to the console (`writeSplitting`).
   */
  private async writeBatch(batch: LogEvent[]): Promise<void> {
    let written: readonly LogEvent[] = [];
    try {
      written = await writeSplitting(this.writer, batch); // sends what it could not write to the console itself
    } catch (error) {
      consoleLine('error', 'log batch lost', { count: batch.length, error: errorText(error) }); // not expected: belt and braces
    } finally {
      this.wakeWaiters();
    }
    if (written.length === 0) return;
    // Only events in the table are counted for maintainer alerts; the check's failure never sends them to the console.
    try {
      await this.observer.afterWrite(written);
    } catch (error) {
      consoleLine('error', 'maintainer alert check failed', { error: errorText(error) });
    }
  }

  private wakeWaiters(): void {
    if (this.waiters.length === 0 || (this.buffer.length >= this.highWater && !this.closed)) return;
    const waiting = this.waiters;
    this.waiters = [];
    for (const wake of waiting) wake();
  }

  private spillOldest(): void {
    const dropped = this.buffer.splice(0, this.buffer.length - this.options.bufferMax);
    for (const e of dropped) eventToConsole(e, 'buffer_full');
    this.spilledSinceWarning += dropped.length;
    const now = Date.now();
    if (now - this.lastWarningAt < OVERFLOW_WARNING_INTERVAL_MS) return;
    consoleLine('warn', 'log buffer full; oldest events written to the console', { count: this.spilledSinceWarning });
    this.spilledSinceWarning = 0;
    this.lastWarningAt = now;
  }

  /** Events accepted and not yet written. */
  get pending(): number {
    return this.buffer.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.wakeWaiters();
    await this.flush();
    await this.writer.close();
  }
}
