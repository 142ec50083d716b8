import type { LogEvent, LogLevel, LogSource } from './log-event.js';

/** A stored event: what `GET /logs` lists and a maintainer alert quotes as its sample. */
export interface LogRecord {
  id: number;
  time: Date;
  level: LogLevel;
  source: LogSource;
  event: string;
  detail: Record<string, unknown>;
  /** The instance that wrote it; null for events from before instances were recorded, or a sender that did not say. */
  instance: string | null;
}

/** The viewer's filters; `since` inclusive, `until` exclusive. */
export interface LogFilter {
  source?: LogSource;
  level?: LogLevel;
  since?: Date;
  until?: Date;
  instance?: string;
}

export function toEvent(record: LogRecord): LogEvent {
  return { level: record.level, source: record.source, event: record.event, detail: record.detail, time: record.time, instance: record.instance };
}
