import { z } from 'zod';
import type { AddWish } from '../../../application/wishes/add-wish.js';
import type { GetWish } from '../../../application/wishes/get-wish.js';
import type { ImportWishes } from '../../../application/wishes/import-wishes.js';
import type { ListWishes } from '../../../application/wishes/list-wishes.js';
import type { ListWishPriceHistories } from '../../../application/wishes/list-wish-price-histories.js';
import { EDITION_FORMATS } from '../../../domain/catalog/edition.js';
import { PRICE_HISTORY_DAYS_DEFAULT, PRICE_HISTORY_DAYS_MAX } from '../../../domain/wishes/price-history.js';
import { pageKeyOf, WISH_SORTS, wishOrderOf } from '../../../domain/wishes/wish-order.js';
import type { RemoveWish } from '../../../application/wishes/remove-wish.js';
import type { UpdateWish } from '../../../application/wishes/update-wish.js';
import { Money } from '../../../domain/shared/money.js';
import type { Paginator } from '../../kits/http/pagination/page-links.js';
import { BooleanText, collectionOf, IdParams, IdText, IdValue, PageQuery } from '../../kits/http/routing/common-schemas.js';
import { ID_LIST_MAX, IdListText } from '../../kits/http/routing/id-list.js';
import { route, type RouteSpec } from '../../kits/http/routing/route-spec.js';
import { AlertDropPercentBody, AlertLowestDaysBody } from './alert-settings-schemas.js';
import { currentUser } from './current-user.js';
import { WishJson, wishJson } from './user-space-presenters.js';

const MaxPrice = z
  .strictObject({
    amount: z.string().max(20).describe('Decimal string, e.g. "12.99"'),
    currency: z.string().max(3).describe('ISO 4217'),
  })
  .nullable();

/** A wish's own alert settings (issue 27); null or left out at creation: the account's default. */
const WishAlertSettingsBody = {
  alert_drop_percent: AlertDropPercentBody.optional().describe("Alert (percent_drop) when a store's price falls by at least this %; null: the account's default"),
  alert_lowest_days: AlertLowestDaysBody.optional().describe("Alert (lowest_in_days) when a price is the lowest in the last 30, 90 or 365 days; null: the account's default"),
};

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
  is_monitored: BooleanText.optional().describe('`true`: only the monitored wishes; `false`: only the others'),
  format: z.enum(EDITION_FORMATS).optional().describe("Only the wishes whose `best_price` is for an edition in this format (a wish without a best price has no format)"),
  sort: z
    .enum(WISH_SORTS)
    .optional()
    .describe(
      '`created_at` (default): oldest first; `title`: by title (folded: case and accents aside); `price`: by the best price; ' +
        '`saving`: closest to the lowest price ever first (by (best − lowest) / lowest, then best − lowest); `-` before a name reverses it. ' +
        'Wishes without a best price come last in both directions for `price` and `saving`; ties go to the book id',
    ),
  ...PageQuery,
});

const HistoryQuery = z.object({
  ids: IdListText.describe(`The wishes, e.g. \`3,1,2\` (at most ${ID_LIST_MAX}); other users' wishes and unknown ids are simply absent`),
  days: z
    .string()
    .regex(/^[1-9]\d{0,2}$/, `must be an integer from 1 to ${PRICE_HISTORY_DAYS_MAX}`)
    .transform(Number)
    .pipe(z.number().max(PRICE_HISTORY_DAYS_MAX, `must be an integer from 1 to ${PRICE_HISTORY_DAYS_MAX}`))
    .default(PRICE_HISTORY_DAYS_DEFAULT)
    .describe(`The window in days, today (UTC) included: 1 to ${PRICE_HISTORY_DAYS_MAX}; default ${PRICE_HISTORY_DAYS_DEFAULT}`),
});

const PriceHistoryJson = z.object({
  data: z.array(
    z.object({
      wish_id: z.number(),
      currency: z.string().describe("The user's currency; every point is in it"),
      points: z
        .array(z.object({ date: z.string().describe('UTC day, YYYY-MM-DD'), amount: z.string().describe('Decimal string with the currency minor digits') }))
        .describe('Oldest first; days without a quote are absent; a consolidated month is one point on its first day in the window'),
    }),
  ),
});

