// Default preferences: a user who saved none is read with the domain's defaults (effectivePreferences,
// domain/wishes/preferences.ts: DEFAULT_PREFERENCES); the SQL twin is the effective_preferences view (migration 11),
// which the user's stores, a wish's prices, shared lists and the alert detector read (convert_currencies: migration 22).
import type { Preferences } from '../../../src/domain/wishes/preferences.js';
import type { RuleTable } from './rule-table.js';

/** What the view holds of a user's preferences. */
export type EffectivePreferences = Pick<Preferences, 'country' | 'currency' | 'formats' | 'convertCurrencies'>;

export interface DefaultPreferencesCase {
  name: string;
  /** The preferences the user saved; null: none. */
  saved: (EffectivePreferences & { alertEmail: boolean }) | null;
  effective: EffectivePreferences;
}

export const DEFAULT_PREFERENCES_TABLE: RuleTable<DefaultPreferencesCase, EffectivePreferences> = {
  rule: 'default preferences',
  domain: 'effectivePreferences (domain/wishes/preferences.ts)',
  sql: 'the effective_preferences view (migrations 11 and 22)',
  expected: (c) => c.effective,
  cases: [
    {
      name: 'none saved: no country, euros, every format in the catalog’s order, no conversion',
      saved: null,
      effective: { country: null, currency: 'EUR', formats: ['hardcover', 'paperback', 'ebook', 'audiobook'], convertCurrencies: false },
    },
    {
      name: 'saved ones are the user’s own',
      saved: { country: 'DE', currency: 'USD', formats: ['ebook'], alertEmail: false, convertCurrencies: true },
      effective: { country: 'DE', currency: 'USD', formats: ['ebook'], convertCurrencies: true },
    },
    {
      name: 'a saved "no country" stays no country, and the formats keep their order',
      saved: { country: null, currency: 'GBP', formats: ['audiobook', 'paperback'], alertEmail: true, convertCurrencies: false },
      effective: { country: null, currency: 'GBP', formats: ['audiobook', 'paperback'], convertCurrencies: false },
    },
    {
      name: 'saved values equal to the defaults are the same preferences',
      saved: { country: null, currency: 'EUR', formats: ['hardcover', 'paperback', 'ebook', 'audiobook'], alertEmail: false, convertCurrencies: false },
      effective: { country: null, currency: 'EUR', formats: ['hardcover', 'paperback', 'ebook', 'audiobook'], convertCurrencies: false },
    },
  ],
};
