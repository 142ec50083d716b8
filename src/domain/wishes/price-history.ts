import type { Money } from '../shared/money.js';

/*
 * A wish's price history: for each day of a window, the lowest price quoted that day within the wish's scope (the
 * scope of its best price: the book's editions in the user's formats and readable languages, at the stores the user
 * can buy from, in the user's currency), out of stock or not. A month that consolidation has folded into monthly
 * quotes has no days left: it is one point, dated its first day within the window, at the month's lowest price.
 */

export const PRICE_HISTORY_DAYS_DEFAULT = 90;
export const PRICE_HISTORY_DAYS_MAX = 365;

/** One point of a history: a UTC day (`YYYY-MM-DD`) and the lowest price of that day (or of that month). */
export interface PricePoint {
  date: string;
  price: Money;
}

export interface WishPriceHistory {
  wishId: number;
  /** The user's currency: every point is in it. */
  currency: string;
  /** Oldest first; days without a quote are absent. */
  points: PricePoint[];
}

/** The window of `days` days that ends today (UTC): its first day and the instant it starts. */
export interface HistoryWindow {
  firstDay: string;
  since: Date;
}

export function historyWindow(now: Date, days: number): HistoryWindow {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (days - 1) * 86_400_000);
  return { firstDay: since.toISOString().slice(0, 10), since };
}
