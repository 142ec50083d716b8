import { describePreferencesRepositoryContract } from '../../contracts/ports/preferences.contract.js';
import { InMemoryPreferencesRepository } from '../../support/fakes/in-memory-preferences-repository.js';

describePreferencesRepositoryContract('in memory', async () => {
  let users = 0;
  return { preferences: new InMemoryPreferencesRepository(), aUser: async () => ++users };
});
