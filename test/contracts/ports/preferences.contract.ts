// What the preference use cases rely on from a PreferencesRepository: one row per user, none before the first save,
// the last save wins (the alert defaults too, turned off again), one user's save never shows for another.
import { describe, expect, it } from 'vitest';
import type { PreferencesRepository } from '../../../src/application/preferences/ports/preferences-repository.js';
import { Money } from '../../../src/domain/shared/money.js';
import type { Preferences } from '../../../src/domain/wishes/preferences.js';

export interface PreferencesWorld {
  preferences: PreferencesRepository;
  aUser(): Promise<number>;
}

const german: Preferences = {
  country: 'DE', currency: 'EUR', formats: ['paperback', 'hardcover'], alertEmail: true, convertCurrencies: false,
  alertDefaults: { dropPercent: 20, lowestDays: 365, defaultTarget: { maxPrice: Money.parse('9.99', 'EUR') } },
};
const international: Preferences = {
  country: null, currency: 'GBP', formats: ['ebook'], alertEmail: false, convertCurrencies: true,
  alertDefaults: { dropPercent: null, lowestDays: 30, defaultTarget: { discountPercent: 0 } },
};
const quiet: Preferences = { ...german, alertDefaults: { dropPercent: null, lowestDays: null, defaultTarget: null } };

export function describePreferencesRepositoryContract(name: string, makeSubject: () => Promise<PreferencesWorld>): void {
  describe(`PreferencesRepository contract: ${name}`, () => {
    it('has nothing for a user who never saved, then what was saved last', async () => {
      const w = await makeSubject();
      const user = await w.aUser();
      expect(await w.preferences.find(user)).toBeNull();
      await w.preferences.save(user, german);
      expect(await w.preferences.find(user)).toEqual(german);
      await w.preferences.save(user, international);
      expect(await w.preferences.find(user)).toEqual(international);
      await w.preferences.save(user, german);
      expect(await w.preferences.find(user)).toEqual(german);
      await w.preferences.save(user, quiet);
      expect(await w.preferences.find(user)).toEqual(quiet);
    });

    it("never shows one user's preferences to another", async () => {
      const w = await makeSubject();
      const [reader, other] = [await w.aUser(), await w.aUser()];
      await w.preferences.save(reader, german);
      expect(await w.preferences.find(other)).toBeNull();
      await w.preferences.save(other, international);
      expect(await w.preferences.find(reader)).toEqual(german);
    });
  });
}
