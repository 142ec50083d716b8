import type { LogEvent } from './log-event.js';

/** Why a refresh of the reference rates stored nothing. */
export type RatesRefusal = 'missing' | 'unreadable' | 'unavailable' | 'invalid' | 'late';

/** A refresh stored reference rates: how many days, how many currencies on the newest day, which day that is. */
export const exchangeRatesUpdated = (detail: { day_count: number; currency_count: number; newest_day: string }, time: Date): LogEvent => ({
  level: 'info', source: 'exchange_rates', event: 'exchange_rates_updated', detail, time,
});

/** A refresh stored nothing: the file was missing, unreadable, invalid (a negative rate…) or late; one event a refresh. */
export const exchangeRatesRefused = (detail: { reason: RatesRefusal; message: string; publication: string }, time: Date): LogEvent => ({
  level: 'warn', source: 'exchange_rates', event: 'exchange_rates_refused', detail, time,
});
