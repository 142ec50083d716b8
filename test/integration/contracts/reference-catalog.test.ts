import { SqlReferenceCatalog } from '../../../src/adapters/postgres/repositories/sql-reference-catalog.js';
import { describeReferenceCatalogContract } from '../../contracts/ports/reference-catalog.contract.js';
import { onPostgres } from './on-postgres.js';

const pg = onPostgres();

// The reference data as seeded at start (languages, types, genres, ontology, configured stores).
describeReferenceCatalogContract('PostgreSQL', async () => {
  await pg.forgetUserData();
  const withPreferences = async (country: string, currency: string, formats: string[]) => {
    const user = await pg.aUser();
    await pg.db.sql('insert into user_preferences (user_id, country, currency, formats) values ($1, $2, $3, $4)', [user, country, currency, formats]);
    return user;
  };
  return {
    catalog: pg.adapter((em) => new SqlReferenceCatalog(em)),
    async aUserWithStores() {
      await pg.aStore({ country: null });
      await pg.aStore({ country: 'DE' });
      return withPreferences('DE', 'EUR', ['paperback']);
    },
    aUserWithoutStores: () => withPreferences('CH', 'CHF', ['audiobook']),
  };
});
