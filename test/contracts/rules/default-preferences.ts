// Default preferences: a user who saved none is read with the domain's defaults (effectivePreferences,
// domain/wishes/preferences.ts: DEFAULT_PREFERENCES); the SQL twin is the effective_preferences view (migration 11),
// which the user's stores, a wish's prices, shared lists and the alert detector read (convert_currencies: migration 22;
// the alert defaults: migration 23).
import { ALERTS_OFF } from '../../../src/domain/alerts/alert-settings.js';
import { Money } from '../../../src/domain/shared/money.js';
import type { Preferences } from '../../../src/domain/wishes/preferences.js';
import type { RuleTable } from './rule-table.js';

/** What the view holds of a user's preferences. */
export type EffectivePreferences = Pick<Preferences, 'country' | 'currency' | 'formats' | 'convertCurrencies' | 'alertDefaults'>;

const off = { ...ALERTS_OFF };

export interface DefaultPreferencesCase {
  name: string;
  /** The preferences the user saved; null: none. */
  saved: (EffectivePreferences & { alertEmail: boolean }) | null;
  effective: EffectivePreferences;
}

export const DEFAULT_PREFERENCES_TABLE: RuleTable<DefaultPreferencesCase, EffectivePreferences> = {
  rule: 'default preferences',
  domain: 'effectivePreferences (domain/wishes/preferences.ts)',
  sql: 'the effective_preferences view (migrations 11, 22 and 23)',
  expected: (c) => c.effective,
  cases: [
    {
      name: 'none saved: no country, euros, every format in the catalog’s order, no conversion, no alert turned on',
      saved: null,
      effective: { country: null, currency: 'EUR', formats: ['hardcover', 'paperback', 'ebook', 'audiobook'], convertCurrencies: false, alertDefaults: off },
    },
    {
      name: 'saved ones are the user’s own',
      saved: { country: 'DE', currency: 'USD', formats: ['ebook'], alertEmail: false, convertCurrencies: true, alertDefaults: off },
      effective: { country: 'DE', currency: 'USD', formats: ['ebook'], convertCurrencies: true, alertDefaults: off },
    },
    {
      name: 'a saved "no country" stays no country, and the formats keep their order',
      saved: { country: null, currency: 'GBP', formats: ['audiobook', 'paperback'], alertEmail: true, convertCurrencies: false, alertDefaults: off },
      effective: { country: null, currency: 'GBP', formats: ['audiobook', 'paperback'], convertCurrencies: false, alertDefaults: off },
    },
    {
      name: 'saved values equal to the defaults are the same preferences',
      saved: { country: null, currency: 'EUR', formats: ['hardcover', 'paperback', 'ebook', 'audiobook'], alertEmail: false, convertCurrencies: false, alertDefaults: off },
      effective: { country: null, currency: 'EUR', formats: ['hardcover', 'paperback', 'ebook', 'audiobook'], convertCurrencies: false, alertDefaults: off },
    },
    {
      name: 'saved alert defaults are the user’s own: a percentage, a window, a target price',
      saved: {
        country: 'DE', currency: 'EUR', formats: ['paperback'], alertEmail: false, convertCurrencies: false,
        alertDefaults: { dropPercent: 15, lowestDays: 90, defaultTarget: { maxPrice: Money.parse('12.50', 'EUR') } },
      },
      effective: {
        country: 'DE', currency: 'EUR', formats: ['paperback'], convertCurrencies: false,
        alertDefaults: { dropPercent: 15, lowestDays: 90, defaultTarget: { maxPrice: Money.parse('12.50', 'EUR') } },
      },
    },
    {
      name: 'a default target as a discount from the lowest ever, the other defaults off',
      saved: {
        country: null, currency: 'GBP', formats: ['ebook'], alertEmail: false, convertCurrencies: true,
        alertDefaults: { dropPercent: null, lowestDays: null, defaultTarget: { discountPercent: 10 } },
      },
      effective: {
        country: null, currency: 'GBP', formats: ['ebook'], convertCurrencies: true,
        alertDefaults: { dropPercent: null, lowestDays: null, defaultTarget: { discountPercent: 10 } },
      },
    },
  ],
};
