// "A store this user can buy from" (the user-store rule): stated once in the domain (storeSellsTo,
// domain/wishes/user-stores.ts); its SQL twin is store_sells_to() (migration 11), which the user's stores, a wish's
// prices and the alert detector call with the user's effective preferences.
import type { EditionFormat } from '../../../src/domain/catalog/edition.js';
import type { Preferences } from '../../../src/domain/wishes/preferences.js';
import type { RuleTable } from './rule-table.js';

export interface StoreShape {
  country: string | null;
  currency: string;
  formats: EditionFormat[];
  /** Active unless told. */
  isActive?: boolean;
}

export type WhereTheUserBuys = Pick<Preferences, 'country' | 'currency' | 'formats'>;

export interface UserStoreCase {
  name: string;
  store: StoreShape;
  /** The user's saved preferences, or none saved (the defaults: a country-less reader buying in euros, every format). */
  user: WhereTheUserBuys | 'no saved preferences';
  sells: boolean;
}

const inGermany: WhereTheUserBuys = { country: 'DE', currency: 'EUR', formats: ['paperback'] };

export const USER_STORES: RuleTable<UserStoreCase, boolean> = {
  rule: 'the stores a user can buy from',
  domain: 'storeSellsTo (domain/wishes/user-stores.ts)',
  sql: 'store_sells_to() with effective_preferences (migration 11)',
  expected: (c) => c.sells,
  cases: [
    {
      name: 'a store in the user’s country, currency and format',
      store: { country: 'DE', currency: 'EUR', formats: ['paperback'] },
      user: inGermany,
      sells: true,
    },
    {
      name: 'a country-less store sells everywhere',
      store: { country: null, currency: 'EUR', formats: ['paperback'] },
      user: inGermany,
      sells: true,
    },
    {
      name: 'a store in another country does not',
      store: { country: 'FR', currency: 'EUR', formats: ['paperback'] },
      user: inGermany,
      sells: false,
    },
    {
      name: 'a store in another currency does not',
      store: { country: 'DE', currency: 'USD', formats: ['paperback'] },
      user: inGermany,
      sells: false,
    },
    {
      name: 'a store selling none of the user’s formats does not',
      store: { country: 'DE', currency: 'EUR', formats: ['ebook', 'audiobook'] },
      user: inGermany,
      sells: false,
    },
    {
      name: 'one shared format is enough',
      store: { country: 'DE', currency: 'EUR', formats: ['hardcover', 'ebook'] },
      user: { country: 'DE', currency: 'EUR', formats: ['audiobook', 'ebook'] },
      sells: true,
    },
    {
      name: 'an inactive store sells to no one',
      store: { country: 'DE', currency: 'EUR', formats: ['paperback'], isActive: false },
      user: inGermany,
      sells: false,
    },
    {
      name: 'an inactive country-less store neither',
      store: { country: null, currency: 'EUR', formats: ['paperback'], isActive: false },
      user: inGermany,
      sells: false,
    },
    {
      name: 'a user who has not said where they buy reaches country-less stores',
      store: { country: null, currency: 'GBP', formats: ['paperback'] },
      user: { country: null, currency: 'GBP', formats: ['paperback'] },
      sells: true,
    },
    {
      name: 'a user who has not said where they buy does not reach a store with a country',
      store: { country: 'GB', currency: 'GBP', formats: ['paperback'] },
      user: { country: null, currency: 'GBP', formats: ['paperback'] },
      sells: false,
    },
    {
      name: 'without saved preferences: a country-less store in euros',
      store: { country: null, currency: 'EUR', formats: ['audiobook'] },
      user: 'no saved preferences',
      sells: true,
    },
    {
      name: 'without saved preferences: not a store with a country',
      store: { country: 'DE', currency: 'EUR', formats: ['paperback'] },
      user: 'no saved preferences',
      sells: false,
    },
    {
      name: 'without saved preferences: not another currency',
      store: { country: null, currency: 'USD', formats: ['paperback'] },
      user: 'no saved preferences',
      sells: false,
    },
  ],
};
