import { z } from 'zod';
import type { AddWish } from '../../../application/wishes/add-wish.js';
import type { ImportWishes } from '../../../application/wishes/import-wishes.js';
import type { ListWishes } from '../../../application/wishes/list-wishes.js';
import type { RemoveWish } from '../../../application/wishes/remove-wish.js';
import type { UpdateWish } from '../../../application/wishes/update-wish.js';
import { Money } from '../../../domain/shared/money.js';
import type { Paginator } from '../../kits/http/pagination/page-links.js';
import { BooleanText, collectionOf, IdParams, IdText, IdValue, PageQuery } from '../../kits/http/routing/common-schemas.js';
import { route, type RouteSpec } from '../../kits/http/routing/route-spec.js';
import { currentUser } from './current-user.js';
import { WishJson, wishJson } from './user-space-presenters.js';

const MaxPrice = z
  .strictObject({
    amount: z.string().max(20).describe('Decimal string, e.g. "12.99"'),
    currency: z.string().max(3).describe('ISO 4217'),
  })
  .nullable();

const toMoney = (price: z.infer<typeof MaxPrice> | undefined): Money | null | undefined =>
  price === undefined ? undefined : price === null ? null : Money.parse(price.amount, price.currency, 'max_price.amount');

const ImportReportJson = z.object({
  created: z.number(),
  already_wished: z.number(),
  unmatched: z.array(z.object({ line: z.number(), reason: z.string(), title: z.string().nullable(), isbn: z.string().nullable() })),
  invalid: z.array(z.object({ line: z.number(), message: z.string() })),
  unmatched_count: z.number().describe('All unmatched rows; `unmatched` lists the first 10,000 by line'),
  invalid_count: z.number().describe('All invalid rows; `invalid` lists the first 10,000 by line'),
  created_books: z.number(),
  created_authors: z.number(),
  created_editions: z.number(),
});

const ImportQuery = z.object({
  create_missing: BooleanText.optional().describe(
    '`true`: a row that matches nothing creates its book, authors and (with an ISBN) edition, then the wish; `false` (default): such a row is reported unmatched',
  ),
});

const WishListQuery = z.object({
  book_id: IdText.optional().describe("Only the user's wish of this book (0 or 1 item; an unknown book gives an empty page)"),
  below_max_price: BooleanText.optional().describe('`true`: only the wishes whose `below_max_price` is true; `false`: only those whose is false'),
  ...PageQuery,
});

export interface WishUseCases {
  list: ListWishes;
  add: AddWish;
  update: UpdateWish;
  remove: RemoveWish;
  import: ImportWishes;
}

export function wishRoutes(useCases: WishUseCases, paginator: Paginator): RouteSpec[] {
  return [
    route({
      method: 'post', path: '/wishes/import', tag: 'wishes', auth: 'jwt',
      summary: 'Import wishes from a reading-list export (plain CSV, Goodreads, StoryGraph, LibraryThing and more); optional `create_missing`',
      query: ImportQuery,
      upload: { description: 'CSV file (text/csv body, or multipart/form-data field "file"), at most 5 MiB' },
      responses: { 200: { description: 'Per-line import report', schema: ImportReportJson } },
      async handle({ userId, body, query }) {
        const report = await useCases.import.execute(currentUser(userId), body as Uint8Array, { createMissing: query.create_missing === true });
        return {
          status: 200,
          body: {
            created: report.created,
            already_wished: report.alreadyWished,
            unmatched: report.unmatched,
            invalid: report.invalid,
            unmatched_count: report.unmatchedCount,
            invalid_count: report.invalidCount,
            created_books: report.createdBooks,
            created_authors: report.createdAuthors,
            created_editions: report.createdEditions,
          },
        };
      },
    }),
    route({
      method: 'get', path: '/wishes', tag: 'wishes', auth: 'jwt', summary: "List the user's wishes with their best and lowest prices; optional filters `book_id`, `below_max_price`",
      query: WishListQuery,
      responses: { 200: { description: 'A page of wishes', schema: collectionOf(WishJson) } },
      handle({ userId, query, path }) {
        const bookId = query.book_id;
        const belowMaxPrice = query.below_max_price;
        return paginator.respond(
          // The links repeat the filters as the client wrote them.
          { path, query, filters: { book_id: bookId, below_max_price: belowMaxPrice === undefined ? undefined : String(belowMaxPrice) } },
          (page) => useCases.list.execute(currentUser(userId), { bookId, belowMaxPrice }, page),
          (w) => w.id,
          wishJson,
        );
      },
    }),
    route({
      method: 'post', path: '/wishes', tag: 'wishes', auth: 'jwt', summary: 'Add a book to the wish list',
      body: z.strictObject({ book_id: IdValue, is_monitored: z.boolean().optional(), max_price: MaxPrice.optional() }),
      responses: { 201: { description: 'The created wish, with the prices its book already has', schema: WishJson } },
      errors: { 409: 'The user already wishes for the book' },
      async handle({ userId, body }) {
        const wish = await useCases.add.execute(currentUser(userId), {
          bookId: body.book_id,
          isMonitored: body.is_monitored ?? true,
          maxPrice: toMoney(body.max_price) ?? null,
        });
        return { status: 201, body: wishJson(wish) };
      },
    }),
    route({
      method: 'patch', path: '/wishes/:id', tag: 'wishes', auth: 'jwt',
      summary: 'Change is_monitored and/or max_price (null clears it)',
      params: IdParams,
      body: z
        .strictObject({ is_monitored: z.boolean().optional(), max_price: MaxPrice.optional() })
        .refine((b) => b.is_monitored !== undefined || b.max_price !== undefined, { message: 'name is_monitored and/or max_price' }),
      responses: { 204: { description: 'Updated' } },
      errors: { 404: 'The user has no wish with that id' },
      async handle({ userId, params, body }) {
        await useCases.update.execute(currentUser(userId), params.id, { isMonitored: body.is_monitored, maxPrice: toMoney(body.max_price) });
        return { status: 204 };
      },
    }),
    route({
      method: 'delete', path: '/wishes/:id', tag: 'wishes', auth: 'jwt', summary: 'Remove a wish',
      params: IdParams,
      responses: { 204: { description: 'Removed' } },
      errors: { 404: 'The user has no wish with that id' },
      async handle({ userId, params }) {
        await useCases.remove.execute(currentUser(userId), params.id);
        return { status: 204 };
      },
    }),
  ];
}
