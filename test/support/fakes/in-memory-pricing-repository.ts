import type { CooldownClaim, EditionTargets, PricingRepository } from '../../../src/application/pricing/ports/pricing-repository.js';
import type { StoreTarget } from '../../../src/application/pricing/ports/price-source.js';
import type { NewDailyQuote, PriceQuote } from '../../../src/domain/pricing/price-quote.js';
import type { PageRequest, PageSlice } from '../../../src/domain/shared/page.js';

/**
 * The quotes part of PricingRepository in memory: `addDailyQuotes` stores and numbers them. `failNextAdd` makes the
 * next call throw (as a failed statement would). The fetch/cooldown methods are not needed by the use cases tested
 * with it and throw, so a test relying on them fails loudly instead of passing on a made-up answer.
 */
export class InMemoryPricingRepository implements PricingRepository {
  readonly quotes: PriceQuote[] = [];
  private nextId = 1;
  private failure: Error | null = null;

  failNextAdd(error: Error = new Error('could not store the quotes')): this {
    this.failure = error;
    return this;
  }

  async addDailyQuotes(quotes: readonly NewDailyQuote[]): Promise<PriceQuote[]> {
    if (this.failure) {
      const failure = this.failure;
      this.failure = null;
      throw failure;
    }
    const stored = quotes.map((q): PriceQuote => ({ ...q, id: this.nextId++, kind: 'daily', monthly: null }));
    this.quotes.push(...stored);
    return stored;
  }

  async editionTargets(_editionId: number): Promise<EditionTargets | null> {
    throw new Error('InMemoryPricingRepository.editionTargets is not faked');
  }

  async taskTarget(_editionId: number, _storeId: number): Promise<{ bookId: number; target: StoreTarget } | null> {
    throw new Error('InMemoryPricingRepository.taskTarget is not faked');
  }

  async claimOnDemandFetch(): Promise<CooldownClaim> {
    throw new Error('InMemoryPricingRepository.claimOnDemandFetch is not faked');
  }

  async claimUserFetch(): Promise<CooldownClaim> {
    throw new Error('InMemoryPricingRepository.claimUserFetch is not faked');
  }

  async pageOfEdition(_editionId: number, _request: PageRequest): Promise<PageSlice<PriceQuote>> {
    throw new Error('InMemoryPricingRepository.pageOfEdition is not faked');
  }
}
