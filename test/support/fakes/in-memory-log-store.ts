import type { LogStore } from '../../../src/application/logging/ports/log-store.js';
import type { LogEvent } from '../../../src/domain/logging/log-event.js';
import type { LogFilter, LogRecord } from '../../../src/domain/logging/log-record.js';
import type { EventSummary } from '../../../src/domain/logging/maintainer-alert.js';
import type { PageRequest, PageSlice } from '../../../src/domain/shared/page.js';

/**
 * The `log` table in memory: appends number the rows; `summarise` counts `from <= time < to`, as the port says; pages
 * are newest first.
 */
export class InMemoryLogStore implements LogStore {
  readonly records: LogRecord[] = [];
  /** Every `deleteBefore` call's limit and how many rows it deleted (each is one statement in the SQL store). */
  readonly deletions: Array<{ cutoff: Date; limit: number; deleted: number }> = [];
  private nextId = 1;

  async append(events: readonly LogEvent[]): Promise<void> {
    for (const e of events) this.records.push({ id: this.nextId++, time: e.time, level: e.level, source: e.source, event: e.event, detail: e.detail, instance: e.instance ?? null });
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
    this.deletions.push({ cutoff: new Date(cutoff), limit, deleted: gone.length });
    return gone.length;
  }

  /** Newest first by time, then id; a key row no longer stored (purged meanwhile) ends the listing there. */
  async page(filter: LogFilter, request: PageRequest): Promise<PageSlice<LogRecord>> {
    const shown = this.records
      .filter(
        (r) =>
          (filter.source === undefined || r.source === filter.source) &&
          (filter.level === undefined || r.level === filter.level) &&
          (filter.instance === undefined || r.instance === filter.instance) &&
          (filter.since === undefined || r.time.getTime() >= filter.since.getTime()) &&
          (filter.until === undefined || r.time.getTime() < filter.until.getTime()),
      )
      .sort((a, b) => b.time.getTime() - a.time.getTime() || b.id - a.id);
    const size = request.size;
    const window = request.window;
    // The key row's place in the order, whether or not the filter shows it, as the SQL keyset reads it.
    const keyRow = (key: number) => this.records.find((r) => r.id === key);
    const newer = (r: LogRecord, k: LogRecord) => r.time.getTime() > k.time.getTime() || (r.time.getTime() === k.time.getTime() && r.id > k.id);
    switch (window.kind) {
      case 'first':
        return { items: shown.slice(0, size), hasMore: shown.length > size };
      case 'last':
        return { items: shown.slice(Math.max(0, shown.length - size)), hasMore: shown.length > size };
      case 'after': {
        const key = keyRow(window.key);
        const older = key ? shown.filter((r) => newer(key, r)) : [];
        return { items: older.slice(0, size), hasMore: older.length > size };
      }
      case 'before': {
        const key = keyRow(window.key);
        const later = key ? shown.filter((r) => newer(r, key)) : [];
        return { items: later.slice(Math.max(0, later.length - size)), hasMore: later.length > size };
      }
    }
  }
}
