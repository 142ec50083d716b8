import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { LogEvent } from '../../domain/logging/log-event.js';
import { LogBatchRefused } from './log-batch-refused.js';

/**
 * One COPY per batch: the rows go as PostgreSQL's text format (`logCopyText`), in one CopyData message. COPY spares
 * the database the parsing of the batch as one jsonb document and inserts the rows in bulk: for batches of 500
 * `auth_failed` rows it took about a quarter less of the server's CPU per row than `insert ... select from
 * jsonb_to_recordset` (5 µs instead of 6.5–8 on PostgreSQL 15), and the server shares its cores with the API.
 */
export const LOG_COPY_SQL = 'copy log (log_time, log_level, log_source, log_event, log_detail, log_instance) from stdin';

/** What COPY's text format must escape in a value: its delimiter (tab), the row end (newline, CR) and the backslash. */
const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_SPECIALS = /[\\\t\n\r]/g;
const COPY_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
/** COPY's text format for SQL NULL (a NOT NULL column then refuses the batch, as the insert did). */
const COPY_NULL = '\\N';

/** Milliseconds as `toISOString` writes them: '000' to '999'. */
const MILLIS = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

/**
 * The batch as `LOG_COPY_SQL` reads it: one line per event, tab-separated, every value escaped (a backslash doubled,
 * tab, newline and CR as `\t`, `\n`, `\r`), so the stored text is exactly the event's. The time is its ISO text
 * (`toISOString`, formatted once per second of the batch: it is most of the cost), the detail its JSON text
 * (JSON.stringify escapes control characters itself, so only its backslashes are doubled); a null or missing detail
 * is `{}`. Details are made fit for jsonb by the sinks (`sanitiseEvent`), not here: an event that still cannot be
 * written (U+0000 or a lone surrogate in a detail written directly, an invalid time) refuses the batch, here or in
 * the database, and the buffer then splits it.
 */
export function logCopyText(events: readonly LogEvent[]): string {
  try {
    let text = '';
    let second = Number.NaN;
    let secondText = '';
    let level: unknown;
    let source: unknown;
    let event: unknown;
    let names: string | null = null;
    for (const e of events) {
      const ms = e.time.getTime();
      const s = Math.floor(ms / 1000);
      if (s !== second) {
        secondText = e.time.toISOString().slice(0, -4); // '2026-11-22T03:00:07.': throws for an invalid time
        second = s;
      }
      if (names === null || e.level !== level || e.source !== source || e.event !== event) {
        ({ level, source, event } = e);
        names = `\t${copyValue(level)}\t${copyValue(source)}\t${copyValue(event)}\t`;
      }
      const detail = JSON.stringify(e.detail) as string | undefined;
      text += `${secondText}${MILLIS[ms - s * 1000]}Z${names}${detail === undefined || detail === 'null' ? '{}' : copyText(detail)}\t${copyValue(e.instance)}\n`;
    }
    return text;
  } catch (error) {
    throw new LogBatchRefused(`the batch cannot be written: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Writes `copyText` (see `logCopyText`) with `LOG_COPY_SQL` on a connection the caller holds. A row the table refuses
 * fails the whole COPY with the database's error (its SQLSTATE tells a refusal, see `refusalOf`); the connection is
 * usable again afterwards. The text goes as one chunk: pg-copy-streams then never has a second one waiting for the
 * socket when the server answers an error early.
 */
export function copyLogRows(connection: pg.ClientBase, copyText: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const stream = connection.query(copyFrom(LOG_COPY_SQL));
    stream.on('error', reject);
    // 'finish' comes after the server's ReadyForQuery: the rows are committed.
    stream.on('finish', () => resolve());
    if (copyText === '') stream.end();
    else stream.end(copyText);
  });
}

function copyValue(value: unknown): string {
  return value === null || value === undefined ? COPY_NULL : copyText(String(value));
}

function copyText(text: string): string {
  return COPY_SPECIAL.test(text) ? text.replace(COPY_SPECIALS, (c) => COPY_ESCAPES[c]!) : text;
}
