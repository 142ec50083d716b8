import { SqlFetchRunRepository } from '../../../src/adapters/postgres/repositories/sql-fetch-run-repository.js';
import { describeFetchRunRepositoryContract } from '../../contracts/ports/fetch-runs.contract.js';
import { onPostgres } from './on-postgres.js';

const pg = onPostgres();

describeFetchRunRepositoryContract('PostgreSQL', async () => {
  // Only the stores a test adds sell anything, so a run covers exactly what it planned.
  await pg.forgetUserData({ closeStores: true });
  const runs = pg.adapter((em) => new SqlFetchRunRepository(em));
  return {
    runs,
    async startRun(shape) {
      const user = await pg.aUser();
      const storeIds: number[] = [];
      for (let i = 0; i < shape.stores; i++) storeIds.push(await pg.aStore());
      const editions = [];
      for (let i = 0; i < shape.editions; i++) {
        const edition = await pg.anEdition();
        await pg.db.sql('insert into wish (user_id, book_id) values ($1, $2)', [user, edition.bookId]);
        editions.push(edition);
      }
      return { run: await runs.createRun('contract'), editions, storeIds: editions.length === 0 ? [] : storeIds };
    },
    closeStore: async (storeId) => void (await pg.db.sql('update store set is_active = false where store_id = $1', [storeId])),
    lapseClaims: async () => void (await pg.db.sql("update fetch_task set claimed_at = now() - interval '1 day' where status = 'running'")),
    transaction: (work) => pg.transaction(work),
  };
});
