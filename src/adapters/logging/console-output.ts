import winston from 'winston';
import type { LogEvent } from '../../domain/logging/log-event.js';

/**
 * The platform's console: operational lines and, when the log table cannot take an event,
 * the event itself as one JSON line on stdout (C8.6).
 */
export const consoleLogger = winston.createLogger({
  level: 'info',
  format: winston.format.combine(winston.format.timestamp(), winston.format.json()),
  transports: [new winston.transports.Console()],
});

export function eventToConsole(event: LogEvent, why: string): void {
  consoleLogger.log({
    level: event.level,
    message: event.event,
    fallback: why,
    log_time: event.time.toISOString(),
    log_source: event.source,
    log_event: event.event,
    log_detail: event.detail,
  });
}
