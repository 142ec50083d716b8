import type { ClaimedTask } from '../../../src/application/pricing/ports/fetch-runs.js';
import { describeFetchRunRepositoryContract } from '../../contracts/ports/fetch-runs.contract.js';
import { FakeClock } from '../../support/fakes/fake-clock.js';
import { FakeUnitOfWork } from '../../support/fakes/fake-unit-of-work.js';
import { InMemoryFetchRunRepository } from '../../support/fakes/in-memory-fetch-run-repository.js';

describeFetchRunRepositoryContract('in memory', async () => {
  const runs = new InMemoryFetchRunRepository(new FakeClock());
  const unitOfWork = new FakeUnitOfWork().enlist(runs);
  let ids = 0;
  return {
    runs,
    async startRun(shape) {
      const editions = Array.from({ length: shape.editions }, () => {
        const n = ++ids;
        return { editionId: 100 + n, bookId: 500 + n, isbn: `97980000${String(n).padStart(5, '0')}` };
      });
      const storeIds = Array.from({ length: shape.stores }, () => 300 + ++ids);
      const tasks = editions.flatMap((e) =>
        storeIds.map((storeId): ClaimedTask => ({
          editionId: e.editionId,
          storeId,
          bookId: e.bookId,
          target: { storeId, storeKey: `store-${storeId}`, productUrl: `https://store.example/${e.isbn}`, currency: 'EUR', isbn13: e.isbn, extraction: {} },
        })),
      );
      runs.plan({ tasks });
      return { run: await runs.createRun('contract'), editions, storeIds: tasks.length === 0 ? [] : storeIds };
    },
    closeStore: async (storeId) => runs.closeStore(storeId),
    lapseClaims: async () => runs.lapseClaims(),
    transaction: (work) => unitOfWork.transaction(work),
  };
});
