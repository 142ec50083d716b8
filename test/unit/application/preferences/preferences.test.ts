// GetPreferences and UpdatePreferences on hand-written fakes: defaults until saved, partial changes, checked codes.
import { describe, expect, it } from 'vitest';
import { GetPreferences } from '../../../../src/application/preferences/get-preferences.js';
import { UpdatePreferences } from '../../../../src/application/preferences/update-preferences.js';
import { DEFAULT_PREFERENCES } from '../../../../src/domain/wishes/preferences.js';
import { FakeUnitOfWork } from '../../../support/fakes/fake-unit-of-work.js';
import { InMemoryPreferencesRepository } from '../../../support/fakes/in-memory-preferences-repository.js';
import { euros, somePreferences } from '../../../support/mothers/wishes.js';

const READER = 5;
const OFF = { dropPercent: null, lowestDays: null, defaultTarget: null };
const OTHER_READER = 6;

function world() {
  const preferences = new InMemoryPreferencesRepository();
  return { get: new GetPreferences(preferences), update: new UpdatePreferences(preferences, new FakeUnitOfWork()), preferences };
}

describe('GetPreferences', () => {
  it('answers the defaults for a user who never saved, and saves nothing', async () => {
    const { get, preferences } = world();
    expect(await get.execute(READER)).toEqual({ country: null, currency: 'EUR', formats: ['hardcover', 'paperback', 'ebook', 'audiobook'], alertEmail: false, convertCurrencies: false, alertDefaults: OFF });
    expect(preferences.saves).toEqual([]);
  });

  it("answers the user's saved preferences", async () => {
    const { get, preferences } = world();
    await preferences.save(READER, somePreferences({ country: 'AT' }));
    expect(await get.execute(READER)).toEqual(somePreferences({ country: 'AT' }));
    expect(await get.execute(OTHER_READER)).toMatchObject({ country: null });
  });

  it('hands out a copy of the defaults, so changing the answer cannot change them', async () => {
    const { get } = world();
    (await get.execute(READER)).formats.push('ebook');
    expect(DEFAULT_PREFERENCES.formats).toEqual(['hardcover', 'paperback', 'ebook', 'audiobook']);
  });
});

describe('UpdatePreferences', () => {
  it('applies a partial change over the defaults for a first save', async () => {
    const { update, preferences } = world();
    const saved = await update.execute(READER, { country: 'de', alertEmail: true });
    expect(saved).toEqual({ country: 'DE', currency: 'EUR', formats: ['hardcover', 'paperback', 'ebook', 'audiobook'], alertEmail: true, convertCurrencies: false, alertDefaults: OFF });
    expect(preferences.stored(READER)).toEqual(saved);
  });

  it('a first save that leaves formats out does not hand out the shared defaults', async () => {
    const { update } = world();
    const saved = await update.execute(READER, { alertEmail: true });
    expect(saved.formats).not.toBe(DEFAULT_PREFERENCES.formats);
    saved.formats.push('ebook');
    expect(DEFAULT_PREFERENCES.formats).toEqual(['hardcover', 'paperback', 'ebook', 'audiobook']);
  });

  it('keeps every field the change leaves out, and clears the country with null', async () => {
    const { update, preferences } = world();
    await preferences.save(READER, somePreferences({ country: 'AT', currency: 'EUR', formats: ['ebook'], alertEmail: true }));
    await update.execute(READER, { currency: 'chf', formats: ['paperback', 'paperback', 'hardcover'] });
    expect(preferences.stored(READER)).toEqual({ country: 'AT', currency: 'CHF', formats: ['paperback', 'hardcover'], alertEmail: true, convertCurrencies: false, alertDefaults: OFF });
    await update.execute(READER, { country: null });
    expect(preferences.stored(READER)?.country).toBeNull();
  });

  it('switches converting currencies on and off, keeping the rest', async () => {
    const { update, preferences } = world();
    await preferences.save(READER, somePreferences({ country: 'AT', formats: ['ebook'] }));
    expect(await update.execute(READER, { convertCurrencies: true })).toEqual(somePreferences({ country: 'AT', formats: ['ebook'], convertCurrencies: true }));
    await update.execute(READER, { currency: 'GBP' });
    expect(preferences.stored(READER)).toMatchObject({ currency: 'GBP', convertCurrencies: true });
    await update.execute(READER, { convertCurrencies: false });
    expect(preferences.stored(READER)).toMatchObject({ currency: 'GBP', convertCurrencies: false });
  });

  it('refuses unknown codes and an empty format list, naming every field, and saves nothing', async () => {
    const { update, preferences } = world();
    await preferences.save(READER, somePreferences());
    const before = preferences.saves.length;
    await expect(update.execute(READER, { country: 'XX', currency: 'EURO', formats: [] })).rejects.toMatchObject({
      code: 'validation_failed',
      details: [
        { field: 'country', message: 'must be an ISO 3166-1 alpha-2 code' },
        { field: 'currency', message: 'must be an ISO 4217 code' },
        { field: 'formats', message: 'must name at least one format' },
      ],
    });
    expect(preferences.saves).toHaveLength(before);
    expect(preferences.stored(READER)).toEqual(somePreferences());
  });

  it('changes the alert defaults one by one, keeping the others, and turns them off with null', async () => {
    const { update, preferences } = world();
    await preferences.save(READER, somePreferences());
    await update.execute(READER, { alertDefaults: { dropPercent: 15, defaultTarget: { discountPercent: 10 } } });
    expect(preferences.stored(READER)?.alertDefaults).toEqual({ dropPercent: 15, lowestDays: null, defaultTarget: { discountPercent: 10 } });
    await update.execute(READER, { alertDefaults: { lowestDays: 365, defaultTarget: { maxPrice: euros('12.00') } } });
    expect(preferences.stored(READER)?.alertDefaults).toEqual({ dropPercent: 15, lowestDays: 365, defaultTarget: { maxPrice: euros('12.00') } });
    await update.execute(READER, { country: 'AT' });
    expect(preferences.stored(READER)?.alertDefaults).toEqual({ dropPercent: 15, lowestDays: 365, defaultTarget: { maxPrice: euros('12.00') } });
    await update.execute(READER, { alertDefaults: { dropPercent: null, lowestDays: null, defaultTarget: null } });
    expect(preferences.stored(READER)?.alertDefaults).toEqual(OFF);
  });

  it('refuses alert defaults out of range, naming each field, and saves nothing', async () => {
    const { update, preferences } = world();
    await preferences.save(READER, somePreferences());
    await expect(
      update.execute(READER, { alertDefaults: { dropPercent: 100, lowestDays: 7 as never, defaultTarget: { discountPercent: 2.5 } } }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      details: [
        { field: 'alert_drop_percent', message: 'must be a whole number from 1 to 99, or null' },
        { field: 'alert_lowest_days', message: 'must be one of 30, 90, 365, or null' },
        { field: 'default_target.discount_percent', message: 'must be a whole number from 0 to 99' },
      ],
    });
    expect(preferences.stored(READER)).toEqual(somePreferences());
  });

  it("changes only the given user's preferences", async () => {
    const { update, preferences } = world();
    await preferences.save(OTHER_READER, somePreferences({ country: 'FR' }));
    await update.execute(READER, { country: 'IT' });
    expect(preferences.stored(OTHER_READER)?.country).toBe('FR');
  });
});
