import { describeWishRepositoryContract } from '../../contracts/ports/wishes.contract.js';
import { FakeClock } from '../../support/fakes/fake-clock.js';
import { InMemoryWishRepository } from '../../support/fakes/in-memory-wish-repository.js';

describeWishRepositoryContract('in memory', async () => {
  let users = 0;
  let books = 0;
  return {
    wishes: new InMemoryWishRepository(new FakeClock()),
    aUser: async () => ++users,
    aBook: async () => 100 + ++books,
  };
});
