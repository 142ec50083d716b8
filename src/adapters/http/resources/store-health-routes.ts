import { z } from 'zod';
import type { GetStoreHealth } from '../../../application/pricing/get-store-health.js';
import type { ListStoreHealth } from '../../../application/pricing/list-store-health.js';
import { FETCH_FAILURE_KINDS } from '../../../domain/pricing/price-observation.js';
import { STORE_HEALTH_WINDOW_DAYS, type StoreHealth } from '../../../domain/pricing/store-health.js';
import type { Paginator } from '../../kits/http/pagination/page-links.js';
import { collectionOf, IdText, PageQuery, Timestamp } from '../../kits/http/routing/common-schemas.js';
import { ID_LIST_MAX, IdListText } from '../../kits/http/routing/id-list.js';
import { isoTimestamp } from '../../kits/http/routing/iso-timestamp.js';
import { route, type RouteSpec } from '../../kits/http/routing/route-spec.js';

export const StoreHealthJson = z.object({
  store_id: z.number(),
  since: Timestamp.describe(`Now − ${STORE_HEALTH_WINDOW_DAYS} days; fetches are counted by the minute from the minute it falls in`),
  attempts: z.number().describe('Every price fetch of the store that ended, on demand and daily: `prices` + the sum of `refusals`'),
  prices: z.number().describe('Fetches that stored a quote'),
  refusals: z
    .partialRecord(z.enum(FETCH_FAILURE_KINDS), z.number())
    .describe('Failure kind → count, only the kinds that occurred'),
  last_price_at: Timestamp.nullable(),
  last_failure: z.object({ kind: z.enum(FETCH_FAILURE_KINDS), message: z.string(), at: Timestamp }).nullable(),
});

export const storeHealthJson = (h: StoreHealth): z.infer<typeof StoreHealthJson> => ({
  store_id: h.storeId,
  since: isoTimestamp(h.since),
  attempts: h.attempts,
  prices: h.prices,
  refusals: h.refusals,
  last_price_at: h.lastPriceAt ? isoTimestamp(h.lastPriceAt) : null,
  last_failure: h.lastFailure ? { kind: h.lastFailure.kind, message: h.lastFailure.message, at: isoTimestamp(h.lastFailure.at) } : null,
});

export interface StoreHealthUseCases {
  get: GetStoreHealth;
  list: ListStoreHealth;
}

export function storeHealthRoutes(useCases: StoreHealthUseCases, paginator: Paginator): RouteSpec[] {
  return [
    route({
      method: 'get', path: '/stores/:storeId/health', tag: 'reference', auth: 'jwt',
      summary: `How the store's price fetches ended over the last ${STORE_HEALTH_WINDOW_DAYS} days: prices, refusals by kind, the last price and the last failure`,
      params: z.strictObject({ storeId: IdText }),
      responses: { 200: { description: "The store's health", schema: StoreHealthJson } },
      errors: { 404: 'No store has that id' },
      async handle({ params }) {
        return { status: 200, body: storeHealthJson(await useCases.get.execute(params.storeId)) };
      },
    }),
    route({
      method: 'get', path: '/store-health', tag: 'reference', auth: 'jwt',
      summary: `Every store's health (as \`/stores/:storeId/health\`), by store id; optional filter \`ids\``,
      query: z.object({
        ids: IdListText.optional().describe(`Only these stores, e.g. \`3,1,2\` (at most ${ID_LIST_MAX}); unknown ids are simply absent`),
        ...PageQuery,
      }),
      responses: { 200: { description: 'A page of store health reports', schema: collectionOf(StoreHealthJson) } },
      handle({ query, path }) {
        // The links repeat `ids` as the client wrote it.
        const ids = query.ids?.join(',');
        return paginator.respond({ path, query, filters: { ids } }, (page) => useCases.list.execute({ ids: query.ids }, page), (h) => h.storeId, storeHealthJson);
      },
    }),
  ];
}
