import type { LogEvent } from '../../domain/logging/log-event.js';

/**
 * Where a buffered sink's batches go: one statement per batch. `write` rejects with a LogBatchRefused when the table
 * refuses the batch's content (the sink then splits it) and with anything else when the database cannot be reached.
 * `close` releases what the writer holds (a thread, a connection) once the last batch is written.
 */
export interface LogBatchWriter {
  write(events: readonly LogEvent[]): Promise<void>;
  close(): Promise<void>;
}

/** Told about every batch once it is in the table (the maintainer alert check); its failure loses no event. */
export interface WrittenBatchObserver {
  afterWrite(events: readonly LogEvent[]): Promise<void>;
}

export const nobodyObserves: WrittenBatchObserver = { afterWrite: async () => undefined };

/** Writes batches with a plain function (the ORM pool's insert, a test's stand-in); holds nothing to release. */
export function batchWriterOf(write: (events: readonly LogEvent[]) => Promise<void>): LogBatchWriter {
  return { write, close: async () => undefined };
}
