import type { CatalogReferences } from '../../../src/application/catalog/ports/catalog-references.js';

/** Reference data as the test declares it: languages, types, and each genre with its type. */
export class FakeCatalogReferences implements CatalogReferences {
  private readonly languages = new Set<number>();
  private readonly types = new Set<number>();
  private readonly genreTypes = new Map<number, number>();

  withLanguages(...ids: number[]): this {
    for (const id of ids) this.languages.add(id);
    return this;
  }

  withTypes(...ids: number[]): this {
    for (const id of ids) this.types.add(id);
    return this;
  }

  /** A genre of `typeId` (the type is declared too). */
  withGenre(genreId: number, typeId: number): this {
    this.types.add(typeId);
    this.genreTypes.set(genreId, typeId);
    return this;
  }

  async languageExists(languageId: number): Promise<boolean> {
    return this.languages.has(languageId);
  }

  async typeExists(typeId: number): Promise<boolean> {
    return this.types.has(typeId);
  }

  async genreBelongsToType(genreId: number, typeId: number): Promise<boolean> {
    return this.genreTypes.get(genreId) === typeId;
  }
}
