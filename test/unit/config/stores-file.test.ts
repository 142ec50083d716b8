import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/config.js';
import { newStore, recipeFolder } from '../adapters/stores/recipes/recipe-files.js';
import { problemsOf } from './config-problems.js';

const files = recipeFolder();
const recipeFile = (content: unknown): string => files.write('stores.json', content);
const cornerBooks = newStore();

describe('STORES_FILE', () => {
  it('is unset by default: the shipped stores only, none of the real ones enabled', () => {
    expect(loadConfig({}).stores).toEqual({ demoStores: true, demoStoreUrl: 'http://127.0.0.1:3100', enabledStores: [], storesFile: null });
  });

  it('adds stores ENABLED_STORES may then name, beside the shipped ones', () => {
    const storesFile = recipeFile([cornerBooks]);
    const { stores } = loadConfig({ STORES_FILE: storesFile, ENABLED_STORES: 'corner-books-nl, amazon-de' });
    expect(stores).toMatchObject({ storesFile, enabledStores: ['corner-books-nl', 'amazon-de'] });
  });

  it('is validated at start-up, each problem naming the variable, the file, the store and the field', () => {
    const storesFile = recipeFile([{ ...cornerBooks, extraction: { offerChoice: 'cheapest' } }, { key: 'bol-nl', formats: ['comics'] }]);
    expect(problemsOf({ STORES_FILE: storesFile })).toEqual([
      `STORES_FILE is invalid: ${storesFile}: store corner-books-nl: extraction.offerChoice: must be first or lowest`,
      `STORES_FILE is invalid: ${storesFile}: store bol-nl: formats[0]: must be one of hardcover, paperback, ebook, audiobook`,
    ]);
  });

  it('names a path that does not exist', () => {
    expect(problemsOf({ STORES_FILE: `${files.root()}/nowhere.json` })).toEqual([expect.stringMatching(/^STORES_FILE is invalid: .*nowhere\.json: cannot be read/)]);
  });

  it('leaves ENABLED_STORES unchecked while it is broken, so the one error to fix comes first', () => {
    const storesFile = recipeFile({ ...cornerBooks, currency: 'EURO' });
    const problems = problemsOf({ STORES_FILE: storesFile, ENABLED_STORES: 'corner-books-nl' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^STORES_FILE is invalid: .*: store corner-books-nl: currency: /);
  });
});

describe('ENABLED_STORES', () => {
  it('accepts the keys of shipped real stores', () => {
    expect(loadConfig({ ENABLED_STORES: 'bol-nl,amazon-uk' }).stores.enabledStores).toEqual(['bol-nl', 'amazon-uk']);
  });

  it('refuses keys no recipe defines, and demonstration stores (DEMO_STORES switches those)', () => {
    expect(problemsOf({ ENABLED_STORES: 'bol-nl,corner-books-nl' })).toEqual([expect.stringMatching(/^ENABLED_STORES must be a comma-separated list of .*amazon-us/)]);
    expect(problemsOf({ ENABLED_STORES: 'demo-buchhandlung' })).toHaveLength(1);
  });
});
