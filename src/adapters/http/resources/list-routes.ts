import { z } from 'zod';
import type { CreateList } from '../../../application/lists/create-list.js';
import type { DeleteList } from '../../../application/lists/delete-list.js';
import type { GetOwnList } from '../../../application/lists/get-own-list.js';
import type { GetPublicList } from '../../../application/lists/get-public-list.js';
import type { ListLists } from '../../../application/lists/list-lists.js';
import { isListId, LIST_BOOKS_MAX, LIST_NAME_MAX, ListNotFoundError } from '../../../domain/lists/book-list.js';
import type { Paginator } from '../../kits/http/pagination/page-links.js';
import { collectionOf, IdParams, IdValue, PageQuery, TextOf } from '../../kits/http/routing/common-schemas.js';
import { route, type RouteSpec } from '../../kits/http/routing/route-spec.js';
import { currentUser } from './current-user.js';
import { ListJson, listJson, PublicListJson, publicListJson } from './user-space-presenters.js';

const SHARE_TOKEN_SHAPE = /^[A-Za-z0-9_-]{1,128}$/;

export interface ListUseCases {
  list: ListLists;
  create: CreateList;
  getOwn: GetOwnList;
  getPublic: GetPublicList;
  remove: DeleteList;
}

export function listRoutes(useCases: ListUseCases, paginator: Paginator): RouteSpec[] {
  return [
    route({
      method: 'get', path: '/lists', tag: 'lists', auth: 'jwt', summary: "List the user's lists",
      query: z.object(PageQuery),
      responses: { 200: { description: 'A page of lists', schema: collectionOf(ListJson) } },
      handle({ userId, query, path }) {
        return paginator.respond({ path, query }, (page) => useCases.list.execute(currentUser(userId), page), (l) => l.id, listJson);
      },
    }),
    route({
      method: 'post', path: '/lists', tag: 'lists', auth: 'jwt', summary: 'Create a shareable list of books',
      body: z.strictObject({ list_name: TextOf(LIST_NAME_MAX, { min: 1, trim: true }), book_ids: z.array(IdValue).max(LIST_BOOKS_MAX) }),
      responses: { 201: { description: 'The created list with its share token', schema: ListJson } },
      async handle({ userId, body }) {
        return { status: 201, body: listJson(await useCases.create.execute(currentUser(userId), body.list_name, body.book_ids)) };
      },
    }),
    route({
      method: 'get', path: '/lists/:id', tag: 'lists',
      // All digits: a list id, for its owner (JWT). Anything else: a share token, public.
      auth: { jwtWhen: (params) => isListId(params.id ?? '') },
      summary: 'One list: by id for its owner (JWT), or the public view by share token (no JWT)',
      params: z.strictObject({ id: z.string().min(1).max(128).describe('A list id (all digits) or a share token') }),
      responses: { 200: { description: 'The list (owner) or its public view (token)', schema: z.union([ListJson, PublicListJson]) } },
      errors: { 404: 'The user has no list with that id, or no list has that share token' },
      async handle({ userId, params }) {
        if (!isListId(params.id)) {
          // Only base64url can be a share token; anything else is answered without a query.
          if (!SHARE_TOKEN_SHAPE.test(params.id)) throw new ListNotFoundError('with that share token');
          return { status: 200, body: publicListJson(await useCases.getPublic.execute(params.id)) };
        }
        const id = Number(params.id);
        if (!Number.isSafeInteger(id) || id < 1) throw new ListNotFoundError(params.id);
        return { status: 200, body: listJson(await useCases.getOwn.execute(currentUser(userId), id)) };
      },
    }),
    route({
      method: 'delete', path: '/lists/:id', tag: 'lists', auth: 'jwt', summary: 'Delete a list',
      params: IdParams,
      responses: { 204: { description: 'Deleted' } },
      errors: { 404: 'The user has no list with that id' },
      async handle({ userId, params }) {
        await useCases.remove.execute(currentUser(userId), params.id);
        return { status: 204 };
      },
    }),
  ];
}
