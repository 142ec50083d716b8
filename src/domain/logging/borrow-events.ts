import type { LogEvent } from './log-event.js';

/** A background batch asked the lending programme about wished books: how many, how many can be borrowed. */
export const borrowChecked = (detail: { book_count: number; available_count: number; became_available_count: number }, time: Date): LogEvent => ({
  level: 'info', source: 'enrichment', event: 'borrow_checked', detail, time,
});

/** The lending programme could not answer: the books stay due for a later run. */
export const borrowCheckUnavailable = (detail: { book_count: number; error: string }, time: Date): LogEvent => ({
  level: 'warn', source: 'enrichment', event: 'borrow_check_unavailable', detail, time,
});
