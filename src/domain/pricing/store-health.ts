import { NotFoundError } from '../shared/domain-error.js';
import { FETCH_FAILURE_KINDS, type FetchFailureKind } from './price-observation.js';

/** How far back a store's health looks. */
export const STORE_HEALTH_WINDOW_DAYS = 7;

/** The longest failure message a health report repeats (a store's error page can be long). */
export const HEALTH_MESSAGE_MAX = 300;

/** How one price fetch at a store ended: a quote stored, or one of the typed failures. */
export type FetchOutcomeKind = 'price' | FetchFailureKind;

/** One price fetch that ended (on demand or daily), as the fetchers record it. */
export interface FetchOutcome {
  storeId: number;
  at: Date;
  /** Null when the fetch stored a quote. */
  failure: { kind: FetchFailureKind; message: string } | null;
}

/** What a store's record says about one outcome kind within the window: how often, and the latest one. */
export interface OutcomeTally {
  outcome: FetchOutcomeKind;
  count: number;
  lastAt: Date;
  /** The latest failure's message; null for `price`. */
  lastMessage: string | null;
}

export interface StoreHealth {
  storeId: number;
  since: Date;
  attempts: number;
  prices: number;
  /** Only the kinds that occurred, in the order of FETCH_FAILURE_KINDS. */
  refusals: Partial<Record<FetchFailureKind, number>>;
  lastPriceAt: Date | null;
  lastFailure: { kind: FetchFailureKind; message: string; at: Date } | null;
}

export class StoreNotFoundError extends NotFoundError {
  constructor(id: number) {
    super('Store', id);
  }
}

/** The start of the health window that ends at `now`. */
export function healthWindowStart(now: Date): Date {
  return new Date(now.getTime() - STORE_HEALTH_WINDOW_DAYS * 86_400_000);
}

const isFailureKind = (outcome: FetchOutcomeKind): outcome is FetchFailureKind => outcome !== 'price';

/**
 * A store's health from its tallies: every fetch that ended is an attempt, so `attempts = prices + Σ refusals` holds
 * by construction; the latest failure is the latest tally of a failure kind.
 */
export function storeHealthOf(storeId: number, since: Date, tallies: readonly OutcomeTally[]): StoreHealth {
  let prices = 0;
  let lastPriceAt: Date | null = null;
  const counts = new Map<FetchFailureKind, number>();
  let lastFailure: StoreHealth['lastFailure'] = null;
  for (const tally of tallies) {
    if (tally.count <= 0) continue;
    if (!isFailureKind(tally.outcome)) {
      prices += tally.count;
      if (lastPriceAt === null || tally.lastAt > lastPriceAt) lastPriceAt = tally.lastAt;
      continue;
    }
    counts.set(tally.outcome, (counts.get(tally.outcome) ?? 0) + tally.count);
    if (lastFailure === null || tally.lastAt > lastFailure.at) {
      lastFailure = { kind: tally.outcome, message: tally.lastMessage ?? '', at: tally.lastAt };
    }
  }
  const refusals: StoreHealth['refusals'] = {};
  let refused = 0;
  for (const kind of FETCH_FAILURE_KINDS) {
    const count = counts.get(kind);
    if (count === undefined) continue;
    refusals[kind] = count;
    refused += count;
  }
  return { storeId, since, attempts: prices + refused, prices, refusals, lastPriceAt, lastFailure };
}

/** A failure message as a health report keeps it: one line, bounded. */
export function healthMessage(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return [...line].length <= HEALTH_MESSAGE_MAX ? line : `${[...line].slice(0, HEALTH_MESSAGE_MAX - 1).join('')}…`;
}
