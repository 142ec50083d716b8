import type { Edition } from '../catalog/edition.js';
import type { Money } from '../shared/money.js';
import type { Availability } from './price-observation.js';

/** The most editions one book's price history answers (a book's first editions by id). */
export const PRICE_HISTORY_EDITIONS_MAX = 100;
/** The most points (daily and monthly together) one answer carries: the newest are kept. */
export const PRICE_HISTORY_POINTS_MAX = 20_000;
/** The longest window `days` may ask for (ten years); without `days` the whole history. */
export const PRICE_HISTORY_DAYS_MAX = 3660;

/** One day's daily quotes of an (edition, store, currency): the day's last price and its range. */
export interface DailyPricePoint {
  /** `YYYY-MM-DD`, UTC. */
  date: string;
  last: Money;
  min: Money;
  max: Money;
  quoteCount: number;
}

/** A consolidated month, as stored: the month's last price, its range and average. */
export interface MonthlyPricePoint {
  /** `YYYY-MM`. */
  month: string;
  last: Money;
  min: Money;
  max: Money;
  avg: Money;
  sampleCount: number;
}

/** One (edition, store, currency): its latest quote and lowest price ever (whatever the window) and its points in the window. */
export interface PriceSeries {
  storeId: number;
  storeName: string;
  currency: string;
  latest: { price: Money; availability: Availability; url: string; fetchedAt: Date; evidence?: string | null };
  lowest: { price: Money; fetchedAt: Date };
  /** Oldest first. */
  daily: DailyPricePoint[];
  /** Oldest first. */
  monthly: MonthlyPricePoint[];
}

export interface EditionPriceHistory {
  edition: Edition;
  languageCode: string;
  languageName: string;
  /** By store id, then currency. */
  series: PriceSeries[];
}

export interface BookPriceHistory {
  bookId: number;
  /** The window's start; null for the whole history. */
  since: Date | null;
  /** By edition id. */
  editions: EditionPriceHistory[];
  /** True when the book has more editions, or the window more points, than one answer carries. */
  truncated: boolean;
}

/** The start of a window of `days` days ending at `now`; null (the whole history) without `days`. */
export function historyWindowStart(now: Date, days: number | null): Date | null {
  return days === null ? null : new Date(now.getTime() - days * 86_400_000);
}
