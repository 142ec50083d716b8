import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { OntologyFilter, ReferenceCatalog } from '../../../application/reference/ports/reference-catalog.js';
import type { EditionFormat } from '../../../domain/catalog/edition.js';
import type { BookType, FlatOntologyNode, Genre, Language, Store } from '../../../domain/reference/reference-data.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';
import { queryPage } from '../../kits/sql/keyset.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { type Row, toId, toNullableId } from './row-mapping.js';

const STORE_SELECT = 'select s.store_id, s.store_name, s.country, s.currency, s.formats, s.homepage_url, s.is_active from store s';

@injectable()
export class SqlReferenceCatalog implements ReferenceCatalog {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  storesPage(request: PageRequest): Promise<PageSlice<Store>> {
    return queryPage(this.em, { selectFrom: STORE_SELECT, filters: [], key: 's.store_id', order: 'asc' }, request, storeFromRow);
  }

  userStoresPage(userId: number, request: PageRequest): Promise<PageSlice<Store>> {
    // Users without saved preferences get the defaults, as GET shows them; the rule is the one alerts use (migration 11).
    const matchesUser = `exists (
      select 1 from effective_preferences u where u.user_id = ? and store_sells_to(s, u.country, u.currency, u.formats))`;
    return queryPage(
      this.em,
      { selectFrom: STORE_SELECT, filters: [[matchesUser, [userId]]], key: 's.store_id', order: 'asc' },
      request,
      storeFromRow,
    );
  }

  languagesPage(request: PageRequest): Promise<PageSlice<Language>> {
    return queryPage(this.em, { selectFrom: 'select * from language l', filters: [], key: 'l.language_id', order: 'asc' }, request, languageFromRow);
  }

  async findLanguage(languageId: number): Promise<Language | null> {
    const rows = await this.em.execute<Row[]>('select * from language where language_id = ?', [languageId]);
    return rows[0] ? languageFromRow(rows[0]) : null;
  }

  typesPage(request: PageRequest): Promise<PageSlice<BookType>> {
    return queryPage(this.em, { selectFrom: 'select * from type t', filters: [], key: 't.type_id', order: 'asc' }, request, (r) => ({
      id: toId(r.type_id),
      name: String(r.type_name),
    }));
  }

  genresPage(typeId: number | null, request: PageRequest): Promise<PageSlice<Genre>> {
    return queryPage(
      this.em,
      { selectFrom: 'select * from genre g', filters: typeId === null ? [] : [['g.type_id = ?', [typeId]]], key: 'g.genre_id', order: 'asc' },
      request,
      (r) => ({ id: toId(r.genre_id), typeId: toId(r.type_id), name: String(r.genre_name) }),
    );
  }

  async genreExists(genreId: number): Promise<boolean> {
    const rows = await this.em.execute<Row[]>('select 1 from genre where genre_id = ?', [genreId]);
    return rows.length > 0;
  }

  async ontology(filter: OntologyFilter): Promise<FlatOntologyNode[]> {
    const conditions: string[] = [];
    const params: number[] = [];
    if (filter.typeId !== undefined) {
      conditions.push('n.type_id = ?');
      params.push(filter.typeId);
    }
    if (filter.genreId !== undefined) {
      conditions.push('n.genre_id = ?');
      params.push(filter.genreId);
    }
    const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
    // Siblings by position; a child may come before its parent (its position is within the parent): the tree is
    // built in two passes (buildOntologyTree), so the flat order need not put parents first.
    const rows = await this.em.execute<Row[]>(
      `select n.ontology_node_id, n.parent_id, n.name, n.type_id, n.genre_id from ontology_node n ${where}
       order by n.type_id, n.genre_id, n.position, n.ontology_node_id`,
      params,
    );
    return rows.map((r) => ({
      id: toId(r.ontology_node_id),
      parentId: toNullableId(r.parent_id),
      name: String(r.name),
      typeId: toId(r.type_id),
      genreId: toId(r.genre_id),
    }));
  }
}

export function languageFromRow(row: Row): Language {
  return { id: toId(row.language_id), code: String(row.language_code), name: String(row.language_name) };
}

function storeFromRow(row: Row): Store {
  return {
    id: toId(row.store_id),
    name: String(row.store_name),
    country: (row.country as string | null) ?? null,
    currency: String(row.currency),
    formats: (row.formats as EditionFormat[]) ?? [],
    homepageUrl: String(row.homepage_url),
    isActive: Boolean(row.is_active),
  };
}
