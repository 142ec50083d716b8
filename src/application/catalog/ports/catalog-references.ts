import type { ServiceIdentifier } from 'inversify';

/** Read-only questions about reference data that catalog writes depend on. */
export interface CatalogReferences {
  languageExists(languageId: number): Promise<boolean>;
  typeExists(typeId: number): Promise<boolean>;
  genreBelongsToType(genreId: number, typeId: number): Promise<boolean>;
}
export const CatalogReferences = Symbol.for('CatalogReferences') as ServiceIdentifier<CatalogReferences>;
