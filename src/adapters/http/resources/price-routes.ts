import { z } from 'zod';
import type { FetchEditionPrices, OnDemandLimits } from '../../../application/pricing/fetch-edition-prices.js';
import type { GetBookPriceHistory } from '../../../application/pricing/get-book-price-history.js';
import type { ListEditionPrices } from '../../../application/pricing/list-edition-prices.js';
import { AVAILABILITIES, FETCH_FAILURE_KINDS } from '../../../domain/pricing/price-observation.js';
import type { PriceQuote } from '../../../domain/pricing/price-quote.js';
import {
  type BookPriceHistory, PRICE_HISTORY_DAYS_MAX, PRICE_HISTORY_EDITIONS_MAX, PRICE_HISTORY_POINTS_MAX, type PriceSeries,
} from '../../../domain/pricing/price-history.js';
import type { Paginator } from '../../kits/http/pagination/page-links.js';
import { collectionOf, IdText, PageQuery, Timestamp } from '../../kits/http/routing/common-schemas.js';
import { route, type RouteSpec } from '../../kits/http/routing/route-spec.js';
import { isoTimestamp } from '../../kits/http/routing/iso-timestamp.js';
import { EditionJson, editionJson } from './catalog-presenters.js';
import { currentUser } from './current-user.js';

export const PriceQuoteJson = z.object({
  price_quote_id: z.number(),
  edition_id: z.number(),
  store_id: z.number(),
  amount: z.string(),
  currency: z.string(),
  availability: z.enum(AVAILABILITIES),
  url: z.string(),
  fetched_at: Timestamp,
  quote_kind: z.enum(['daily', 'monthly']),
  month: z.string().optional().describe('Monthly quotes: YYYY-MM'),
  min_amount: z.string().optional(),
  max_amount: z.string().optional(),
  avg_amount: z.string().optional(),
  sample_count: z.number().optional(),
  evidence: z
    .string()
    .nullable()
    .describe('Why this price, at most 200 characters: the page source that decided and what it read, then the sources that agree (`json-ld 12.99 EUR; visible 12.99 agrees`); null when not known (monthly quotes, quotes stored before it was kept)'),
  suspect: z
    .boolean()
    .describe('A large drop that a second reading of the page did not confirm: kept, but it raised no alert and is not a best or lowest price'),
});

export const priceQuoteJson = (q: PriceQuote): z.infer<typeof PriceQuoteJson> => ({
  price_quote_id: q.id,
  edition_id: q.editionId,
  store_id: q.storeId,
  amount: q.price.amount,
  currency: q.price.currency,
  availability: q.availability,
  url: q.url,
  fetched_at: isoTimestamp(q.fetchedAt),
  quote_kind: q.kind,
  evidence: q.evidence ?? null,
  suspect: q.suspect === true,
  ...(q.monthly
    ? {
        month: q.monthly.month,
        min_amount: q.monthly.min.amount,
        max_amount: q.monthly.max.amount,
        avg_amount: q.monthly.avg.amount,
        sample_count: q.monthly.sampleCount,
      }
    : {}),
});

const EditionIdParams = z.strictObject({ editionId: IdText });

export interface PriceUseCases {
  list: ListEditionPrices;
  fetch: FetchEditionPrices;
  history: GetBookPriceHistory;
}

const SeriesJson = z.object({
  store_id: z.number(),
  store_name: z.string(),
  currency: z.string(),
  latest: z
    .object({
      amount: z.string(), availability: z.enum(AVAILABILITIES), url: z.string(), fetched_at: Timestamp,
      evidence: z.string().nullable().describe("Why this price (the quote's `evidence`); null when not known"),
    })
    .describe('The newest quote that is not suspect, whatever the window'),
  lowest: z.object({ amount: z.string(), fetched_at: Timestamp }).describe('The lowest price ever (a monthly quote counting with its minimum), whatever the window'),
  daily: z
    .array(z.object({ date: z.string(), amount: z.string(), min_amount: z.string(), max_amount: z.string(), quote_count: z.number() }))
    .describe("Oldest first; one point per UTC day with daily quotes: `amount` is the day's last price"),
  monthly: z
    .array(z.object({ month: z.string(), amount: z.string(), min_amount: z.string(), max_amount: z.string(), avg_amount: z.string(), sample_count: z.number() }))
    .describe("Oldest first; consolidated months as stored: `amount` is the month's last price"),
});

