import type { ServiceIdentifier } from 'inversify';
import type { BookType, FlatOntologyNode, Genre, Language, Store } from '../../../domain/reference/reference-data.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';

export interface OntologyFilter {
  typeId?: number;
  genreId?: number;
}

/** Read access to reference data; the user-filtered store list is answered by the database in one query. */
export interface ReferenceCatalog {
  storesPage(request: PageRequest): Promise<PageSlice<Store>>;
  /** Active stores in the user's country (or international), in the user's currency, selling one of the user's formats. */
  userStoresPage(userId: number, request: PageRequest): Promise<PageSlice<Store>>;
  languagesPage(request: PageRequest): Promise<PageSlice<Language>>;
  findLanguage(languageId: number): Promise<Language | null>;
  typesPage(request: PageRequest): Promise<PageSlice<BookType>>;
  genresPage(typeId: number | null, request: PageRequest): Promise<PageSlice<Genre>>;
  genreExists(genreId: number): Promise<boolean>;
  /** Flat nodes by type, genre, then position among their siblings (a child may precede its parent). */
  ontology(filter: OntologyFilter): Promise<FlatOntologyNode[]>;
}
export const ReferenceCatalog = Symbol.for('ReferenceCatalog') as ServiceIdentifier<ReferenceCatalog>;
