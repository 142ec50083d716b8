import { describeReferenceCatalogContract } from '../../contracts/ports/reference-catalog.contract.js';
import { InMemoryReferenceCatalog } from '../../support/fakes/in-memory-reference-catalog.js';
import { aBookType, aGenre, aLanguage, anOntologyNode, aStore } from '../../support/mothers/reference.js';

describeReferenceCatalogContract('in memory', async () => {
  const catalog = new InMemoryReferenceCatalog()
    .withStores(aStore({ id: 2 }), aStore({ id: 3, country: null }), aStore({ id: 5, isActive: false }), aStore({ id: 8, currency: 'GBP', country: 'GB' }))
    .withLanguages(aLanguage({ id: 1 }), aLanguage({ id: 2, code: 'en', name: 'English' }), aLanguage({ id: 4, code: 'fr', name: 'French' }))
    .withTypes(aBookType({ id: 1 }), aBookType({ id: 2, name: 'Non-fiction' }), aBookType({ id: 3, name: 'Poetry' }))
    .withGenres(aGenre({ id: 1 }), aGenre({ id: 2, typeId: 2, name: 'History' }), aGenre({ id: 3, typeId: 1, name: 'Crime' }))
    // Declared out of type order: the catalog reads them by type and genre.
    .withOntology(
      anOntologyNode({ id: 3, typeId: 2, genreId: 2, name: 'Ancient' }),
      anOntologyNode({ id: 4, parentId: 3, typeId: 2, genreId: 2, name: 'Rome' }),
      anOntologyNode({ id: 2, parentId: 1, name: 'Gothic' }),
      anOntologyNode({ id: 1 }),
    );
  let users = 0;
  return {
    catalog,
    async aUserWithStores() {
      catalog.userBuysFrom(++users, 2, 3);
      return users;
    },
    aUserWithoutStores: async () => ++users,
  };
});
