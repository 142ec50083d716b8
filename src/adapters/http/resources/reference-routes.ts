import { z } from 'zod';
import type { GetOntology } from '../../../application/reference/get-ontology.js';
import type { ListGenres } from '../../../application/reference/list-genres.js';
import type { ListLanguages } from '../../../application/reference/list-languages.js';
import type { ListStores } from '../../../application/reference/list-stores.js';
import type { ListTypes } from '../../../application/reference/list-types.js';
import type { ListUserStores } from '../../../application/reference/list-user-stores.js';
import type { Paginator } from '../../kits/http/pagination/page-links.js';
import { collectionOf, IdText, LinksSchema, PageQuery } from '../../kits/http/routing/common-schemas.js';
import { route, type RouteSpec } from '../../kits/http/routing/route-spec.js';
import { currentUser } from './current-user.js';
import {
  GenreJson, genreJson, LanguageJson, languageJson, OntologyNodeSchema, ontologyJson, StoreJson, storeJson, TypeJson, typeJson,
} from './user-space-presenters.js';

export interface ReferenceUseCases {
  stores: ListStores;
  userStores: ListUserStores;
  languages: ListLanguages;
  types: ListTypes;
  genres: ListGenres;
  ontology: GetOntology;
}

const PageOnly = z.object(PageQuery);

export function referenceRoutes(useCases: ReferenceUseCases, paginator: Paginator): RouteSpec[] {
  return [
    route({
      method: 'get', path: '/stores', tag: 'reference', auth: 'jwt', summary: 'List all stores',
      query: PageOnly,
      responses: { 200: { description: 'A page of stores', schema: collectionOf(StoreJson) } },
      handle({ query, path }) {
        return paginator.respond({ path, query }, (page) => useCases.stores.execute(page), (s) => s.id, storeJson);
      },
    }),
    route({
      method: 'get', path: '/user/stores', tag: 'reference', auth: 'jwt',
      summary: "Active stores matching the user's country (or international), currency and formats",
      query: PageOnly,
      responses: { 200: { description: 'A page of stores', schema: collectionOf(StoreJson) } },
      handle({ query, path, userId }) {
        return paginator.respond({ path, query }, (page) => useCases.userStores.execute(currentUser(userId), page), (s) => s.id, storeJson);
      },
    }),
    route({
      method: 'get', path: '/languages', tag: 'reference', auth: 'jwt', summary: 'List all languages (ISO 639-1)',
      query: PageOnly,
      responses: { 200: { description: 'A page of languages', schema: collectionOf(LanguageJson) } },
      handle({ query, path }) {
        return paginator.respond({ path, query }, (page) => useCases.languages.execute(page), (l) => l.id, languageJson);
      },
    }),
    route({
      method: 'get', path: '/types', tag: 'reference', auth: 'jwt', summary: 'List the 9 types',
      query: PageOnly,
      responses: { 200: { description: 'A page of types', schema: collectionOf(TypeJson) } },
      handle({ query, path }) {
        return paginator.respond({ path, query }, (page) => useCases.types.execute(page), (t) => t.id, typeJson);
      },
    }),
    route({
      method: 'get', path: '/genres', tag: 'reference', auth: 'jwt', summary: 'List genres, optionally of one type',
      query: z.object({ type_id: IdText.optional(), ...PageQuery }),
      responses: { 200: { description: 'A page of genres', schema: collectionOf(GenreJson) } },
      handle({ query, path }) {
        const filters = { type_id: query.type_id };
        return paginator.respond({ path, query, filters }, (page) => useCases.genres.execute(query.type_id, page), (g) => g.id, genreJson);
      },
    }),
    route({
      method: 'get', path: '/ontology', tag: 'reference', auth: 'jwt',
      summary: 'The whole ontology tree for a type and/or genre (not paginated)',
      query: z.object({ type_id: IdText.optional(), genre_id: IdText.optional() }),
      responses: {
        200: { description: 'Root nodes with their children', schema: z.object({ data: z.array(OntologyNodeSchema), _links: LinksSchema.pick({ self: true }) }) },
      },
      async handle({ query, path }) {
        const roots = await useCases.ontology.execute({ typeId: query.type_id, genreId: query.genre_id });
        const params = new URLSearchParams();
        if (query.type_id !== undefined) params.set('type_id', String(query.type_id));
        if (query.genre_id !== undefined) params.set('genre_id', String(query.genre_id));
        const self = params.size > 0 ? `${path}?${params.toString()}` : path;
        return { status: 200, body: { data: roots.map(ontologyJson), _links: { self: { href: self } } } };
      },
    }),
  ];
}
