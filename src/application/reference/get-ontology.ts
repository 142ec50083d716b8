import { inject, injectable } from 'inversify';
import { buildOntologyTree, type OntologyNode } from '../../domain/reference/reference-data.js';
import { CatalogReferences } from '../catalog/ports/catalog-references.js';
import { type OntologyFilter, ReferenceCatalog } from './ports/reference-catalog.js';
import { unknownFilter } from './unknown-reference-filter.js';

@injectable()
export class GetOntology {
  constructor(
    @inject(ReferenceCatalog) private readonly reference: ReferenceCatalog,
    @inject(CatalogReferences) private readonly references: CatalogReferences,
  ) {}

  /** The whole tree for the filter in one answer (it is small: hundreds of nodes). */
  async execute(filter: OntologyFilter): Promise<OntologyNode[]> {
    if (filter.typeId !== undefined && !(await this.references.typeExists(filter.typeId))) {
      throw unknownFilter('type_id', filter.typeId);
    }
    if (filter.genreId !== undefined && !(await this.reference.genreExists(filter.genreId))) {
      throw unknownFilter('genre_id', filter.genreId);
    }
    return buildOntologyTree(await this.reference.ontology(filter));
  }
}
