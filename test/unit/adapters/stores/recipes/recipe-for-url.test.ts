import { describe, expect, it } from 'vitest';
import { loadStoreRecipes, recipeForUrl } from '../../../../../src/adapters/stores/recipes/store-recipes.js';
import { newStore, recipeFolder } from './recipe-files.js';

const recipes = loadStoreRecipes({ demoStoreUrl: 'http://127.0.0.1:3100' });
const keyFor = (url: string): string | undefined => recipeForUrl(recipes, url)?.key;

describe('recipeForUrl', () => {
  it('finds a store by the host of its URLs, with or without www.', () => {
    expect(keyFor('https://www.amazon.co.uk/dp/0306406152')).toBe('amazon-uk');
    expect(keyFor('https://amazon.co.uk/Some-Title/dp/0306406152/ref=sr_1_1')).toBe('amazon-uk');
    expect(keyFor('https://blackwells.co.uk/bookshop/product/9780306406157')).toBe('blackwells-uk');
    expect(keyFor('https://www.blackwells.co.uk/bookshop/product/9780306406157')).toBe('blackwells-uk');
  });

  it('tells stores on one host apart by the path their URLs begin with', () => {
    expect(keyFor('https://www.bol.com/be/nl/p/some-title/9200000012345678/')).toBe('bol-be');
    expect(keyFor('https://www.bol.com/nl/nl/p/some-title/9200000012345678/')).toBe('bol-nl');
    expect(keyFor('http://127.0.0.1:3100/corner-bookshop/product/9780306406157')).toBe('demo-corner-bookshop');
    expect(keyFor('http://127.0.0.1:3100/ebook-emporium/books/9780306406157')).toBe('demo-ebook-emporium');
  });

  it('on a shared host, a path under none of its stores belongs to none of them', () => {
    expect(keyFor('https://www.bol.com/de/de/p/some-title/9200000012345678/')).toBeUndefined();
    expect(keyFor('http://127.0.0.1:3100/search?q=9780306406157')).toBeUndefined();
  });

  it('knows no store on another port of the same host (another local server is another shop)', () => {
    expect(keyFor('http://127.0.0.1:3987/corner-bookshop/product/9780306406157')).toBeUndefined();
  });

  it('knows no store for another host, a sub-domain it does not list, or text that is no URL', () => {
    expect(keyFor('https://books.example/isbn/9780306406157')).toBeUndefined();
    expect(keyFor('https://smile.amazon.com/dp/0306406152')).toBeUndefined();
    expect(keyFor('not a url')).toBeUndefined();
  });

  it('matches the extra host names a recipe lists', () => {
    const files = recipeFolder();
    const storesFile = files.write('stores.json', newStore({ hosts: ['m.corner-books.example'] }));
    const withAdded = loadStoreRecipes({ storesFile });
    expect(recipeForUrl(withAdded, 'https://m.corner-books.example/isbn/9780306406157')?.key).toBe('corner-books-nl');
  });

  it('finds no demonstration store while {demo} is not expanded', () => {
    expect(recipeForUrl(loadStoreRecipes(), 'http://127.0.0.1:3100/corner-bookshop/product/9780306406157')).toBeUndefined();
  });
});
