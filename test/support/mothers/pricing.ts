import type { NewUserAlert } from '../../../src/application/alerts/ports/alert-detector.js';
import type { ClaimedTask, FetchTask } from '../../../src/application/pricing/ports/fetch-runs.js';
import type { StoreTarget } from '../../../src/application/pricing/ports/price-source.js';
import type { EditionTargets } from '../../../src/application/pricing/ports/pricing-repository.js';
import type { PriceFetchResult, PriceObservation } from '../../../src/domain/pricing/price-observation.js';
import type { PriceQuote } from '../../../src/domain/pricing/price-quote.js';
import { Money } from '../../../src/domain/shared/money.js';

/** A store page for edition `editionId` at store `storeId`; its URL is unique per pair. */
export function aStoreTarget(overrides: Partial<StoreTarget> & { editionId?: number } = {}): StoreTarget {
  const { editionId = 1, ...rest } = overrides;
  const storeId = rest.storeId ?? 2;
  return {
    storeId,
    storeKey: `store-${storeId}`,
    productUrl: `https://store-${storeId}.example/isbn/${editionId}`,
    currency: 'EUR',
    isbn13: '9780306406157',
    extraction: {},
    ...rest,
  };
}

export function aFetchTask(overrides: Partial<FetchTask> = {}): FetchTask {
  return { runId: 1, editionId: 1, storeId: 2, ...overrides };
}

/** A claimed task whose edition and store exist (pass `target: null` for a gone one). */
export function aClaimedTask(overrides: Partial<ClaimedTask> = {}): ClaimedTask {
  const editionId = overrides.editionId ?? 1;
  const storeId = overrides.storeId ?? 2;
  return {
    editionId,
    storeId,
    bookId: 10 + editionId,
    target: aStoreTarget({ editionId, storeId }),
    ...overrides,
  };
}

export function anObservation(overrides: Partial<PriceObservation> = {}): PriceObservation {
  return { amount: '18.90', currency: 'EUR', availability: 'in_stock', url: 'https://store-2.example/isbn/1', ...overrides };
}

export function aPriceFound(overrides: Partial<PriceObservation> = {}): PriceFetchResult {
  return { ok: true, observation: anObservation(overrides) };
}

export function aNewUserAlert(overrides: Partial<NewUserAlert> = {}): NewUserAlert {
  return {
    alertId: 1,
    userId: 5,
    wishId: 3,
    quoteId: 1,
    bookId: 11,
    bookTitle: 'Die Verwandlung',
    editionId: 1,
    storeId: 2,
    storeName: 'Store Two',
    previousAmount: null,
    createdAt: new Date('2026-11-25T10:00:00Z'),
    kind: 'below_max_price',
    amount: '18.90',
    currency: 'EUR',
    threshold: '20.00',
    url: 'https://store-2.example/isbn/1',
    ...overrides,
  };
}

/** A paperback edition `editionId` of book `10 + editionId`, sold at the given stores (default: store 2). */
export function anEditionWithTargets(overrides: Partial<EditionTargets> & { storeIds?: number[] } = {}): EditionTargets {
  const { storeIds = [2], ...rest } = overrides;
  const editionId = rest.editionId ?? 1;
  return {
    editionId,
    bookId: 10 + editionId,
    isbn: '9780306406157',
    format: 'paperback',
    targets: storeIds.map((storeId) => aStoreTarget({ editionId, storeId })),
    ...rest,
  };
}

/** A stored daily quote (without its id) of edition 1 at store 2. */
export function aDailyQuote(overrides: Partial<Omit<PriceQuote, 'id'>> = {}): Omit<PriceQuote, 'id'> {
  return {
    editionId: 1,
    storeId: 2,
    price: Money.parse('18.90', 'EUR'),
    availability: 'in_stock',
    url: 'https://store-2.example/isbn/1',
    fetchedAt: new Date('2026-11-24T03:00:00Z'),
    kind: 'daily',
    monthly: null,
    ...overrides,
  };
}
