import { ALERTS_OFF } from '../../../src/domain/alerts/alert-settings.js';
import { Money } from '../../../src/domain/shared/money.js';
import type { Preferences } from '../../../src/domain/wishes/preferences.js';
import type { NewWish } from '../../../src/domain/wishes/wish.js';

/** A monitored wish of book 1 with no maximum price. */
export function aNewWish(overrides: Partial<NewWish> = {}): NewWish {
  return { bookId: 1, isMonitored: true, maxPrice: null, ...overrides };
}

export const euros = (amount: string): Money => Money.parse(amount, 'EUR');

/** Saved preferences of a reader in Germany who buys paperbacks in euros. */
export function somePreferences(overrides: Partial<Preferences> = {}): Preferences {
  return { country: 'DE', currency: 'EUR', formats: ['paperback'], alertEmail: false, convertCurrencies: false, alertDefaults: { ...ALERTS_OFF }, ...overrides };
}
