import { describePricingRepositoryContract } from '../../contracts/ports/pricing.contract.js';
import { InMemoryPricingRepository } from '../../support/fakes/in-memory-pricing-repository.js';

describePricingRepositoryContract('in memory', async () => {
  const pricing = new InMemoryPricingRepository();
  let ids = 0;
  return {
    pricing,
    async anEdition(stores) {
      const n = ++ids;
      const edition = { editionId: 100 + n, bookId: 500 + n, isbn: `97980000${String(n).padStart(5, '0')}`, format: 'paperback' as const };
      const storeIds = Array.from({ length: stores }, () => 300 + ++ids);
      pricing.addEdition({
        ...edition,
        targets: storeIds.map((storeId) => ({ storeId, storeKey: `store-${storeId}`, productUrl: `https://store.example/${edition.isbn}`, currency: 'EUR', isbn13: edition.isbn, extraction: {} })),
      });
      return { ...edition, storeIds };
    },
    aUser: async () => ++ids,
  };
});
