import { SqlPricingRepository } from '../../../src/adapters/postgres/repositories/sql-pricing-repository.js';
import { EDITION_FORMATS } from '../../../src/domain/catalog/edition.js';
import { describePricingRepositoryContract } from '../../contracts/ports/pricing.contract.js';
import { onPostgres } from './on-postgres.js';

const pg = onPostgres();

describePricingRepositoryContract('PostgreSQL', async () => {
  // Only the stores a test adds are active, and each edition has a format of its own that only its stores sell, so
  // its targets are exactly the ones planned for it.
  await pg.forgetUserData({ closeStores: true });
  let editions = 0;
  return {
    pricing: pg.adapter((em) => new SqlPricingRepository(em)),
    async anEdition(stores) {
      const format = EDITION_FORMATS[editions++ % EDITION_FORMATS.length]!;
      const storeIds: number[] = [];
      for (let i = 0; i < stores; i++) storeIds.push(await pg.aStore({ formats: [format] }));
      return { ...(await pg.anEdition({ format })), format, storeIds };
    },
    aUser: () => pg.aUser(),
  };
});
