import type { ServiceIdentifier } from 'inversify';
import type { Language } from '../../../domain/reference/reference-data.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';

/** The user's readable languages; every method is scoped to the given user. */
export interface ReadableLanguageRepository {
  page(userId: number, request: PageRequest): Promise<PageSlice<Language>>;
  /** Throws LanguageAlreadyAddedError when the user already reads it. */
  add(userId: number, languageId: number): Promise<void>;
  /** False when the user had no such language. */
  remove(userId: number, languageId: number): Promise<boolean>;
}
export const ReadableLanguageRepository = Symbol.for('ReadableLanguageRepository') as ServiceIdentifier<ReadableLanguageRepository>;
