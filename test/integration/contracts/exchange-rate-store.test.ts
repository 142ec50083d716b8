import { SqlExchangeRateStore } from '../../../src/adapters/postgres/repositories/sql-exchange-rate-store.js';
import { describeExchangeRateStoreContract } from '../../contracts/ports/exchange-rate-store.contract.js';
import { onPostgres } from './on-postgres.js';

const pg = onPostgres();

describeExchangeRateStoreContract('PostgreSQL', async () => {
  await pg.db.sql('delete from reference_rate');
  return pg.adapter((em) => new SqlExchangeRateStore(em));
});
