import { inject, injectable } from 'inversify';
import { ReadableLanguageNotFoundError } from '../../domain/wishes/errors.js';
import { ReadableLanguageRepository } from './ports/readable-language-repository.js';

@injectable()
export class RemoveReadableLanguage {
  constructor(@inject(ReadableLanguageRepository) private readonly languages: ReadableLanguageRepository) {}

  async execute(userId: number, languageId: number): Promise<void> {
    if (!(await this.languages.remove(userId, languageId))) throw new ReadableLanguageNotFoundError(languageId);
  }
}
