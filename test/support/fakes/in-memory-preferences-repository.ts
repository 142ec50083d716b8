import type { PreferencesRepository } from '../../../src/application/preferences/ports/preferences-repository.js';
import type { Preferences } from '../../../src/domain/wishes/preferences.js';

/** Each user's saved preferences (copies); a user who never saved has none. */
export class InMemoryPreferencesRepository implements PreferencesRepository {
  readonly saves: Array<{ userId: number; preferences: Preferences }> = [];
  private readonly rows = new Map<number, Preferences>();

  stored(userId: number): Preferences | undefined {
    const saved = this.rows.get(userId);
    return saved && copyOf(saved);
  }

  async find(userId: number): Promise<Preferences | null> {
    return this.stored(userId) ?? null;
  }

  async save(userId: number, preferences: Preferences): Promise<void> {
    this.saves.push({ userId, preferences: copyOf(preferences) });
    this.rows.set(userId, copyOf(preferences));
  }
}

const copyOf = (p: Preferences): Preferences => ({ ...p, formats: [...p.formats], alertDefaults: { ...p.alertDefaults } });
