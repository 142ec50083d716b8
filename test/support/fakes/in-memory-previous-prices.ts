import type { PriceBefore, PreviousPrices, PriceKey } from '../../../src/application/pricing/ports/previous-prices.js';
import type { InMemoryPricingRepository } from './in-memory-pricing-repository.js';

/**
 * PreviousPrices over an InMemoryPricingRepository's quotes, as SqlPreviousPrices reads the table: the store's latest
 * stored quote of the edition in the currency that is not suspect. `watch` says which editions a monitored wish is of.
 */
export class InMemoryPreviousPrices implements PreviousPrices {
  private readonly watched = new Set<number>();
  readonly asked: PriceKey[][] = [];

  constructor(private readonly pricing: InMemoryPricingRepository) {}

  watch(...editionIds: number[]): this {
    for (const id of editionIds) this.watched.add(id);
    return this;
  }

  async before(keys: readonly PriceKey[]): Promise<PriceBefore[]> {
    this.asked.push([...keys]);
    return keys.map((key) => {
      const previous = this.pricing.quotes.findLast(
        (q) => q.editionId === key.editionId && q.storeId === key.storeId && q.price.currency === key.currency && q.suspect !== true,
      );
      return { ...key, previous: previous?.price ?? null, watched: this.watched.has(key.editionId) };
    });
  }
}
