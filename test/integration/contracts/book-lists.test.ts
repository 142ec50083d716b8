import { SqlBookListRepository } from '../../../src/adapters/postgres/repositories/sql-book-list-repository.js';
import { describeBookListRepositoryContract } from '../../contracts/ports/book-lists.contract.js';
import { onPostgres } from './on-postgres.js';

const pg = onPostgres();

describeBookListRepositoryContract('PostgreSQL', async () => {
  await pg.forgetUserData();
  return {
    lists: pg.adapter((em) => new SqlBookListRepository(em)),
    aUser: () => pg.aUser(),
    async aBook(title, authors = []) {
      const authorIds: number[] = [];
      for (const name of authors) authorIds.push(await pg.anAuthor(name));
      return pg.aBook({ title, authorIds });
    },
  };
});
