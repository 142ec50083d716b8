import { describe, expect, it } from 'vitest';
import { ASSUMED_CURRENCY, settingsFor } from '../../../../../src/adapters/stores/cli/extraction-settings.js';
import { SettingsError } from '../../../../../src/adapters/stores/cli/setting-values.js';
import { catalogueOf, recipe } from './cli-test-helpers.js';

const thalia = recipe({
  key: 'thalia-de',
  currency: 'EUR',
  hosts: ['www.thalia.de'],
  extraction: { selectors: { price: '.price', availability: '.stock' }, offerChoice: 'first', trustSource: 'json-ld', searchPage: {} },
});
const corner = recipe({ key: 'corner', currency: 'GBP', hosts: ['corner.example'] });
const catalogue = catalogueOf(thalia, corner);

describe('settingsFor', () => {
  it("applies the recipe of the page's host: currency, selectors, offer choice, trusted source, search page", () => {
    const settings = settingsFor({ pageUrl: 'https://www.thalia.de/shop/artikel/1' }, catalogue);
    expect(settings.recipe?.key).toBe('thalia-de');
    expect(settings.gateKey).toBe('thalia-de');
    expect(settings.currencyAssumed).toBe(false);
    expect(settings.config).toEqual({
      defaultCurrency: 'EUR',
      selectors: { price: '.price', availability: '.stock' },
      offerChoice: 'first',
      trustSource: 'json-ld',
      searchPage: {},
    });
  });

  it("lets the request's own settings win over the recipe's, selector by selector", () => {
    const settings = settingsFor(
      {
        pageUrl: 'https://www.thalia.de/shop/artikel/1',
        currency: 'CHF',
        isbn13: '9783596294312',
        selectors: { price: '.sale-price' },
        offerChoice: 'lowest',
        trust: 'microdata',
      },
      catalogue,
    );
    expect(settings.config).toEqual({
      defaultCurrency: 'CHF',
      selectors: { price: '.sale-price', availability: '.stock' },
      offerChoice: 'lowest',
      trustSource: 'microdata',
      searchPage: {},
      isbn13: '9783596294312',
    });
  });

  it('picks a recipe by key whatever the host', () => {
    const settings = settingsFor({ pageUrl: 'file:///tmp/saved.html', store: 'corner' }, catalogue);
    expect(settings.recipe?.key).toBe('corner');
    expect(settings.config.defaultCurrency).toBe('GBP');
  });

  it('refuses an unknown store key and says how to list the keys', () => {
    expect(() => settingsFor({ pageUrl: 'https://x.example/', store: 'nope' }, catalogue)).toThrow(SettingsError);
    expect(() => settingsFor({ pageUrl: 'https://x.example/', store: 'nope' }, catalogue)).toThrow(/unknown store "nope".*--list-stores/);
  });

  it('with no recipe and no currency assumes USD and says so; the gate is keyed by host', () => {
    const settings = settingsFor({ pageUrl: 'https://unknown.example:8443/book' }, catalogue);
    expect(settings.recipe).toBeUndefined();
    expect(ASSUMED_CURRENCY).toBe('USD');
    expect(settings).toMatchObject({ currencyAssumed: true, gateKey: 'unknown.example:8443', config: { defaultCurrency: 'USD' } });
    expect(settings.config).not.toHaveProperty('selectors');
  });
});
