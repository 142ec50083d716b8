import { SqlPreferencesRepository } from '../../../src/adapters/postgres/repositories/sql-preferences-repository.js';
import { describePreferencesRepositoryContract } from '../../contracts/ports/preferences.contract.js';
import { onPostgres } from './on-postgres.js';

const pg = onPostgres();

describePreferencesRepositoryContract('PostgreSQL', async () => {
  await pg.forgetUserData();
  return { preferences: pg.adapter((em) => new SqlPreferencesRepository(em)), aUser: () => pg.aUser('reader@example.org') };
});
