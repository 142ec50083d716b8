import { describe, expect, it } from 'vitest';
import { loadStoreRecipes, StoreRecipeError } from '../../../../../src/adapters/stores/recipes/store-recipes.js';
import { newStore, recipeFolder } from './recipe-files.js';

const files = recipeFolder();

/** The problems loading `content` as STORES_FILE reports, with the file's path. */
function problemsOf(content: unknown, name = 'stores.json'): { file: string; problems: string[] } {
  const file = files.write(name, content);
  return { file, problems: problemsAt(file) };
}

function problemsAt(storesFile: string): string[] {
  try {
    loadStoreRecipes({ storesFile });
  } catch (error) {
    expect(error).toBeInstanceOf(StoreRecipeError);
    expect((error as Error).message).toContain((error as StoreRecipeError).problems[0]);
    return (error as StoreRecipeError).problems;
  }
  throw new Error(`${storesFile} was accepted`);
}

describe('recipe validation names the file, the store and the field', () => {
  it('rejects a value outside a field’s choices', () => {
    const { file, problems } = problemsOf({ key: 'bol-nl', extraction: { offerChoice: 'cheapest' } });
    expect(problems).toEqual([`${file}: store bol-nl: extraction.offerChoice: must be first or lowest`]);
  });

  it('rejects unknown fields at every level, so a typo is never ignored', () => {
    const { file, problems } = problemsOf(newStore({ homepage: 'x', extraction: { offerchoice: 'first', selectors: { prices: '.p' } } }));
    expect([...problems].sort()).toEqual([
      `${file}: store corner-books-nl: extraction.offerchoice: unknown field`,
      `${file}: store corner-books-nl: extraction.selectors.prices: unknown field`,
      `${file}: store corner-books-nl: homepage: unknown field`,
    ]);
  });

  it('names each missing field of a new store', () => {
    const { file, problems } = problemsOf({ key: 'new-shop', name: 'New shop', currency: 'EUR', formats: ['paperback'], demo: false });
    expect(problems).toEqual([
      `${file}: store new-shop: country: is required`,
      `${file}: store new-shop: homepageUrl: is required`,
      `${file}: store new-shop: productUrlTemplate: is required`,
      `${file}: store new-shop: verified: is required`,
    ]);
  });

  it('checks CSS selectors, after stripping an @attribute suffix', () => {
    const { file, problems } = problemsOf(
      newStore({ extraction: { selectors: { price: 'meta[itemprop=price]@content', currency: 'span[', availability: '.stock >> p' } } }),
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(new RegExp(`^${escape(file)}: store corner-books-nl: extraction\\.selectors\\.currency: is not a valid CSS selector \\(.+\\)$`));
    expect(problems[1]).toMatch(/: store corner-books-nl: extraction\.selectors\.availability: is not a valid CSS selector/);
  });

  it('wants the search result link as a plain selector', () => {
    const { file, problems } = problemsOf(newStore({ extraction: { searchPage: { resultLink: 'a.title@href' } } }));
    expect(problems).toEqual([`${file}: store corner-books-nl: extraction.searchPage.resultLink: must be a CSS selector without an @attribute suffix`]);
  });

  it('wants an ISBN or GTIN placeholder, and only known placeholders, in the URL template', () => {
    expect(problemsOf(newStore({ productUrlTemplate: 'https://corner-books.example/search' })).problems).toEqual([
      expect.stringMatching(/: store corner-books-nl: productUrlTemplate: must contain \{isbn13\}, \{isbn\}, \{isbn10\} or \{gtin\}$/),
    ]);
    const gtinStore = loadStoreRecipes({ storesFile: files.write('gtin.json', newStore({ productUrlTemplate: 'https://corner-books.example/ean/{gtin}' })) });
    expect(gtinStore.find((r) => r.key === 'corner-books-nl')).toMatchObject({
      productUrlTemplate: 'https://corner-books.example/ean/{gtin}',
      hosts: ['corner-books.example'],
    });
    expect(problemsOf(newStore({ productUrlTemplate: 'https://corner-books.example/{ean}/{isbn13}' })).problems).toEqual([
      expect.stringMatching(/: store corner-books-nl: productUrlTemplate: has unknown placeholder \{ean\}/),
    ]);
    expect(problemsOf(newStore({ productUrlTemplate: 'ftp://corner-books.example/{isbn13}' })).problems).toEqual([
      expect.stringMatching(/: productUrlTemplate: must be an http:\/\/ or https:\/\/ URL$/),
    ]);
  });

  it('checks keys, countries, currencies, formats and host names', () => {
    const { file, problems } = problemsOf(
      newStore({ key: 'Corner_Books', country: 'UK', currency: 'EURO', formats: ['paperback', 'comic', 'paperback'], hosts: ['https://x.example/'] }),
    );
    expect(problems).toEqual([
      `${file}: store Corner_Books: key: must be lower-case letters, digits and inner hyphens (a-z, 0-9, -)`,
      `${file}: store Corner_Books: country: must be an ISO 3166-1 alpha-2 country code such as DE or GB, or null`,
      `${file}: store Corner_Books: currency: must be an ISO 4217 currency code such as EUR`,
      `${file}: store Corner_Books: formats[1]: must be one of hardcover, paperback, ebook, audiobook`,
      `${file}: store Corner_Books: hosts[0]: must be a lower-case host name such as www.example.com (no scheme, no path)`,
    ]);
  });

  it('checks shipping: destinations, currency and amounts to the currency minor unit', () => {
    const { file, problems } = problemsOf(
      newStore({
        currency: 'EUR',
        shipping: { currency: 'EURO', to: { UK: { flat: '2.99' }, NL: { flat: 'free' }, DE: { flat: '1', freeFrom: 20 }, '*': { flat: '3', perItem: '1' } } },
      }),
    );
    expect([...problems].sort()).toEqual([
      `${file}: store corner-books-nl: shipping.currency: must be an ISO 4217 currency code such as EUR`,
      `${file}: store corner-books-nl: shipping.to.*.perItem: unknown field`,
      `${file}: store corner-books-nl: shipping.to.DE.freeFrom: must be an amount as a text, such as "2.99"`,
      `${file}: store corner-books-nl: shipping.to.NL.flat: must be an amount as a text, such as "2.99"`,
      `${file}: store corner-books-nl: shipping.to.UK: must be an ISO 3166-1 alpha-2 country code such as DE or GB, or *`,
    ]);
  });

  it('wants shipping in the store currency, each amount within its minor unit, to at least one destination', () => {
    expect(problemsOf(newStore({ currency: 'EUR', shipping: { currency: 'GBP', to: { GB: { flat: '2.99' } } } })).problems).toEqual([
      expect.stringMatching(/store corner-books-nl: shipping.currency: must be the store's currency \(EUR\)/),
    ]);
    expect(problemsOf(newStore({ currency: 'JPY', shipping: { to: { JP: { flat: '350.5' } } } })).problems).toEqual([
      expect.stringMatching(/shipping.to.JP.flat: must have at most 0 decimals for JPY$/),
    ]);
    expect(problemsOf(newStore({ shipping: { to: {} } })).problems).toEqual([expect.stringMatching(/shipping.to: must name at least one destination$/)]);
  });

  it('resolves shipping as given, and null when the recipe says nothing', () => {
    const file = files.write('shipping.json', [
      newStore({ key: 'ships-shop', shipping: { to: { NL: { flat: '0.00' }, '*': { flat: '4.95', freeFrom: '30.00', perExtraItem: '1.00' } } } }),
      newStore({ key: 'silent-shop' }),
    ]);
    const recipes = loadStoreRecipes({ storesFile: file });
    expect(recipes.find((r) => r.key === 'ships-shop')?.shipping).toEqual({ NL: { flat: '0.00' }, '*': { flat: '4.95', freeFrom: '30.00', perExtraItem: '1.00' } });
    expect(recipes.find((r) => r.key === 'silent-shop')?.shipping).toBeNull();
  });

  it('keeps {demo} and verified "demo" for demonstration stores', () => {
    const { file, problems } = problemsOf(newStore({ productUrlTemplate: '{demo}/shop/{isbn13}', verified: 'demo' }));
    expect(problems).toEqual([
      `${file}: store corner-books-nl: productUrlTemplate: {demo} is for demonstration stores only (demo: true)`,
      `${file}: store corner-books-nl: verified: is demo only for a demonstration store (demo: true)`,
    ]);
  });

  it('checks an override merged with the shipped store it changes', () => {
    const { file, problems } = problemsOf({ key: 'amazon-de', productUrlTemplate: 'https://www.amazon.de/dp/', selectors: {} });
    expect([...problems].sort()).toEqual([
      `${file}: store amazon-de: productUrlTemplate: must contain {isbn13}, {isbn}, {isbn10} or {gtin}`,
      `${file}: store amazon-de: selectors: unknown field`,
    ]);
  });

  it('refuses one key twice in STORES_FILE, naming both files', () => {
    files.write('folder/a.json', newStore());
    const second = files.write('folder/b.json', [newStore({ name: 'Again' })]);
    const first = second.replace('b.json', 'a.json');
    expect(problemsAt(second.replace('/b.json', ''))).toEqual([`${second}: store corner-books-nl: key: corner-books-nl is already defined in ${first}`]);
  });

  it('names an array entry without a key by its position', () => {
    const { file, problems } = problemsOf([newStore(), { name: 'Nameless' }]);
    expect(problems[0]).toBe(`${file}: entry 2 (no key): key: is required`);
  });

  it('reports every bad file at once', () => {
    files.write('folder/a.json', newStore({ key: 'shop-a', currency: 'XYZ' }));
    files.write('folder/b.json', newStore({ key: 'shop-b', demo: 'no' }));
    const problems = problemsAt(`${files.root()}/folder`);
    expect(problems).toEqual([
      expect.stringMatching(/a\.json: store shop-a: currency: must be an ISO 4217 currency code such as EUR$/),
      expect.stringMatching(/b\.json: store shop-b: demo: must be true or false$/),
    ]);
  });

  it('explains files it cannot use', () => {
    expect(problemsOf('{ "key": ', 'broken.json').problems).toEqual([expect.stringMatching(/broken\.json: is not valid JSON \(.+\)$/)]);
    expect(problemsOf('42', 'number.json').problems).toEqual([expect.stringMatching(/number\.json: must hold a store recipe object or an array of them$/)]);
    expect(problemsAt(`${files.root()}/missing.json`)).toEqual([expect.stringMatching(/missing\.json: cannot be read \(ENOENT/)]);
    files.write('empty/notes.txt', 'no recipes here');
    expect(problemsAt(`${files.root()}/empty`)).toEqual([`${files.root()}/empty: folder holds no .json recipe file`]);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
