import { z } from 'zod';
import type { CreateAuthor } from '../../../application/catalog/create-author.js';
import type { DeleteAuthor } from '../../../application/catalog/delete-author.js';
import type { GetAuthor } from '../../../application/catalog/get-author.js';
import type { ListAuthors } from '../../../application/catalog/list-authors.js';
import type { UpdateAuthor } from '../../../application/catalog/update-author.js';
import { AUTHOR_ALIASES_MAX, AUTHOR_NAME_MAX, AUTHOR_QUERY_MIN, type AuthorFields } from '../../../domain/catalog/author.js';
import type { Paginator } from '../../kits/http/pagination/page-links.js';
import { collectionOf, IdParams, PageQuery, TextOf } from '../../kits/http/routing/common-schemas.js';
import { ID_LIST_MAX, IdListText } from '../../kits/http/routing/id-list.js';
import { route, type RouteSpec } from '../../kits/http/routing/route-spec.js';
import { AuthorJson, authorJson } from './catalog-presenters.js';

const AuthorBody = z.strictObject({
  author_name: TextOf(AUTHOR_NAME_MAX, { min: 1, trim: true }),
  aliases: z.array(TextOf(AUTHOR_NAME_MAX)).max(AUTHOR_ALIASES_MAX).optional(),
});

const AuthorListQuery = z.object({
  q: z.string().trim().min(AUTHOR_QUERY_MIN, `must be at least ${AUTHOR_QUERY_MIN} characters`).max(200).optional().describe(`Search over names and aliases; at least ${AUTHOR_QUERY_MIN} characters`),
  ids: IdListText.optional().describe(`Only these authors, e.g. \`3,1,2\` (at most ${ID_LIST_MAX}); unknown ids are simply absent; still in id order and narrowed by \`q\``),
  ...PageQuery,
});

const fieldsOf = (body: z.infer<typeof AuthorBody>): AuthorFields => ({
  name: body.author_name,
  aliases: body.aliases ?? [],
});

export interface AuthorUseCases {
  list: ListAuthors;
  create: CreateAuthor;
  get: GetAuthor;
  update: UpdateAuthor;
  remove: DeleteAuthor;
}

export function authorRoutes(useCases: AuthorUseCases, paginator: Paginator): RouteSpec[] {
  return [
    route({
      method: 'get', path: '/authors', tag: 'authors', auth: 'jwt',
      summary: `List authors; optional search \`q\` (at least ${AUTHOR_QUERY_MIN} characters) and \`ids\``,
      query: AuthorListQuery,
      responses: { 200: { description: 'A page of authors', schema: collectionOf(AuthorJson) } },
      errors: { 503: 'The search `q` ran past its 2 s statement timeout (Retry-After: 1); a longer or more specific term is faster' },
      handle({ query, path }) {
        const q = query.q;
        const ids = query.ids?.join(',');
        return paginator.respond({ path, query, filters: { q, ids } }, (page) => useCases.list.execute({ q, ids: query.ids }, page), (a) => a.id, authorJson);
      },
    }),
    route({
      method: 'post', path: '/authors', tag: 'authors', auth: 'jwt',
      summary: 'Create a user-created author',
      body: AuthorBody,
      responses: { 201: { description: 'The created author', schema: AuthorJson } },
      async handle({ body }) {
        return { status: 201, body: authorJson(await useCases.create.execute(fieldsOf(body))) };
      },
    }),
    route({
      method: 'get', path: '/authors/:id', tag: 'authors', auth: 'jwt',
      summary: 'Get one author',
      params: IdParams,
      responses: { 200: { description: 'The author', schema: AuthorJson } },
      errors: { 404: 'No author has that id' },
      async handle({ params }) {
        return { status: 200, body: authorJson(await useCases.get.execute(params.id)) };
      },
    }),
    route({
      method: 'put', path: '/authors/:id', tag: 'authors', auth: 'jwt',
      summary: 'Replace name and aliases (fix a name, add aliases)',
      params: IdParams,
      body: AuthorBody,
      responses: { 200: { description: 'The updated author', schema: AuthorJson } },
      errors: { 404: 'No author has that id' },
      async handle({ params, body }) {
        return { status: 200, body: authorJson(await useCases.update.execute(params.id, fieldsOf(body))) };
      },
    }),
    route({
      method: 'delete', path: '/authors/:id', tag: 'authors', auth: 'jwt',
      summary: 'Delete an author (409 while a book references it)',
      params: IdParams,
      responses: { 204: { description: 'Deleted' } },
      errors: { 404: 'No author has that id', 409: 'A book references the author' },
      async handle({ params }) {
        await useCases.remove.execute(params.id);
        return { status: 204 };
      },
    }),
  ];
}
