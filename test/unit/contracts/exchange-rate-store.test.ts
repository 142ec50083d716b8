import { describeExchangeRateStoreContract } from '../../contracts/ports/exchange-rate-store.contract.js';
import { InMemoryExchangeRateStore } from '../../support/fakes/in-memory-exchange-rate-store.js';

describeExchangeRateStoreContract('in memory', async () => new InMemoryExchangeRateStore());
