import type { LogRecord } from './log-record.js';

/** Failures that alert the maintainer, grouped per window: 500 failures of one fetch are one alert. */
export const GROUPED_ALERT_EVENTS = ['fetch_failed', 'consolidation_failed'] as const;
/** Alerts only past a threshold within a window, then stays quiet for the window. */
export const THRESHOLD_ALERT_EVENT = 'api_error';

/** The webhook body and the e-mail's content: event, count, first and last time, a sample record. */
export interface MaintainerAlert {
  alert: string;
  log_event: string;
  count: number;
  first_log_time: string;
  last_log_time: string;
  sample: {
    log_id: number;
    log_time: string;
    log_level: string;
    log_source: string;
    log_event: string;
    log_detail: Record<string, unknown>;
    log_instance: string | null;
  };
}

/** What the log holds about one event name within a time range. */
export interface EventSummary {
  count: number;
  first: Date;
  last: Date;
  sample: LogRecord;
}

export function isGroupedAlertEvent(event: string): boolean {
  return (GROUPED_ALERT_EVENTS as readonly string[]).includes(event);
}

/** "More than 10 in 5 minutes": the threshold itself does not alert. */
export function exceedsThreshold(count: number, threshold: number): boolean {
  return count > threshold;
}

function minutes(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`;
}

export function maintainerAlert(event: string, summary: EventSummary, windowMs: number, kind: 'group' | 'threshold'): MaintainerAlert {
  const alert =
    kind === 'group'
      ? `${summary.count} × ${event} within ${minutes(windowMs)}`
      : `${event} over threshold: ${summary.count} within ${minutes(windowMs)}`;
  const s = summary.sample;
  return {
    alert,
    log_event: event,
    count: summary.count,
    first_log_time: summary.first.toISOString(),
    last_log_time: summary.last.toISOString(),
    sample: {
      log_id: s.id,
      log_time: s.time.toISOString(),
      log_level: s.level,
      log_source: s.source,
      log_event: s.event,
      log_detail: s.detail,
      log_instance: s.instance,
    },
  };
}
