import { ValidationError } from '../shared/domain-error.js';

/** A calendar month in UTC, `YYYY-MM`. */
export interface Month {
  year: number;
  month: number;
}

export function parseMonth(text: string, field = 'month'): Month {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text);
  if (!match) throw new ValidationError(`Invalid month ${text} (expected YYYY-MM)`, [{ field, message: 'must be YYYY-MM' }]);
  return { year: Number(match[1]), month: Number(match[2]) };
}

export function formatMonth(m: Month): string {
  return `${m.year}-${String(m.month).padStart(2, '0')}`;
}

/** The month before the one containing `instant` (consolidation runs on the 1st for the month that just ended). */
export function previousMonth(instant: Date): Month {
  const year = instant.getUTCFullYear();
  const month = instant.getUTCMonth(); // 0-based: the current month's index is the previous month's number
  return month === 0 ? { year: year - 1, month: 12 } : { year, month };
}

export function monthStart(m: Month): Date {
  return new Date(Date.UTC(m.year, m.month - 1, 1));
}

export function monthEnd(m: Month): Date {
  return new Date(Date.UTC(m.year, m.month, 1));
}
