import { MikroOrmAuthorRepository } from '../../../src/adapters/postgres/repositories/mikro-orm-author-repository.js';
import { describeAuthorRepositoryContract } from '../../contracts/ports/authors.contract.js';
import { onPostgres } from './on-postgres.js';

const pg = onPostgres();

describeAuthorRepositoryContract('PostgreSQL', async () => {
  await pg.forgetUserData();
  return {
    authors: pg.adapter((em) => new MikroOrmAuthorRepository(em)),
    aBookBy: async (authorId) => void (await pg.aBook({ authorIds: [authorId] })),
    transaction: (work) => pg.transaction(work),
  };
});
