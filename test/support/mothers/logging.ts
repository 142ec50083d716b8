import type { LogEvent } from '../../../src/domain/logging/log-event.js';

/** An event at `time` (default: now in the fake clock's default); `fetch_failed` unless told. */
export function aLogEvent(overrides: Partial<LogEvent> = {}): LogEvent {
  return {
    level: 'error',
    source: 'scheduled_fetch',
    event: 'fetch_failed',
    detail: { book_id: 11, store_id: 2, error: 'not_found: gone', edition_id: 1, run_id: 1 },
    time: new Date('2026-11-25T03:00:00Z'),
    ...overrides,
  };
}

export function anApiErrorEvent(time: Date, overrides: Partial<LogEvent> = {}): LogEvent {
  return aLogEvent({ level: 'error', source: 'api', event: 'api_error', detail: { endpoint: 'GET /api/books', status: 500, message: 'boom' }, time, ...overrides });
}
