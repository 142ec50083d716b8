import { SqlWishRepository } from '../../../src/adapters/postgres/repositories/sql-wish-repository.js';
import { describeWishRepositoryContract } from '../../contracts/ports/wishes.contract.js';
import { onPostgres } from './on-postgres.js';

const pg = onPostgres();

describeWishRepositoryContract('PostgreSQL', async () => {
  await pg.forgetUserData();
  return {
    wishes: pg.adapter((em) => new SqlWishRepository(em)),
    aUser: () => pg.aUser(),
    aBook: async () => (await pg.anEdition()).bookId,
  };
});
