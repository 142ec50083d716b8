import type { EntityManager } from '@mikro-orm/postgresql';
import type { GroupWindow, MaintainerAlertLedger } from '../../application/logging/ports/maintainer-alert-ledger.js';

/** First key of the advisory locks that serialise window decisions per event name across instances. */
const LEDGER_LOCK = 7_311_005;

interface WindowRow {
  log_event: string;
  window_start: Date;
  window_end: Date;
}

const toWindow = (row: WindowRow): GroupWindow => ({ event: row.log_event, start: new Date(row.window_start), end: new Date(row.window_end) });

/**
 * `log_alert_window` rows: opening a window or a quiet period is decided under a transaction-scoped advisory lock
 * per event name (two instances cannot both see "no window"); sending is claimed by `update ... where sent_at is null`.
 */
export class SqlMaintainerAlertLedger implements MaintainerAlertLedger {
  constructor(private readonly em: EntityManager) {}

  openGroupWindow(event: string, at: Date, windowMs: number): Promise<GroupWindow> {
    return this.locked(event, async (query) => {
      const open = await query<WindowRow>(
        `select log_event, window_start, window_end from log_alert_window
         where log_event = ? and kind = 'group' and window_start <= ? and window_end > ? order by window_start desc limit 1`,
        [event, at, at],
      );
      if (open[0]) return toWindow(open[0]);
      // An earlier event reaching the table after a later one (another instance's buffer flushed first): the unsent
      // window just ahead is stretched back to it, rather than a second, overlapping window (two alerts) opened.
      const ahead = await query<WindowRow>(
        `update log_alert_window set window_start = ? where log_alert_window_id = (
           select log_alert_window_id from log_alert_window
           where log_event = ? and kind = 'group' and sent_at is null and window_start > ? and window_start < ?
           order by window_start limit 1)
         returning log_event, window_start, window_end`,
        [at, event, at, new Date(at.getTime() + windowMs)],
      );
      if (ahead[0]) return toWindow(ahead[0]);
      const created = await query<WindowRow>(
        `insert into log_alert_window (log_event, kind, window_start, window_end) values (?, 'group', ?, ?)
         returning log_event, window_start, window_end`,
        [event, at, new Date(at.getTime() + windowMs)],
      );
      return toWindow(created[0]!);
    });
  }

  async claimDueGroupWindows(endedBefore: Date): Promise<GroupWindow[]> {
    const rows = await this.em.execute<WindowRow[]>(
      `update log_alert_window set sent_at = now() where kind = 'group' and sent_at is null and window_end <= ?
       returning log_event, window_start, window_end`,
      [endedBefore.toISOString()],
    );
    return rows.map(toWindow);
  }

  claimQuietPeriod(event: string, at: Date, windowMs: number): Promise<boolean> {
    return this.locked(event, async (query) => {
      const quiet = await query(
        `select 1 from log_alert_window where log_event = ? and kind = 'quiet' and window_start <= ? and window_end > ? limit 1`,
        [event, at, at],
      );
      if (quiet.length > 0) return false;
      await query(`insert into log_alert_window (log_event, kind, window_start, window_end, sent_at) values (?, 'quiet', ?, ?, now())`, [
        event,
        at,
        new Date(at.getTime() + windowMs),
      ]);
      return true;
    });
  }

  async forgetBefore(cutoff: Date): Promise<number> {
    const rows = await this.em.execute<Array<{ forgotten: number }>>(
      `with gone as (delete from log_alert_window where window_end < ? and (sent_at is not null or kind = 'quiet') returning 1)
       select count(*)::int as forgotten from gone`,
      [cutoff.toISOString()],
    );
    return Number(rows[0]?.forgotten ?? 0);
  }

  /** Runs `work` in a transaction holding this event's advisory lock; each statement sees the previous holder's rows. */
  private locked<T>(event: string, work: (query: <R>(sql: string, params: unknown[]) => Promise<R[]>) => Promise<T>): Promise<T> {
    const knex = this.em.getConnection().getKnex();
    return knex.transaction(async (trx) => {
      const query = async <R>(sql: string, params: unknown[]): Promise<R[]> => {
        const values = params.map((p) => (p instanceof Date ? p.toISOString() : p));
        return ((await trx.raw(sql, values as never[])) as { rows: R[] }).rows;
      };
      await query('select pg_advisory_xact_lock(?, hashtext(?))', [LEDGER_LOCK, event]);
      return work(query);
    });
  }
}
