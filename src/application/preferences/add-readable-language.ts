import { inject, injectable } from 'inversify';
import { UnknownReferenceError } from '../../domain/catalog/errors.js';
import type { Language } from '../../domain/reference/reference-data.js';
import { ReferenceCatalog } from '../reference/ports/reference-catalog.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { ReadableLanguageRepository } from './ports/readable-language-repository.js';

@injectable()
export class AddReadableLanguage {
  constructor(
    @inject(ReadableLanguageRepository) private readonly languages: ReadableLanguageRepository,
    @inject(ReferenceCatalog) private readonly reference: ReferenceCatalog,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  execute(userId: number, languageId: number): Promise<Language> {
    return this.uow.transaction(async () => {
      const language = await this.reference.findLanguage(languageId);
      if (!language) throw new UnknownReferenceError('language_id', 'language', [languageId]);
      await this.languages.add(userId, languageId);
      return language;
    });
  }
}
