import winston from 'winston';
import { sanitiseDetail } from '../../../domain/logging/log-detail-sanitiser.js';
import type { LogEvent } from '../../../domain/logging/log-event.js';

/**
 * The platform's console: operational lines and, when the log table cannot take an event,
 * the event itself as one JSON line on stdout.
 */
export const consoleLogger = winston.createLogger({
  level: 'info',
  format: winston.format.combine(winston.format.timestamp(), winston.format.json()),
  transports: [new winston.transports.Console()],
});

/** Past this, a line that winston could not write is cut: the last resort must stay small. */
const LAST_RESORT_CHARS = 2000;

/**
 * The event as one console line. It is the fallback of every other path, so it never throws: the detail is bounded
 * (depth, size, cycles: `sanitiseDetail`), and if winston still fails a short line goes straight to stdout.
 */
export function eventToConsole(event: LogEvent, why: string): void {
  consoleLine(event.level, event.event, {
    fallback: why,
    log_time: isoOf(event.time),
    log_source: event.source,
    log_event: event.event,
    log_detail: sanitiseDetail(event.detail),
  });
}

/**
 * One console line that cannot throw, for the fallback paths (a failed write, an alert check that failed). `meta`
 * should be small and flat; a detail goes through `sanitiseDetail` first.
 */
export function consoleLine(level: string, message: string, meta: Record<string, unknown>): void {
  try {
    consoleLogger.log({ ...meta, level, message });
  } catch (error) {
    try {
      const line = JSON.stringify({ level, message, fallback_error: error instanceof Error ? error.message : String(error) });
      process.stdout.write(`${line.slice(0, LAST_RESORT_CHARS)}\n`);
    } catch {
      // Nowhere left to write: swallowed, so logging never breaks the caller.
    }
  }
}

/** The error of a failed write as a console field: short, and never a throw of its own. */
export function errorText(error: unknown): string {
  try {
    return (error instanceof Error ? error.message : String(error)).slice(0, 500);
  } catch {
    return 'unprintable error';
  }
}

function isoOf(time: unknown): string | null {
  return time instanceof Date && !Number.isNaN(time.getTime()) ? time.toISOString() : null;
}
