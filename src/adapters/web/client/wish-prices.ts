// Pure: how a wish's best price compares with its lowest ever (the API sorts the wishes by it: `sort=saving`), both in
// the user's currency (a converted price by its conversion).
// Amounts stay decimal strings; the comparison is exact (scaled integers), never floating point.

/** A price in the user's currency (C11.4): present when the quote's currency is not the user's. */
export interface Converted {
  amount: string;
  currency: string;
  rate: string;
  rate_date: string;
  /** A best price's shipping and delivered price at the same rate (null when unknown). */
  shipping?: string | null;
  delivered?: string | null;
}

export interface BestPrice {
  amount: string;
  currency: string;
  /** Shipping to the user's country in the quote's currency (C11.5); null when unknown; absent from an older service. */
  shipping?: string | null;
  delivered?: string | null;
  converted?: Converted;
  edition_id: number;
  /** Absent from an older service. */
  format?: string;
  store_id: number;
  store_name?: string;
  availability: string;
  fetched_at: string;
  url: string;
}

export interface LowestPrice {
  amount: string;
  currency: string;
  converted?: Converted;
  edition_id: number;
  format?: string;
  store_id: number;
  fetched_at: string;
}

export interface PricedWish {
  best_price: BestPrice | null;
  lowest_price: LowestPrice | null;
  below_max_price: boolean;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** A price as the user compares it: its conversion into the user's currency when it has one (C11.4). */
export function inUserCurrency(price: BestPrice | LowestPrice): { amount: string; currency: string } {
  return price.converted ?? price;
}

/** The wish's best and lowest price in the user's currency, for comparing them. */
function comparable(wish: PricedWish): [{ amount: string; currency: string }, { amount: string; currency: string }] | null {
  return wish.best_price && wish.lowest_price ? [inUserCurrency(wish.best_price), inUserCurrency(wish.lowest_price)] : null;
}

/** Two non-negative decimal strings as integers of the same scale ("12.5", "9.99" → 1250n, 999n). */
function sameScale(a: string, b: string): [bigint, bigint] | null {
  const ma = DECIMAL.exec(a.trim());
  const mb = DECIMAL.exec(b.trim());
  if (!ma || !mb) return null;
  const digits = Math.max(ma[2]?.length ?? 0, mb[2]?.length ?? 0);
  const scaled = (m: RegExpExecArray) => BigInt(`${m[1]}${(m[2] ?? '').padEnd(digits, '0')}`);
  return [scaled(ma), scaled(mb)];
}

/**
 * How far the best price is above the lowest ever, in hundredths of a percent (2500 = 25 %), rounded half up;
 * 0 when it is the lowest. Null when there is nothing to compare: no price, two currencies, a price above a lowest
 * of zero.
 */
export function aboveLowestBasisPoints(wish: PricedWish): number | null {
  const [best, lowest] = comparable(wish) ?? [];
  if (!best || !lowest || best.currency !== lowest.currency) return null;
  const pair = sameScale(best.amount, lowest.amount);
  if (!pair) return null;
  const [b, l] = pair;
  // At a free lowest, a free best price is at the lowest (as the saving sort has it); any other has no percentage.
  if (l <= 0n) return b <= l ? 0 : null;
  if (b <= l) return 0;
  const basisPoints = Number(((b - l) * 20_000n + l) / (2n * l));
  // A difference too small to round to one basis point is still not "the lowest".
  return Math.max(basisPoints, 1);
}

/** How much the best price is above the lowest ever, as a decimal string ("3.00"); null when nothing to compare. */
export function aboveLowestAmount(wish: PricedWish): string | null {
  const [best, lowest] = comparable(wish) ?? [];
  if (!best || !lowest || best.currency !== lowest.currency) return null;
  const pair = sameScale(best.amount, lowest.amount);
  if (!pair) return null;
  const digits = Math.max(DECIMAL.exec(best.amount.trim())![2]?.length ?? 0, DECIMAL.exec(lowest.amount.trim())![2]?.length ?? 0);
  const difference = pair[0] > pair[1] ? pair[0] - pair[1] : 0n;
  const text = difference.toString().padStart(digits + 1, '0');
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** "lowest ever", "25 % above the lowest ever", or null when there is no lowest to compare with. */
export function lowestEverText(wish: PricedWish): string | null {
  const basisPoints = aboveLowestBasisPoints(wish);
  if (basisPoints === null) return null;
  if (basisPoints === 0) return 'lowest ever';
  const percent = Math.round(basisPoints / 100);
  return percent < 1 ? 'less than 1 % above the lowest ever' : `${percent} % above the lowest ever`;
}
