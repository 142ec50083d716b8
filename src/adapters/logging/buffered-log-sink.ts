import type { LogSink } from '../../application/logging/log-sink.js';
import type { LogEvent } from '../../domain/logging/log-event.js';
import { consoleLogger, eventToConsole } from './console-output.js';

/** Writes a batch of events with one statement. */
export type BatchWriter = (events: readonly LogEvent[]) => Promise<void>;
/** Runs after a batch was written (maintainer alert checks); its failure never sends the batch to the console. */
export type AfterWrite = (events: readonly LogEvent[]) => Promise<void>;

export interface BufferOptions {
  flushMs: number;
  batchMax: number;
  bufferMax: number;
}

/**
 * In-process sink: `record` only appends to memory; a timer (or a full batch) writes with one bulk insert.
 * Bounded: past `bufferMax` the oldest events go to the console. A failed write goes to the console too,
 * so the request path is never blocked or broken by logging.
 */
export class BufferedLogSink implements LogSink {
  private buffer: LogEvent[] = [];
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly write: BatchWriter,
    private readonly options: BufferOptions,
    private readonly afterWrite: AfterWrite = async () => undefined,
  ) {
    this.timer = setInterval(() => void this.flush(), options.flushMs);
    this.timer.unref();
  }

  record(event: LogEvent): void {
    if (this.closed) {
      eventToConsole(event, 'sink_closed');
      return;
    }
    this.buffer.push(event);
    if (this.buffer.length > this.options.bufferMax) {
      const dropped = this.buffer.splice(0, this.buffer.length - this.options.bufferMax);
      consoleLogger.warn('log buffer full; oldest events written to the console', { count: dropped.length });
      for (const e of dropped) eventToConsole(e, 'buffer_full');
    }
    if (this.buffer.length >= this.options.batchMax) void this.flush();
  }

  /** Writes everything buffered so far; concurrent calls are serialised. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      while (this.buffer.length > 0) {
        const batch = this.buffer.splice(0, this.options.batchMax);
        try {
          await this.write(batch);
        } catch (error) {
          consoleLogger.warn('log table unavailable; events written to the console', {
            count: batch.length,
            error: error instanceof Error ? error.message : String(error),
          });
          for (const e of batch) eventToConsole(e, 'database_unavailable');
          continue;
        }
        await this.afterWrite(batch).catch((error: unknown) =>
          consoleLogger.error('maintainer alert check failed', { error: error instanceof Error ? error.message : String(error) }),
        );
      }
    });
    return this.flushing;
  }

  /** Events accepted and not yet written. */
  get pending(): number {
    return this.buffer.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.flush();
  }
}
