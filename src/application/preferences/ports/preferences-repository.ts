import type { ServiceIdentifier } from 'inversify';
import type { Preferences } from '../../../domain/wishes/preferences.js';

/** The user's singleton preferences; every method is scoped to the given user. */
export interface PreferencesRepository {
  find(userId: number): Promise<Preferences | null>;
  save(userId: number, preferences: Preferences): Promise<void>;
}
export const PreferencesRepository = Symbol.for('PreferencesRepository') as ServiceIdentifier<PreferencesRepository>;
