import type { ServiceIdentifier } from 'inversify';
import type { ReferenceRateDay } from '../../../domain/pricing/exchange-rates.js';
import type { RatesRefreshRecord } from '../../../domain/pricing/exchange-rates-health.js';

/** The reference rates kept per day (units of each currency per euro), and what the last refresh said. */
export interface ExchangeRateStore {
  /** Adds the days, replacing a day already kept with its newer publication. One transaction: all or nothing. */
  saveDays(days: readonly ReferenceRateDay[]): Promise<void>;
  /** The newest day kept, or null before the first refresh. */
  latestDay(): Promise<string | null>;
  /** The days kept from `since` on (YYYY-MM-DD), oldest first. */
  daysSince(since: string): Promise<ReferenceRateDay[]>;
  /** Keeps what the latest refresh did, replacing the one before (the rates' health reads it). */
  recordRefresh(refresh: RatesRefreshRecord): Promise<void>;
  /** What the latest refresh did, or null before the first. */
  lastRefresh(): Promise<RatesRefreshRecord | null>;
}
export const ExchangeRateStore = Symbol.for('ExchangeRateStore') as ServiceIdentifier<ExchangeRateStore>;
