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
  /** Why this price (PriceObservation.evidence); null or absent when the reading did not say (and on monthly quotes). */
  evidence?: string | null;
  /**
   * A large drop that a second reading of the page did not confirm (drop-confirmation.ts): kept, but it raises no
   * alert and no later quote is compared with it. Absent: false.
   */
  suspect?: boolean;
}

/** A quote about to be stored by a fetch. */
export type NewDailyQuote = Omit<PriceQuote, 'id' | 'kind' | 'monthly'>;
