import type { LogEvent } from '../../domain/logging/log-event.js';
import type { LogBatchWriter } from './log-batch-writer.js';
import { consoleLine, errorText, eventToConsole } from '../kits/console/console-output.js';
import { LogBatchRefused } from './log-batch-refused.js';

/**
 * Writes a batch and returns the events written; never rejects. When the table refuses the batch's content
 * (LogBatchRefused), the halves are written on their own, recursively, so one bad event costs only itself: it goes
 * to the console (`database_refused_event`) and the rest is written (and counted for maintainer alerts). Any other
 * failure (the database unreachable) sends the events to the console at once (`database_unavailable`): splitting
 * would only retry a dead connection. A refused batch of n events costs at most about 2·log2(n) statements per bad one.
 */
export async function writeSplitting(writer: LogBatchWriter, batch: readonly LogEvent[]): Promise<readonly LogEvent[]> {
  try {
    await writer.write(batch);
    return batch;
  } catch (error) {
    if (!(error instanceof LogBatchRefused)) {
      toConsole(batch, 'database_unavailable', 'log table unavailable; events written to the console', error);
      return [];
    }
    if (batch.length === 1) {
      toConsole(batch, 'database_refused_event', 'the log table refused an event; it is written to the console', error);
      return [];
    }
    const middle = Math.ceil(batch.length / 2);
    const first = await writeSplitting(writer, batch.slice(0, middle));
    const second = await writeSplitting(writer, batch.slice(middle));
    return first.length + second.length === batch.length ? batch : [...first, ...second];
  }
}

function toConsole(batch: readonly LogEvent[], why: string, message: string, error: unknown): void {
  consoleLine('warn', message, { count: batch.length, error: errorText(error) });
  for (const e of batch) eventToConsole(e, why);
}
