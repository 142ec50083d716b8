import type { LogEvent } from '../../domain/logging/log-event.js';
import { RequestThread, threadEntry } from '../kits/threads/request-thread.js';
import type { LogBatchWriter } from './log-batch-writer.js';
import { fromThreadError } from './log-batch-refused.js';
import { logCopyText } from './log-insert.js';

/**
 * A batch as events (copied by the structured clone), or as the COPY text (`logCopyText`) when a detail holds
 * something the clone cannot copy (a function): JSON leaves that out, as the text does.
 */
export type LogWriteRequest = { events: readonly LogEvent[] } | { copyText: string };

export interface LogWriterThreadData {
  databaseUrl: string;
  connectTimeoutMs: number;
  applicationName: string;
}

/** How the thread's connection shows in `pg_stat_activity`. */
export const LOG_WRITER_APPLICATION_NAME = 'shelfwatch-log-writer';

/** The thread keeps its connection while batches come at least this often (the buffer flushes every few seconds). */
const IDLE_STOP_MS = 60_000;
/** A batch is at most LOG_BATCH_MAX events; nothing else lives in the thread. */
const THREAD_HEAP_MB = 64;
/** As the ORM's pool: fail fast when the server is gone, so the batch goes to the console as JSON lines. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Writes log batches on a worker thread with its own connection (log-writer-thread.ts), one COPY per batch
 * (`LOG_COPY_SQL`). Under a flood of logged answers (401s, 5xx) the batch's COPY text and the driver's work would
 * otherwise run on the thread that answers HTTP requests; here that thread only hands the events over. A failed
 * write rejects, as an in-thread write would: with a LogBatchRefused when the table refused the batch's content.
 */
export class ThreadLogWriter implements LogBatchWriter {
  private readonly thread: RequestThread<LogWriteRequest, null>;

  constructor(databaseUrl: string) {
    this.thread = new RequestThread({
      entry: threadEntry(import.meta.url, 'log-writer-thread'),
      workerData: { databaseUrl, connectTimeoutMs: CONNECT_TIMEOUT_MS, applicationName: LOG_WRITER_APPLICATION_NAME } satisfies LogWriterThreadData,
      heapMb: THREAD_HEAP_MB,
      idleStopMs: IDLE_STOP_MS,
      name: 'log writer',
    });
  }

  async write(events: readonly LogEvent[]): Promise<void> {
    let request: LogWriteRequest = { events };
    try {
      await this.thread.call(request);
      return;
    } catch (error) {
      if (!(error instanceof Error && error.name === 'DataCloneError')) throw fromThreadError(error);
      request = { copyText: logCopyText(events) };
    }
    await this.thread.call(request).catch((error: unknown) => {
      throw fromThreadError(error);
    });
  }

  /** Stops the thread; call it after the buffer's last flush. */
  close(): Promise<void> {
    return this.thread.close();
  }
}