const seriesJson = (s: PriceSeries): z.infer<typeof SeriesJson> => ({
  store_id: s.storeId,
  store_name: s.storeName,
  currency: s.currency,
  latest: {
    amount: s.latest.price.amount, availability: s.latest.availability, url: s.latest.url, fetched_at: isoTimestamp(s.latest.fetchedAt),
    evidence: s.latest.evidence ?? null,
  },
  lowest: { amount: s.lowest.price.amount, fetched_at: isoTimestamp(s.lowest.fetchedAt) },
  daily: s.daily.map((d) => ({ date: d.date, amount: d.last.amount, min_amount: d.min.amount, max_amount: d.max.amount, quote_count: d.quoteCount })),
  monthly: s.monthly.map((m) => ({
    month: m.month, amount: m.last.amount, min_amount: m.min.amount, max_amount: m.max.amount, avg_amount: m.avg.amount, sample_count: m.sampleCount,
  })),
});

const PriceHistoryJson = z.object({
  book_id: z.number(),
  since: Timestamp.nullable().describe('Start of the window (now − `days`); null for the whole history'),
  truncated: z.boolean().describe(`True when the book has more than ${PRICE_HISTORY_EDITIONS_MAX} editions or the window more than ${PRICE_HISTORY_POINTS_MAX} points (the newest are kept)`),
  editions: z.array(
    EditionJson.extend({
      language_code: z.string().describe('ISO 639-1'),
      language_name: z.string(),
      series: z.array(SeriesJson).describe('One per store and currency with quotes of this edition, by store id'),
    }),
  ),
});

const priceHistoryJson = (h: BookPriceHistory): z.infer<typeof PriceHistoryJson> => ({
  book_id: h.bookId,
  since: h.since ? isoTimestamp(h.since) : null,
  truncated: h.truncated,
  // Object.assign on the fresh object, not a spread plus properties (user-space-presenters.ts says why).
  editions: h.editions.map((e) => Object.assign(editionJson(e.edition), { language_code: e.languageCode, language_name: e.languageName, series: e.series.map(seriesJson) })),
});

const DaysText = z
  .string()
  .regex(/^[1-9]\d{0,3}$/, `must be a whole number of days from 1 to ${PRICE_HISTORY_DAYS_MAX}`)
  .transform(Number)
  .pipe(z.number().max(PRICE_HISTORY_DAYS_MAX, `must be a whole number of days from 1 to ${PRICE_HISTORY_DAYS_MAX}`));

export function priceRoutes(useCases: PriceUseCases, paginator: Paginator, limits: OnDemandLimits): RouteSpec[] {
  const { cooldownSeconds } = limits;
  return [
    route({
      method: 'get', path: '/books/:bookId/price-history', tag: 'prices', auth: 'jwt',
      summary: "A book's editions with their price history per store and currency: daily points (one per day) and consolidated months, over the last `days` days or all",
      params: z.strictObject({ bookId: IdText }),
      query: z.object({ days: DaysText.optional().describe(`1 to ${PRICE_HISTORY_DAYS_MAX}: only points of the last \`days\` days (months that overlap them); the whole history when absent`) }),
      responses: { 200: { description: 'The editions (by id) and their series', schema: PriceHistoryJson } },
      errors: { 404: 'No book has that id' },
      async handle({ params, query }) {
        return { status: 200, body: priceHistoryJson(await useCases.history.execute(params.bookId, query.days ?? null)) };
      },
    }),
    route({
      method: 'get', path: '/editions/:editionId/prices', tag: 'prices', auth: 'jwt',
      summary: 'Price quotes of an edition, newest first (daily and monthly)',
      params: EditionIdParams,
      query: z.object(PageQuery),
      responses: { 200: { description: 'A page of quotes', schema: collectionOf(PriceQuoteJson) } },
      errors: { 404: 'No edition has that id' },
      handle({ params, query, path }) {
        return paginator.respond({ path, query }, (page) => useCases.list.execute(params.editionId, page), (q) => q.id, priceQuoteJson);
      },
    }),
    route({
      method: 'post', path: '/editions/:editionId/prices', tag: 'prices', auth: 'jwt',
      summary: `Fetch prices now from every active store selling the edition's format (once per ${cooldownSeconds} s per edition, ${limits.perUser.limit} times per ${limits.perUser.windowSeconds} s per user; else 429)`,
      params: EditionIdParams,
      responses: {
        201: {
          description: 'The quotes created, and the stores that failed',
          schema: z.object({
            data: z.array(PriceQuoteJson),
            failed: z.array(z.object({ store_id: z.number(), error: z.enum(FETCH_FAILURE_KINDS), message: z.string() })),
          }),
        },
      },
      errors: {
        404: 'No edition has that id',
        429: `The edition's prices were fetched in the last ${cooldownSeconds} s, or the user fetched ${limits.perUser.limit} times in the last ${limits.perUser.windowSeconds} s`,
      },
      async handle({ userId, params }) {
        const result = await useCases.fetch.execute(currentUser(userId), params.editionId, limits);
        return {
          status: 201,
          body: {
            data: result.quotes.map(priceQuoteJson),
            failed: result.failed.map((f) => ({ store_id: f.storeId, error: f.error, message: f.message })),
          },
        };
      },
    }),
  ];
}
