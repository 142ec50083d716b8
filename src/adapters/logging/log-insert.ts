import type { LogEvent } from '../../domain/logging/log-event.js';
import { LogBatchRefused } from './log-batch-refused.js';

/** One bulk insert per batch: the whole batch travels as a single jsonb parameter ($1, see `logRowsText`). */
export const LOG_INSERT_SQL = `insert into log (log_time, log_level, log_source, log_event, log_detail)
  select r.log_time, r.log_level, r.log_source, r.log_event, coalesce(r.log_detail, '{}'::jsonb)
  from jsonb_to_recordset($1::jsonb) as r(log_time timestamptz, log_level text, log_source text, log_event text, log_detail jsonb)`;

/**
 * The batch as the JSON text `LOG_INSERT_SQL` takes. Details are made fit for jsonb by the sinks (`sanitiseEvent`),
 * not here; an event that still cannot be written (an invalid time) refuses the batch, which the buffer then splits.
 */
export function logRowsText(events: readonly LogEvent[]): string {
  try {
    const rows = events.map((e) => ({
      log_time: e.time.toISOString(),
      log_level: e.level,
      log_source: e.source,
      log_event: e.event,
      log_detail: e.detail,
    }));
    return JSON.stringify(rows);
  } catch (error) {
    throw new LogBatchRefused(`the batch cannot be written as JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}
