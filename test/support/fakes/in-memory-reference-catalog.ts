import type { OntologyFilter, ReferenceCatalog } from '../../../src/application/reference/ports/reference-catalog.js';
import type { BookType, FlatOntologyNode, Genre, Language, Store } from '../../../src/domain/reference/reference-data.js';
import type { PageRequest, PageSlice } from '../../../src/domain/shared/page.js';
import { keysetPage } from './keyset-page.js';

/**
 * Reference data as the test declares it, paged by id (held to test/contracts/ports/reference-catalog.contract.ts). The stores a user can buy from are declared per user (the SQL
 * rule is the database's). `ontologyReads` counts the ontology queries, to see what a cache saves.
 */
export class InMemoryReferenceCatalog implements ReferenceCatalog {
  ontologyReads = 0;
  readonly stores: Store[] = [];
  readonly languages: Language[] = [];
  readonly types: BookType[] = [];
  readonly genres: Genre[] = [];
  readonly ontologyNodes: FlatOntologyNode[] = [];
  private readonly userStores = new Map<number, number[]>();

  withStores(...stores: Store[]): this {
    this.stores.push(...stores);
    return this;
  }

  withLanguages(...languages: Language[]): this {
    this.languages.push(...languages);
    return this;
  }

  withTypes(...types: BookType[]): this {
    this.types.push(...types);
    return this;
  }

  withGenres(...genres: Genre[]): this {
    this.genres.push(...genres);
    return this;
  }

  /** Nodes in display order within their genre (standing for the SQL's sibling positions). */
  withOntology(...nodes: FlatOntologyNode[]): this {
    this.ontologyNodes.push(...nodes);
    return this;
  }

  userBuysFrom(userId: number, ...storeIds: number[]): this {
    this.userStores.set(userId, storeIds);
    return this;
  }

  async storesPage(request: PageRequest): Promise<PageSlice<Store>> {
    return keysetPage(this.stores, (s) => s.id, 'asc', request);
  }

  async userStoresPage(userId: number, request: PageRequest): Promise<PageSlice<Store>> {
    const ids = new Set(this.userStores.get(userId) ?? []);
    return keysetPage(
      this.stores.filter((s) => ids.has(s.id)),
      (s) => s.id,
      'asc',
      request,
    );
  }

  async languagesPage(request: PageRequest): Promise<PageSlice<Language>> {
    return keysetPage(this.languages, (l) => l.id, 'asc', request);
  }

  async findLanguage(languageId: number): Promise<Language | null> {
    return this.languages.find((l) => l.id === languageId) ?? null;
  }

  async typesPage(request: PageRequest): Promise<PageSlice<BookType>> {
    return keysetPage(this.types, (t) => t.id, 'asc', request);
  }

  async genresPage(typeId: number | null, request: PageRequest): Promise<PageSlice<Genre>> {
    return keysetPage(
      this.genres.filter((g) => typeId === null || g.typeId === typeId),
      (g) => g.id,
      'asc',
      request,
    );
  }

  async genreExists(genreId: number): Promise<boolean> {
    return this.genres.some((g) => g.id === genreId);
  }

  async ontology(filter: OntologyFilter): Promise<FlatOntologyNode[]> {
    this.ontologyReads++;
    // By type, then genre, as SQL reads them; the sort is stable, so within a genre the declared order stays.
    return this.ontologyNodes
      .filter((n) => (filter.typeId === undefined || n.typeId === filter.typeId) && (filter.genreId === undefined || n.genreId === filter.genreId))
      .sort((a, b) => a.typeId - b.typeId || a.genreId - b.genreId);
  }
}
