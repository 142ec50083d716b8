import type { LogEvent } from './log-event.js';
import type { ChannelKind } from '../alerts/channel.js';

// The seed's Events table for scheduled work and user alerts: names and details exactly as listed there.

export const fetchStarted = (detail: { book_count: number; store_count: number; run_id: number }, time: Date): LogEvent => ({
  level: 'info', source: 'scheduled_fetch', event: 'fetch_started', detail, time,
});

/** `book_id` is null when the edition was gone by the time the task was read: never a made-up id. */
export const fetchFailed = (
  detail: {
    book_id: number | null; store_id: number; error: string; edition_id: number; run_id: number;
    /** The failure's kind (`ambiguous_price`, `timeout`, …) and, for a page that was read, what its sources saw. */
    failure_kind?: string; evidence?: string | null;
  },
  time: Date,
): LogEvent => ({
  level: 'error', source: 'scheduled_fetch', event: 'fetch_failed', detail, time,
});

/**
 * A large drop the second reading of the page did not confirm: the quote is kept as suspect and raises no alert
 * (drop-confirmation.ts). `second_reading` is the second price ("12.99 EUR") or the failure's kind. What the page
 * said only: never who asked.
 */
export const quoteSuspect = (
  detail: {
    edition_id: number; store_id: number; amount: string; currency: string; previous_amount: string;
    second_reading: string; evidence: string | null; on_demand: boolean;
  },
  time: Date,
): LogEvent => ({
  level: 'warn', source: detail.on_demand ? 'api' : 'scheduled_fetch', event: 'quote_suspect', detail, time,
});

export const fetchCompleted = (
  detail: { success_count: number; failure_count: number; duration_ms: number; run_id: number },
  time: Date,
): LogEvent => ({ level: 'info', source: 'scheduled_fetch', event: 'fetch_completed', detail, time });

export const consolidationStarted = (detail: { month: string }, time: Date): LogEvent => ({
  level: 'info', source: 'consolidation', event: 'consolidation_started', detail, time,
});

export const consolidationCompleted = (detail: { rows_processed: number; duration_ms: number; month: string }, time: Date): LogEvent => ({
  level: 'info', source: 'consolidation', event: 'consolidation_completed', detail, time,
});

export const consolidationFailed = (detail: { error: string; month: string }, time: Date): LogEvent => ({
  level: 'error', source: 'consolidation', event: 'consolidation_failed', detail, time,
});

export const alertSent = (
  detail: { user_id: number; book_id: number; channel: 'in_app' | ChannelKind; threshold: string | null },
  time: Date,
): LogEvent => ({ level: 'info', source: 'alert', event: 'alert_sent', detail, time });

export const alertFailed = (detail: { user_id: number; error: string }, time: Date): LogEvent => ({
  level: 'warn', source: 'alert', event: 'alert_failed', detail, time,
});
