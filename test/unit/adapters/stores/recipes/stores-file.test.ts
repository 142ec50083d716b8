import { describe, expect, it } from 'vitest';
import { loadStoreRecipes, type StoreRecipe } from '../../../../../src/adapters/stores/recipes/store-recipes.js';
import { newStore, recipeFolder } from './recipe-files.js';

const files = recipeFolder();
const byKey = (recipes: StoreRecipe[], key: string): StoreRecipe | undefined => recipes.find((r) => r.key === key);
const shipped = loadStoreRecipes();

describe('STORES_FILE', () => {
  it('adds a store after the shipped ones, with every field resolved', () => {
    const recipes = loadStoreRecipes({ storesFile: files.write('corner.json', newStore({ notes: 'Our local shop.' })) });
    expect(recipes.slice(0, shipped.length)).toEqual(shipped);
    expect(recipes.at(-1)).toEqual({
      key: 'corner-books-nl',
      name: 'Corner Books',
      country: 'NL',
      currency: 'EUR',
      formats: ['paperback'],
      homepageUrl: 'https://corner-books.example/',
      productUrlTemplate: 'https://corner-books.example/isbn/{isbn13}',
      demo: false,
      hosts: ['corner-books.example'],
      verified: 'unverified',
      notes: 'Our local shop.',
      extraction: {},
      shipping: null,
    });
  });

  it('overrides a shipped store by key with only the fields it gives, keeping its place', () => {
    const recipes = loadStoreRecipes({
      storesFile: files.write('override.json', { key: 'bol-nl', name: 'bol.com', extraction: { offerChoice: 'lowest' } }),
    });
    const original = byKey(shipped, 'bol-nl')!;
    expect(recipes.map((r) => r.key)).toEqual(shipped.map((r) => r.key));
    // A given extraction replaces the shipped one whole: the search-page rule is gone with it.
    expect(byKey(recipes, 'bol-nl')).toEqual({ ...original, name: 'bol.com', extraction: { offerChoice: 'lowest' } });
  });

  it('reads an array of recipes, and every .json file of a folder in name order', () => {
    files.write('folder/b.json', [newStore({ key: 'shop-b' }), newStore({ key: 'shop-c' })]);
    files.write('folder/a.json', newStore({ key: 'shop-a' }));
    files.write('folder/readme.txt', 'not a recipe');
    const recipes = loadStoreRecipes({ storesFile: `${files.root()}/folder` });
    expect(recipes.slice(shipped.length).map((r) => r.key)).toEqual(['shop-a', 'shop-b', 'shop-c']);
  });

  it('lets an added store be addressed by ISBN-10 and list extra hosts', () => {
    const recipes = loadStoreRecipes({
      storesFile: files.write('x.json', newStore({ productUrlTemplate: 'https://corner-books.example/dp/{isbn10}', hosts: ['m.corner-books.example'] })),
    });
    expect(recipes.at(-1)?.hosts).toEqual(['corner-books.example', 'm.corner-books.example']);
  });
});
