// ListGenres, ListLanguages, ListStores, ListTypes and ListUserStores on the in-memory reference catalog.
import { describe, expect, it } from 'vitest';
import { ListGenres } from '../../../../src/application/reference/list-genres.js';
import { ListLanguages } from '../../../../src/application/reference/list-languages.js';
import { ListStores } from '../../../../src/application/reference/list-stores.js';
import { ListTypes } from '../../../../src/application/reference/list-types.js';
import { ListUserStores } from '../../../../src/application/reference/list-user-stores.js';
import { FakeCatalogReferences } from '../../../support/fakes/fake-catalog-references.js';
import { InMemoryReferenceCatalog } from '../../../support/fakes/in-memory-reference-catalog.js';
import { firstPage, lastPage, pageAfter, pageBefore } from '../../../support/mothers/page.js';
import { aBookType, aGenre, aLanguage, aStore } from '../../../support/mothers/reference.js';

const READER = 5;

function reference() {
  return new InMemoryReferenceCatalog()
    .withTypes(aBookType({ id: 1, name: 'Fiction' }), aBookType({ id: 2, name: 'Non-fiction' }))
    .withGenres(aGenre({ id: 7, typeId: 1, name: 'Novella' }), aGenre({ id: 8, typeId: 2, name: 'Essay' }), aGenre({ id: 9, typeId: 1, name: 'Crime' }))
    .withLanguages(aLanguage({ id: 1, code: 'de' }), aLanguage({ id: 2, code: 'en' }), aLanguage({ id: 3, code: 'pl' }))
    .withStores(aStore({ id: 2 }), aStore({ id: 3, country: 'FR' }), aStore({ id: 4, country: null }))
    .userBuysFrom(READER, 2, 4);
}

describe('ListGenres', () => {
  it("lists every genre, or one type's genres", async () => {
    const catalog = reference();
    const use = new ListGenres(catalog, new FakeCatalogReferences().withTypes(1, 2));
    expect((await use.execute(undefined, firstPage())).items.map((g) => g.id)).toEqual([7, 8, 9]);
    expect((await use.execute(1, firstPage())).items.map((g) => g.id)).toEqual([7, 9]);
  });

  it('refuses an unknown type as a bad query rather than an empty list', async () => {
    const use = new ListGenres(reference(), new FakeCatalogReferences().withTypes(1, 2));
    await expect(use.execute(99, firstPage())).rejects.toMatchObject({ code: 'validation_failed', details: [{ field: 'type_id', message: 'no type 99' }] });
  });
});

describe('ListLanguages, ListTypes, ListStores', () => {
  it('page the reference data by id, in both directions', async () => {
    const catalog = reference();
    expect(await new ListLanguages(catalog).execute(firstPage(2))).toMatchObject({ items: [{ code: 'de' }, { code: 'en' }], hasMore: true });
    expect(await new ListLanguages(catalog).execute(pageAfter(2, 2))).toMatchObject({ items: [{ code: 'pl' }], hasMore: false });
    expect(await new ListTypes(catalog).execute(lastPage(1))).toMatchObject({ items: [{ name: 'Non-fiction' }], hasMore: true });
    expect(await new ListStores(catalog).execute(pageBefore(4, 5))).toMatchObject({ items: [{ id: 2 }, { id: 3 }], hasMore: false });
  });
});

describe('ListUserStores', () => {
  it('lists only the stores the user can buy from', async () => {
    const catalog = reference();
    expect((await new ListUserStores(catalog).execute(READER, firstPage())).items.map((s) => s.id)).toEqual([2, 4]);
    expect((await new ListUserStores(catalog).execute(6, firstPage())).items).toEqual([]);
  });
});
