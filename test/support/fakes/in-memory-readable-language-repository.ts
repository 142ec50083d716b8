import type { ReadableLanguageRepository } from '../../../src/application/preferences/ports/readable-language-repository.js';
import type { Language } from '../../../src/domain/reference/reference-data.js';
import type { PageRequest, PageSlice } from '../../../src/domain/shared/page.js';
import { LanguageAlreadyAddedError } from '../../../src/domain/wishes/errors.js';
import { keysetPage } from './keyset-page.js';

/**
 * Each user's readable languages, by id; pages show them as the `languages` given (the reference table), by id.
 * Adding one the user already reads throws LanguageAlreadyAddedError, as the SQL insert does.
 */
export class InMemoryReadableLanguageRepository implements ReadableLanguageRepository {
  private readonly byUser = new Map<number, Set<number>>();

  constructor(private readonly languages: readonly Language[] = []) {}

  of(userId: number): number[] {
    return [...(this.byUser.get(userId) ?? [])].sort((a, b) => a - b);
  }

  async page(userId: number, request: PageRequest): Promise<PageSlice<Language>> {
    const mine = new Set(this.of(userId));
    return keysetPage(
      this.languages.filter((l) => mine.has(l.id)),
      (l) => l.id,
      'asc',
      request,
    );
  }

  async add(userId: number, languageId: number): Promise<void> {
    const mine = this.byUser.get(userId) ?? new Set<number>();
    if (mine.has(languageId)) throw new LanguageAlreadyAddedError(languageId);
    mine.add(languageId);
    this.byUser.set(userId, mine);
  }

  async remove(userId: number, languageId: number): Promise<boolean> {
    return this.byUser.get(userId)?.delete(languageId) ?? false;
  }
}
