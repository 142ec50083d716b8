import { inject, injectable } from 'inversify';
import { effectivePreferences, type Preferences } from '../../domain/wishes/preferences.js';
import { PreferencesRepository } from './ports/preferences-repository.js';

@injectable()
export class GetPreferences {
  constructor(@inject(PreferencesRepository) private readonly preferences: PreferencesRepository) {}

  /** Defaults until the user first saves. */
  async execute(userId: number): Promise<Preferences> {
    return effectivePreferences(await this.preferences.find(userId));
  }
}
