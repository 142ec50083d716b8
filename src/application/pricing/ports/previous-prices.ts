import type { ServiceIdentifier } from 'inversify';
import type { Money } from '../../../domain/shared/money.js';

/** A new quote's edition and store, and the currency of its price. */
export interface PriceKey {
  editionId: number;
  storeId: number;
  currency: string;
}

/** What a new quote is compared with before its alerts go out (drop-confirmation.ts). */
export interface PriceBefore extends PriceKey {
  /** The store's latest quote of the edition in that currency that is not suspect; null when it has none. */
  previous: Money | null;
  /** Some monitored wish is of the edition's book: a drop there would be told to someone. */
  watched: boolean;
}

/** The store's previous price of each new quote, read before the quotes are stored. */
export interface PreviousPrices {
  /** One answer per key, in the keys' order. */
  before(keys: readonly PriceKey[]): Promise<PriceBefore[]>;
}
export const PreviousPrices = Symbol.for('PreviousPrices') as ServiceIdentifier<PreviousPrices>;
