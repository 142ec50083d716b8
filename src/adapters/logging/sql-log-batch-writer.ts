import type { EntityManager } from '@mikro-orm/postgresql';
import type { LogEvent } from '../../domain/logging/log-event.js';
import type { BatchWriter } from './buffered-log-sink.js';

/** One bulk insert per batch: the whole batch travels as a single jsonb parameter. */
export function sqlLogBatchWriter(em: EntityManager): BatchWriter {
  return async (events: readonly LogEvent[]) => {
    const rows = events.map((e) => ({
      log_time: e.time.toISOString(),
      log_level: e.level,
      log_source: e.source,
      log_event: e.event,
      log_detail: e.detail,
    }));
    await em.execute(
      `insert into log (log_time, log_level, log_source, log_event, log_detail)
       select r.log_time, r.log_level, r.log_source, r.log_event, coalesce(r.log_detail, '{}'::jsonb)
       from jsonb_to_recordset(?::jsonb) as r(log_time timestamptz, log_level text, log_source text, log_event text, log_detail jsonb)`,
      // jsonb cannot hold U+0000, which an error message may quote; one bad event must not sink the batch.
      [JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'string' ? value.replaceAll('\u0000', '\uFFFD') : value))],
    );
  };
}
