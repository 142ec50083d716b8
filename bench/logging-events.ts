// The event the logging benchmark writes, in every variant: one shape, so the variants store the same rows.
import type { LogEvent } from '../src/domain/logging/log-event.js';

export const BENCH_EVENT_NAME = 'bench_intake';

export function benchEvent(i: number, time = new Date()): LogEvent {
  return {
    level: 'info',
    source: 'scheduled_fetch',
    event: BENCH_EVENT_NAME,
    detail: { book_id: 1 + (i % 5000), store_id: 1 + (i % 4), edition_id: 10 + (i % 9000), run_id: 7, error: 'HTTP 503 Service Unavailable' },
    time,
  };
}

/** The same event as a `POST /log` body. */
export function benchIntakeBody(i: number): string {
  const e = benchEvent(i);
  return JSON.stringify({ log_level: e.level, log_source: e.source, log_event: e.event, log_detail: e.detail });
}
