/**
 * Epoch milliseconds of a timestamptz as PostgreSQL writes it in the ISO date style ("2026-01-15 10:00:00.25+00",
 * "1969-07-20 20:17:40+05:30", "0044-03-15 12:00:00+00 BC"), microseconds truncated as node-postgres's own date parser
 * truncates them. For rows read as text: computing epoch milliseconds in SQL (`extract`, numeric arithmetic) cost
 * PostgreSQL as much again as a listing's whole statement. ISO is PostgreSQL's default date style, and the one the
 * ORM's own date parsing expects; another style is refused with a message that names it, never read wrong.
 */
export function timestamptzMillis(text: string): number {
  const m = TIMESTAMPTZ.exec(text);
  if (m === null) throw new RangeError(`Not a timestamptz in the ISO date style: ${text}`);
  const [, year, month, day, hour, minute, second, fraction, sign, offsetHours, offsetMinutes, offsetSeconds, bc] = m;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: years 0–99 stay themselves. Year 1 BC is year 0.
  date.setUTCFullYear(bc === undefined ? Number(year) : 1 - Number(year), Number(month) - 1, Number(day));
  date.setUTCHours(Number(hour), Number(minute), Number(second), fraction === undefined ? 0 : Number(`${fraction}00`.slice(0, 3)));
  const offset = (Number(offsetHours) * 3600 + Number(offsetMinutes ?? 0) * 60 + Number(offsetSeconds ?? 0)) * 1000;
  return date.getTime() - (sign === '-' ? -offset : offset);
}

const TIMESTAMPTZ = /^(\d{4,})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?([+-])(\d\d)(?::(\d\d))?(?::(\d\d))?( BC)?$/;
