import { z } from 'zod';
import type { CreateBook } from '../../../application/catalog/create-book.js';
import type { DeleteBook } from '../../../application/catalog/delete-book.js';
import type { ShowBook } from '../../../application/catalog/show-book.js';
import type { ListBooks } from '../../../application/catalog/list-books.js';
import type { UpdateBook } from '../../../application/catalog/update-book.js';
import { BOOK_TITLE_MAX, type BookFields } from '../../../domain/catalog/book.js';
import type { Paginator } from '../../kits/http/pagination/page-links.js';
import { collectionOf, IdParams, IdValue, PageQuery, TextOf } from '../../kits/http/routing/common-schemas.js';
import { ID_LIST_MAX, IdListText } from '../../kits/http/routing/id-list.js';
import { route, type RouteSpec } from '../../kits/http/routing/route-spec.js';
import { BorrowJson, borrowJson } from './borrow-presenters.js';
import { BookJson, bookJson } from './catalog-presenters.js';

const BookBody = z.strictObject({
  book_original_title: TextOf(BOOK_TITLE_MAX, { min: 1, trim: true }),
  author_ids: z.array(IdValue).max(50).optional(),
  type_id: IdValue.nullable().optional(),
  genre_id: IdValue.nullable().optional(),
});

const BookListQuery = z.object({
  q: z.string().max(200).optional().describe('Case- and accent-insensitive search over titles, author names and aliases'),
  ids: IdListText.optional().describe(`Only these books, e.g. \`3,1,2\` (at most ${ID_LIST_MAX}); unknown ids are simply absent; still in id order and narrowed by \`q\``),
  ...PageQuery,
});

const fieldsOf = (body: z.infer<typeof BookBody>): BookFields => ({
  originalTitle: body.book_original_title,
  authorIds: body.author_ids ?? [],
  typeId: body.type_id ?? null,
  genreId: body.genre_id ?? null,
});

export interface BookUseCases {
  list: ListBooks;
  create: CreateBook;
  get: ShowBook;
  update: UpdateBook;
  remove: DeleteBook;
}

export function bookRoutes(useCases: BookUseCases, paginator: Paginator): RouteSpec[] {
  return [
    route({
      method: 'get', path: '/books', tag: 'books', auth: 'jwt',
      summary: 'List books; optional search `q` and `ids`',
      query: BookListQuery,
      responses: { 200: { description: 'A page of books', schema: collectionOf(BookJson) } },
      errors: { 503: 'The search `q` ran past its 2 s statement timeout (Retry-After: 1); a longer or more specific term is faster' },
      handle({ query, path }) {
        const q = query.q?.trim() || undefined;
        // The links repeat `ids` as the client wrote it.
        const ids = query.ids?.join(',');
        return paginator.respond({ path, query, filters: { q, ids } }, (page) => useCases.list.execute({ q, ids: query.ids }, page), (b) => b.id, bookJson);
      },
    }),
    route({
      method: 'post', path: '/books', tag: 'books', auth: 'jwt',
      summary: 'Create a book',
      body: BookBody,
      responses: { 201: { description: 'The created book', schema: BookJson } },
      async handle({ body }) {
        return { status: 201, body: bookJson(await useCases.create.execute(fieldsOf(body))) };
      },
    }),
    route({
      method: 'get', path: '/books/:id', tag: 'books', auth: 'jwt',
      summary: 'Get one book, with whether it can be borrowed as an e-book (`borrow`)',
      params: IdParams,
      responses: { 200: { description: 'The book', schema: BookJson.extend({ borrow: BorrowJson }) } },
      errors: { 404: 'No book has that id' },
      async handle({ params }) {
        const { book, borrow } = await useCases.get.execute(params.id);
        return { status: 200, body: { ...bookJson(book), borrow: borrowJson(borrow) } };
      },
    }),
    route({
      method: 'put', path: '/books/:id', tag: 'books', auth: 'jwt',
      summary: 'Replace the writable fields of a book',
      params: IdParams,
      body: BookBody,
      responses: { 200: { description: 'The updated book', schema: BookJson } },
      errors: { 404: 'No book has that id' },
      async handle({ params, body }) {
        return { status: 200, body: bookJson(await useCases.update.execute(params.id, fieldsOf(body))) };
      },
    }),
    route({
      method: 'delete', path: '/books/:id', tag: 'books', auth: 'jwt',
      summary: 'Delete a book with its editions (409 while a wish or list references it)',
      params: IdParams,
      responses: { 204: { description: 'Deleted' } },
      errors: { 404: 'No book has that id', 409: 'A wish or a list references the book' },
      async handle({ params }) {
        await useCases.remove.execute(params.id);
        return { status: 204 };
      },
    }),
  ];
}
