import { z } from 'zod';
import type { FetchEditionPrices, OnDemandLimits } from '../../../application/pricing/fetch-edition-prices.js';
import type { ListEditionPrices } from '../../../application/pricing/list-edition-prices.js';
import { AVAILABILITIES, FETCH_FAILURE_KINDS } from '../../../domain/pricing/price-observation.js';
import type { PriceQuote } from '../../../domain/pricing/price-quote.js';
import type { Paginator } from '../../kits/http/pagination/page-links.js';
import { collectionOf, IdText, PageQuery, Timestamp } from '../../kits/http/routing/common-schemas.js';
import { route, type RouteSpec } from '../../kits/http/routing/route-spec.js';
import { isoTimestamp } from '../../kits/http/routing/iso-timestamp.js';
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
}

export function priceRoutes(useCases: PriceUseCases, paginator: Paginator, limits: OnDemandLimits): RouteSpec[] {
  const { cooldownSeconds } = limits;
  return [
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
