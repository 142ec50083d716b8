import type { LogRecord } from '../../../domain/logging/log-record.js';
import { isoTimestamp } from '../../kits/http/routing/iso-timestamp.js';

/** A log record as the viewer's JSON lists it (snake_case, `log_id`, ISO 8601 UTC `log_time`). */
export interface LogJson {
  log_id: number;
  log_time: string;
  log_level: string;
  log_source: string;
  log_event: string;
  log_detail: Record<string, unknown>;
  /** The instance that wrote it (INSTANCE_ID or its host name); null when unknown. */
  log_instance: string | null;
}

export function logJson(record: LogRecord): LogJson {
  return {
    log_id: record.id,
    log_time: isoTimestamp(record.time),
    log_level: record.level,
    log_source: record.source,
    log_event: record.event,
    log_detail: record.detail,
    log_instance: record.instance,
  };
}
