import type { EntityManager } from '@mikro-orm/postgresql';
import type { LogStore } from '../../application/logging/ports/log-store.js';
import type { LogEvent, LogLevel } from '../../domain/logging/log-event.js';
import type { LogFilter, LogRecord } from '../../domain/logging/log-record.js';
import type { EventSummary } from '../../domain/logging/maintainer-alert.js';
import type { PageRequest, PageSlice } from '../../domain/shared/page.js';
import { sliceOf, whereOf } from '../kits/sql/keyset.js';
import { onPooledClient, selectRows } from '../kits/sql/select-rows.js';
import { refusalOf } from './log-batch-refused.js';
import { copyLogRows, logCopyText } from './log-insert.js';

const COLUMNS = 'log_id, log_time, log_level, log_source, log_event, log_detail, log_instance';
/** The position of a key row in the viewer's order; a row deleted by retention meanwhile ends the listing there. */
const KEY_POSITION = '(select k.log_time, k.log_id from log k where k.log_id = ?)';

export class SqlLogStore implements LogStore {
  constructor(private readonly em: EntityManager) {}

  /**
   * The batch with one COPY (`LOG_COPY_SQL`), on a connection of the ORM's pool (`LogBatchWriting` 'orm-pool'). Rejects
   * with a LogBatchRefused when the table refuses what the batch holds, so the buffer can split it.
   */
  async append(events: readonly LogEvent[]): Promise<void> {
    const copyText = logCopyText(events);
    try {
      await onPooledClient(this.em, (client) => copyLogRows(client, copyText));
    } catch (error) {
      throw refusalOf(error);
    }
  }

  /** Keyset over (log_time, log_id) descending, so a page costs the same at any depth (no OFFSET). */
  async page(filter: LogFilter, request: PageRequest): Promise<PageSlice<LogRecord>> {
    const conditions: string[] = [];
    const params: unknown[] = [];
    const add = (condition: string, value: unknown): void => {
      conditions.push(condition);
      params.push(value);
    };
    if (filter.source !== undefined) add('log_source = ?', filter.source);
    if (filter.level !== undefined) add('log_level = ?', filter.level);
    if (filter.instance !== undefined) add('log_instance = ?', filter.instance);
    if (filter.since !== undefined) add('log_time >= ?', filter.since.toISOString());
    if (filter.until !== undefined) add('log_time < ?', filter.until.toISOString());
    const w = request.window;
    // Display order is newest first; prev and last pages read the other way and are reversed.
    const reversed = w.kind === 'before' || w.kind === 'last';
    if (w.kind === 'after') add(`(log_time, log_id) < ${KEY_POSITION}`, w.key);
    if (w.kind === 'before') add(`(log_time, log_id) > ${KEY_POSITION}`, w.key);
    const order = reversed ? 'log_time asc, log_id asc' : 'log_time desc, log_id desc';
    const limit = request.size + 1;
    const rows = await selectRows(this.em, `select ${COLUMNS} from log ${whereOf(conditions)} order by ${order} limit ?`, [...params, limit]);
    return sliceOf(rows.map(toRecord), { condition: null, params: [], orderBy: order, limit, reversed });
  }

  async summarise(event: string, from: Date, to: Date): Promise<EventSummary | null> {
    const rows = await selectRows(
      this.em,
      `with w as (select ${COLUMNS} from log where log_event = ? and log_time >= ? and log_time < ?)
       select (select count(*) from w)::int as total, (select max(log_time) from w) as last_time, w.*
       from w order by log_time, log_id limit 1`,
      [event, from.toISOString(), to.toISOString()],
    );
    const row = rows[0];
    if (!row) return null;
    const sample = toRecord(row);
    return { count: Number(row.total), first: sample.time, last: new Date(row.last_time as Date), sample };
  }

  async deleteBefore(cutoff: Date, limit: number): Promise<number> {
    const rows = await this.em.execute<Array<{ deleted: number }>>(
      `with gone as (delete from log where log_id in (select log_id from log where log_time < ? order by log_time limit ?) returning 1)
       select count(*)::int as deleted from gone`,
      [cutoff.toISOString(), limit],
    );
    return Number(rows[0]?.deleted ?? 0);
  }
}

function toRecord(row: Record<string, unknown>): LogRecord {
  return {
    id: Number(row.log_id),
    time: new Date(row.log_time as Date),
    level: row.log_level as LogLevel,
    source: row.log_source as string,
    event: row.log_event as string,
    detail: (row.log_detail ?? {}) as Record<string, unknown>,
    instance: (row.log_instance as string | null) ?? null,
  };
}
