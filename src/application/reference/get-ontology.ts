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

  /**
   * Trees by filter. Reference data only changes when a release seeds it at start-up, so each process keeps the
   * trees it has built (at most one per type × genre filter; unknown ids are refused, never cached).
   */
  private readonly trees = new Map<string, OntologyNode[]>();

  /** The whole tree for the filter in one answer (it is small: hundreds of nodes). */
  async execute(filter: OntologyFilter): Promise<OntologyNode[]> {
    const key = `${filter.typeId ?? ''}/${filter.genreId ?? ''}`;
    const cached = this.trees.get(key);
    if (cached) return cached;
    const tree = await this.build(filter);
    this.trees.set(key, tree);
    return tree;
  }

  private async build(filter: OntologyFilter): Promise<OntologyNode[]> {
    if (filter.typeId !== undefined && !(await this.references.typeExists(filter.typeId))) {
      throw unknownFilter('type_id', filter.typeId);
    }
    if (filter.genreId !== undefined && !(await this.reference.genreExists(filter.genreId))) {
      throw unknownFilter('genre_id', filter.genreId);
    }
    return buildOntologyTree(await this.reference.ontology(filter));
  }
}
