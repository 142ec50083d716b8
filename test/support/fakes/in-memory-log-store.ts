import type { LogStore } from '../../../src/application/logging/ports/log-store.js';
import type { LogEvent } from '../../../src/domain/logging/log-event.js';
import type { LogFilter, LogRecord } from '../../../src/domain/logging/log-record.js';
import type { EventSummary } from '../../../src/domain/logging/maintainer-alert.js';
import type { PageRequest, PageSlice } from '../../../src/domain/shared/page.js';

/** The `log` table in memory: appends number the rows; `summarise` counts `from <= time < to`, as the port says. */
export class InMemoryLogStore implements LogStore {
  readonly records: LogRecord[] = [];
  private nextId = 1;

  async append(events: readonly LogEvent[]): Promise<void> {
    for (const e of events) this.records.push({ id: this.nextId++, time: e.time, level: e.level, source: e.source, event: e.event, detail: e.detail });
  }

  async summarise(event: string, from: Date, to: Date): Promise<EventSummary | null> {
    const rows = this.records
      .filter((r) => r.event === event && r.time.getTime() >= from.getTime() && r.time.getTime() < to.getTime())
      .sort((a, b) => a.time.getTime() - b.time.getTime() || a.id - b.id);
    const first = rows[0];
    const last = rows[rows.length - 1];
    if (!first || !last) return null;
    return { count: rows.length, first: first.time, last: last.time, sample: last };
  }

  async deleteBefore(cutoff: Date, limit: number): Promise<number> {
    const gone = this.records.filter((r) => r.time.getTime() < cutoff.getTime()).slice(0, limit);
    for (const record of gone) this.records.splice(this.records.indexOf(record), 1);
    return gone.length;
  }

  async page(_filter: LogFilter, _request: PageRequest): Promise<PageSlice<LogRecord>> {
    throw new Error('InMemoryLogStore.page is not faked');
  }
}