export interface WishUseCases {
  list: ListWishes;
  get: GetWish;
  histories: ListWishPriceHistories;
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
      upload: { description: 'CSV file (text/csv body, or multipart/form-data field "file"), at most 5 MiB and 200,000 rows (more: 413)' },
      responses: { 200: { description: 'Per-line import report', schema: ImportReportJson } },
      errors: { 503: 'The service began to stop during the import: the rows before were saved; send the file again (Retry-After)' },
      async handle({ userId, body, query, stopping }) {
        const report = await useCases.import.execute(currentUser(userId), body as Uint8Array, { createMissing: query.create_missing === true, stopping });
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
      method: 'get', path: '/wishes', tag: 'wishes', auth: 'jwt',
      summary: "List the user's wishes with their best and lowest prices; optional filters `book_id`, `below_max_price`, `is_monitored`, `format`; order `sort`",
      query: WishListQuery,
      responses: { 200: { description: 'A page of wishes', schema: collectionOf(WishJson) } },
      handle({ userId, query, path }) {
        const { book_id: bookId, below_max_price: belowMaxPrice, is_monitored: isMonitored, format, sort } = query;
        const text = (value: boolean | undefined) => (value === undefined ? undefined : String(value));
        const order = wishOrderOf(sort ?? 'created_at');
        return paginator.respond(
          // The links repeat the filters and the order as the client wrote them; the cursors are bound to them.
          { path, query, filters: { book_id: bookId, below_max_price: text(belowMaxPrice), is_monitored: text(isMonitored), format, sort } },
          (page) => useCases.list.execute(currentUser(userId), { bookId, belowMaxPrice, isMonitored, format }, page, order),
          (w) => pageKeyOf(order, w),
          wishJson,
        );
      },
    }),
    route({
      method: 'get', path: '/wishes/price-history', tag: 'wishes', auth: 'jwt',
      summary: "Several wishes' daily lowest prices over the last `days` days, in the scope of their best price, in one request",
      query: HistoryQuery,
      responses: { 200: { description: 'One history per listed wish of the user, in wish id order (not paginated: at most 100)', schema: PriceHistoryJson } },
      async handle({ userId, query }) {
        const histories = await useCases.histories.execute(currentUser(userId), query.ids, query.days);
        return {
          status: 200,
          body: {
            data: histories.map((h) => ({
              wish_id: h.wishId,
              currency: h.currency,
              points: h.points.map((p) => ({ date: p.date, amount: p.price.amount })),
            })),
          },
        };
      },
    }),
    route({
      method: 'post', path: '/wishes', tag: 'wishes', auth: 'jwt', summary: 'Add a book to the wish list',
      body: z.strictObject({ book_id: IdValue, is_monitored: z.boolean().optional(), max_price: MaxPrice.optional(), ...WishAlertSettingsBody }),
      responses: { 201: { description: 'The created wish, with the prices its book already has', schema: WishJson } },
      errors: { 409: 'The user already wishes for the book' },
      async handle({ userId, body }) {
        const wish = await useCases.add.execute(currentUser(userId), {
          bookId: body.book_id,
          isMonitored: body.is_monitored ?? true,
          maxPrice: toMoney(body.max_price) ?? null,
          alertSettings: { dropPercent: body.alert_drop_percent ?? null, lowestDays: body.alert_lowest_days ?? null },
        });
        return { status: 201, body: wishJson(wish) };
      },
    }),
    route({
      method: 'get', path: '/wishes/:id', tag: 'wishes', auth: 'jwt',
      summary: 'Get one wish as the list shows it (prices, `borrow`)',
      params: IdParams,
      responses: { 200: { description: 'The wish', schema: WishJson } },
      errors: { 404: 'The user has no wish with that id' },
      async handle({ userId, params }) {
        return { status: 200, body: wishJson(await useCases.get.execute(currentUser(userId), params.id)) };
      },
    }),
    route({
      method: 'patch', path: '/wishes/:id', tag: 'wishes', auth: 'jwt',
      summary: 'Change is_monitored, max_price (null clears it), alert_drop_percent and/or alert_lowest_days (null: the account\'s default)',
      params: IdParams,
      body: z
        .strictObject({ is_monitored: z.boolean().optional(), max_price: MaxPrice.optional(), ...WishAlertSettingsBody })
        .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'name is_monitored, max_price, alert_drop_percent and/or alert_lowest_days' }),
      responses: { 204: { description: 'Updated' } },
      errors: { 404: 'The user has no wish with that id' },
      async handle({ userId, params, body }) {
        await useCases.update.execute(currentUser(userId), params.id, {
          isMonitored: body.is_monitored,
          maxPrice: toMoney(body.max_price),
          dropPercent: body.alert_drop_percent,
          lowestDays: body.alert_lowest_days,
        });
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
