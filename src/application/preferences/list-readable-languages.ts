import { inject, injectable } from 'inversify';
import type { Language } from '../../domain/reference/reference-data.js';
import type { PageRequest, PageSlice } from '../../domain/shared/page.js';
import { ReadableLanguageRepository } from './ports/readable-language-repository.js';

@injectable()
export class ListReadableLanguages {
  constructor(@inject(ReadableLanguageRepository) private readonly languages: ReadableLanguageRepository) {}

  execute(userId: number, page: PageRequest): Promise<PageSlice<Language>> {
    return this.languages.page(userId, page);
  }
}
