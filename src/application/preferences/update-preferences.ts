import { inject, injectable } from 'inversify';
import { changePreferences, effectivePreferences, type Preferences, type PreferencesChange } from '../../domain/wishes/preferences.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { PreferencesRepository } from './ports/preferences-repository.js';

@injectable()
export class UpdatePreferences {
  constructor(
    @inject(PreferencesRepository) private readonly preferences: PreferencesRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  execute(userId: number, change: PreferencesChange): Promise<Preferences> {
    return this.uow.transaction(async () => {
      const current = effectivePreferences(await this.preferences.find(userId));
      const next = changePreferences(current, change);
      await this.preferences.save(userId, next);
      return next;
    });
  }
}
