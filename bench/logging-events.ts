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

/** Waiting polls a 1 ms timer, not setImmediate: a spinning producer would take a core from PostgreSQL. */
export const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1));

/**
 * Records bench events into `sink` for `seconds`, 100 at a time, while fewer than `maxPending` wait in it, so the
 * rate is what the sink sustains without spilling. Resolves with the events accepted and the seconds taken.
 */
export async function produceEvents(
  sink: { record(event: LogEvent): void; readonly pending: number },
  seconds: number,
  maxPending: number,
): Promise<{ accepted: number; seconds: number }> {
  let accepted = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  while (performance.now() < deadline) {
    if (sink.pending < maxPending) {
      const now = new Date();
      for (let i = 0; i < 100; i++) sink.record(benchEvent(accepted++, now));
    } else {
      await pause();
    }
  }
  return { accepted, seconds: (performance.now() - started) / 1000 };
}
