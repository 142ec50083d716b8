import type { Store } from '../reference/reference-data.js';
import type { Preferences } from './preferences.js';

/**
 * A store this user can buy from: active, in the user's country or country-less, in the user's currency, selling one
 * of the user's formats (any of them: not necessarily the edition's). A user who has not said where they buy reaches
 * the country-less stores alone. Its SQL twin is store_sells_to() (migration 11), which the user's stores, a wish's
 * prices and the alert detector call; test/contracts/rules/user-stores.ts holds the two equal.
 */
export function storeSellsTo(
  store: Pick<Store, 'isActive' | 'country' | 'currency' | 'formats'>,
  preferences: Pick<Preferences, 'country' | 'currency' | 'formats'>,
): boolean {
  return (
    store.isActive &&
    (store.country === null || store.country === preferences.country) &&
    store.currency === preferences.currency &&
    store.formats.some((format) => preferences.formats.includes(format))
  );
}

/**
 * A store whose quotes count for the user's best and lowest prices: one they can buy from, except that a user who
 * converts currencies (C11.4) buys from it whatever its currency. In SQL: store_sells_to() given the store's own
 * currency when the user converts (READER in sql-wish-prices.ts); test/contracts/rules/best-price-scope.ts holds both.
 */
export function storeInPriceScope(
  store: Pick<Store, 'isActive' | 'country' | 'currency' | 'formats'>,
  preferences: Pick<Preferences, 'country' | 'currency' | 'formats' | 'convertCurrencies'>,
): boolean {
  return storeSellsTo(store, preferences.convertCurrencies ? { ...preferences, currency: store.currency } : preferences);
}
