import type { RatesRefusal } from '../logging/exchange-rate-events.js';
import { addDays, RATE_MAX_AGE_DAYS } from './exchange-rates.js';

/** What the last refresh of the reference rates did: stored days (up to `newestDay`) or refused for `reason`. */
export interface RatesRefreshRecord {
  at: Date;
  outcome: 'updated' | 'refused';
  reason: RatesRefusal | null;
  message: string | null;
  /** The newest day the refresh stored; null when it was refused. */
  newestDay: string | null;
}

/**
 * Whether quotes in other currencies convert today, and if not, why (C11.4: a rate older than RATE_MAX_AGE_DAYS
 * counted from a quote's day is not used, and the quote stays out of the reader's prices).
 */
export interface ExchangeRatesHealth {
  /** The rates are fetched (FX_RATES on). */
  enabled: boolean;
  newestDay: string | null;
  /** Days from the newest day kept to today. */
  ageDays: number | null;
  /** Currencies listed on the newest day (the euro, their base, not counted). */
  currencyCount: number;
  /** A quote fetched today converts: the newest day is at most RATE_MAX_AGE_DAYS old. */
  usable: boolean;
  lastRefresh: RatesRefreshRecord | null;
  /** Why quotes may stay out or the rates are not being renewed, in words; null when all is well. */
  problem: string | null;
}

export interface RatesHealthFacts {
  enabled: boolean;
  newestDay: string | null;
  currencyCount: number;
  lastRefresh: RatesRefreshRecord | null;
  /** YYYY-MM-DD (UTC). */
  today: string;
}

const DAY_MS = 86_400_000;

export function exchangeRatesHealth(facts: RatesHealthFacts): ExchangeRatesHealth {
  const { enabled, newestDay, currencyCount, lastRefresh, today } = facts;
  const ageDays = newestDay === null ? null : Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${newestDay}T00:00:00Z`)) / DAY_MS);
  const usable = ageDays !== null && ageDays <= RATE_MAX_AGE_DAYS;
  return { enabled, newestDay, ageDays, currencyCount, usable, lastRefresh, problem: problemOf(facts, ageDays, usable) };
}

function problemOf({ enabled, newestDay, lastRefresh }: RatesHealthFacts, ageDays: number | null, usable: boolean): string | null {
  const refused = lastRefresh?.outcome === 'refused' ? `the last refresh was refused (${lastRefresh.reason}): ${lastRefresh.message}` : null;
  const why = enabled ? refused : 'exchange rates are not fetched (FX_RATES=off)';
  if (newestDay === null) return `No exchange rates are kept, so quotes in other currencies are not converted${why ? `: ${why}` : ''}.`;
  if (!usable) {
    return (
      `The newest exchange rates are of ${newestDay}, ${ageDays} days ago: quotes fetched after ` +
      `${addDays(newestDay, RATE_MAX_AGE_DAYS)} are not converted and stay out of the prices${why ? `; ${why}` : ''}.`
    );
  }
  if (why === null) return null;
  return `${why.charAt(0).toUpperCase()}${why.slice(1)}; the rates of ${newestDay} are used meanwhile.`;
}
