export const AVAILABILITIES = ['in_stock', 'out_of_stock', 'preorder', 'unknown'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** A quote's evidence is short: it is stored with every quote and written into log events. */
export const EVIDENCE_MAX_CHARS = 200;

/** What a store page says about an edition: a price in a currency, whether it can be bought, and where. */
export interface PriceObservation {
  /** Decimal string with the currency's minor digits ("18.09", "1500" for JPY). */
  amount: string;
  /** ISO 4217. */
  currency: string;
  availability: Availability;
  /** The page the price was read from (after redirects). */
  url: string;
  /**
   * Why this is the price, in one short line (at most EVIDENCE_MAX_CHARS): the deciding source and what it read, the
   * sources that agree (`json-ld "12.99" EUR; visible "12,99 €" agrees`). Only what the page
   * said, never who asked. Absent when the source cannot tell.
   */
  evidence?: string;
}

/**
 * Why a store gave no price. `blocked` is a captcha or 403; `rate_limited` carries the store's Retry-After;
 * `ambiguous_price` means several different prices compete and configuration does not say which one is the
 * edition's new price — the adapter refuses to guess.
 */
export const FETCH_FAILURE_KINDS = [
  'not_found',
  'blocked',
  'rate_limited',
  'timeout',
  'no_price',
  'ambiguous_price',
  'parse_error',
  'network_error',
  'http_error',
] as const;
export type FetchFailureKind = (typeof FETCH_FAILURE_KINDS)[number];

export interface FetchFailure {
  kind: FetchFailureKind;
  message: string;
  retryAfterSeconds?: number;
  /** For `http_error`: the status the store answered. */
  httpStatus?: number;
  /** For a refusal of a page that was read (`ambiguous_price`, `no_price`, …): what its sources saw, as for a price. */
  evidence?: string;
}

export type PriceFetchResult = { ok: true; observation: PriceObservation } | { ok: false; failure: FetchFailure };

/**
 * Failures worth retrying with backoff: the store may answer next time (timeouts, network errors, 429, 5xx).
 * The others are answers, including a 4xx such as 400 or 451.
 */
export function isTransient(failure: Pick<FetchFailure, 'kind' | 'httpStatus'>): boolean {
  if (failure.kind === 'http_error') return failure.httpStatus === undefined || failure.httpStatus >= 500;
  return failure.kind === 'timeout' || failure.kind === 'network_error' || failure.kind === 'rate_limited';
}
