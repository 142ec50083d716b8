import type { ServiceIdentifier } from 'inversify';
import type { LogEvent } from '../../../domain/logging/log-event.js';
import type { LogFilter, LogRecord } from '../../../domain/logging/log-record.js';
import type { EventSummary } from '../../../domain/logging/maintainer-alert.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';

/** The `log` table: bulk appends, the viewer's pages, alert counts, retention. */
export interface LogStore {
  /** One statement for the whole batch. */
  append(events: readonly LogEvent[]): Promise<void>;
  /** Newest first (`log_time`, then `log_id`); keys are `log_id`s. */
  page(filter: LogFilter, request: PageRequest): Promise<PageSlice<LogRecord>>;
  /** Rows of `event` with `from <= log_time < to`; null when there are none. */
  summarise(event: string, from: Date, to: Date): Promise<EventSummary | null>;
  /** Deletes at most `limit` rows older than `cutoff`; returns how many went. */
  deleteBefore(cutoff: Date, limit: number): Promise<number>;
}
export const LogStore = Symbol.for('LogStore') as ServiceIdentifier<LogStore>;
