import type { Money } from '../shared/money.js';
import type { Availability } from './price-observation.js';

export interface MonthlySummary {
  /** `YYYY-MM`. */
  month: string;
  min: Money;
  max: Money;
  avg: Money;
  sampleCount: number;
}

/** A price seen at a store: a daily quote from a fetch, or a monthly one from consolidation (amount = month's last). */
export interface PriceQuote {
  id: number;
  editionId: number;
  storeId: number;
  price: Money;
  availability: Availability;
  url: string;
  fetchedAt: Date;
  kind: 'daily' | 'monthly';
  monthly: MonthlySummary | null;
}

/** A quote about to be stored by a fetch. */
export type NewDailyQuote = Omit<PriceQuote, 'id' | 'kind' | 'monthly'>;
