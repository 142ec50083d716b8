import { z } from 'zod';
import type { GetExchangeRatesHealth } from '../../../application/pricing/get-exchange-rates-health.js';
import type { GetStoreHealth } from '../../../application/pricing/get-store-health.js';
import type { ListStoreHealth } from '../../../application/pricing/list-store-health.js';
import { RATE_MAX_AGE_DAYS } from '../../../domain/pricing/exchange-rates.js';
import type { ExchangeRatesHealth } from '../../../domain/pricing/exchange-rates-health.js';
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

const RATES_REFUSALS = ['missing', 'unreadable', 'unavailable', 'invalid', 'late'] as const;
const Day = z.string().describe('YYYY-MM-DD');

export const ExchangeRatesHealthJson = z.object({
  enabled: z.boolean().describe('The rates are fetched (`FX_RATES`)'),
  newest_day: Day.nullable().describe('The newest day of reference rates kept; null before the first refresh'),
  age_days: z.number().nullable().describe('Days from `newest_day` to today (UTC)'),
  currency_count: z.number().describe('Currencies listed on the newest day (besides the euro)'),
  usable: z.boolean().describe(`A quote fetched today converts: \`newest_day\` is at most ${RATE_MAX_AGE_DAYS} days old`),
  last_refresh: z
    .object({
      at: Timestamp,
      outcome: z.enum(['updated', 'refused']),
      reason: z.enum(RATES_REFUSALS).nullable().describe('Why a refused refresh stored nothing'),
      message: z.string().nullable(),
      newest_day: Day.nullable().describe('The newest day an update stored'),
    })
    .nullable(),
  problem: z.string().nullable().describe('Why quotes in other currencies stay out or the rates are not renewed, in words; null when all is well'),
});

export const exchangeRatesHealthJson = (h: ExchangeRatesHealth): z.infer<typeof ExchangeRatesHealthJson> => ({
  enabled: h.enabled,
  newest_day: h.newestDay,
  age_days: h.ageDays,
  currency_count: h.currencyCount,
  usable: h.usable,
  last_refresh: h.lastRefresh && {
    at: isoTimestamp(h.lastRefresh.at),
    outcome: h.lastRefresh.outcome,
    reason: h.lastRefresh.reason,
    message: h.lastRefresh.message,
    newest_day: h.lastRefresh.newestDay,
  },
  problem: h.problem,
});

export interface StoreHealthUseCases {
  get: GetStoreHealth;
  list: ListStoreHealth;
  rates: GetExchangeRatesHealth;
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
    route({
      method: 'get', path: '/exchange-rates/health', tag: 'reference', auth: 'jwt',
      summary: `Whether quotes in other currencies convert today (C11.4: a rate more than ${RATE_MAX_AGE_DAYS} days older than a quote is not used), the newest rates kept and what the last refresh did`,
      responses: { 200: { description: "The reference rates' health", schema: ExchangeRatesHealthJson } },
      async handle() {
        return { status: 200, body: exchangeRatesHealthJson(await useCases.rates.execute()) };
      },
    }),
  ];
}
