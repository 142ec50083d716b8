import { inject, injectable } from 'inversify';
import type { Genre } from '../../domain/reference/reference-data.js';
import type { PageRequest, PageSlice } from '../../domain/shared/page.js';
import { CatalogReferences } from '../catalog/ports/catalog-references.js';
import { ReferenceCatalog } from './ports/reference-catalog.js';
import { unknownFilter } from './unknown-reference-filter.js';

@injectable()
export class ListGenres {
  constructor(
    @inject(ReferenceCatalog) private readonly reference: ReferenceCatalog,
    @inject(CatalogReferences) private readonly references: CatalogReferences,
  ) {}

  async execute(typeId: number | undefined, page: PageRequest): Promise<PageSlice<Genre>> {
    if (typeId !== undefined && !(await this.references.typeExists(typeId))) throw unknownFilter('type_id', typeId);
    return this.reference.genresPage(typeId ?? null, page);
  }
}
