// Pure: `GET /api/books/:id/price-history` series → what the chart draws. No DOM, unit-tested under Node.
// One chart per (edition, currency): an x axis shared by every store (seconds, as uPlot takes time), one row of
// values per store with gaps where it had no price, and beside each value the API's own decimal strings for the
// tooltip. Amounts become Numbers only for the y coordinate.

export interface DailyPoint {
  date: string;
  amount: string;
  min_amount: string;
  max_amount: string;
  quote_count: number;
}

export interface MonthlyPoint {
  month: string;
  amount: string;
  min_amount: string;
  max_amount: string;
  avg_amount: string;
  sample_count: number;
}

export interface PriceSeries {
  store_id: number;
  store_name: string;
  currency: string;
  /** `evidence`: why this price (price-evidence-words.ts); null when not known. */
  latest: { amount: string; availability: string; url: string; fetched_at: string; evidence?: string | null };
  lowest: { amount: string; fetched_at: string };
  daily: DailyPoint[];
  monthly: MonthlyPoint[];
}

/** What the tooltip says about one point. */
export interface PointInfo {
  kind: 'daily' | 'monthly';
  /** `YYYY-MM-DD` for a day, `YYYY-MM` for a month. */
  when: string;
  amount: string;
  min: string;
  max: string;
  /** Monthly points only. */
  avg: string | null;
}

export interface StoreLine {
  storeId: number;
  storeName: string;
  /** Same length as `xs`; null where the store had no price. */
  values: Array<number | null>;
  info: Array<PointInfo | null>;
  dailyCount: number;
  monthlyCount: number;
}

export interface LowestMark {
  storeName: string;
  amount: string;
  when: string;
  /** Where the mark goes: the x of the store's point holding the lowest price (null when that point is not loaded). */
  x: number | null;
  y: number;
}

export interface ChartData {
  currency: string;
  /** Seconds since the epoch, ascending. */
  xs: number[];
  lines: StoreLine[];
  lowest: LowestMark | null;
}

const DAY_S = 86_400;

/** A day's point sits at noon UTC, a month's in its middle (the 15th), so lines through both read in time order. */
export function dayX(date: string): number {
  return Date.parse(`${date}T12:00:00Z`) / 1000;
}

export function monthX(month: string): number {
  return Date.parse(`${month}-15T00:00:00Z`) / 1000;
}

/** The API's decimal strings compare exactly as scaled integers; a Number would do for display but not for "lowest". */
function lessThan(a: string, b: string): boolean {
  const scale = (s: string) => {
    const [whole = '0', fraction = ''] = s.split('.');
    return { whole: BigInt(whole), fraction };
  };
  const digits = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0);
  const minor = (s: string) => {
    const { whole, fraction } = scale(s);
    return whole * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0');
  };
  return minor(a) < minor(b);
}

/** Groups an edition's series by currency (never two currencies on one axis), in the order first seen. */
export function seriesByCurrency(series: readonly PriceSeries[]): Map<string, PriceSeries[]> {
  const groups = new Map<string, PriceSeries[]>();
  for (const s of series) groups.set(s.currency, [...(groups.get(s.currency) ?? []), s]);
  return groups;
}

/** The chart of one currency's series: one line per store through its monthly and daily points, and the lowest ever. */
export function buildChartData(series: readonly PriceSeries[]): ChartData {
  const currency = series[0]?.currency ?? '';
  const at = new Set<number>();
  for (const s of series) {
    for (const d of s.daily) at.add(dayX(d.date));
    for (const m of s.monthly) at.add(monthX(m.month));
  }
  const xs = [...at].sort((a, b) => a - b);
  const column = new Map(xs.map((x, i) => [x, i]));
  const lines: StoreLine[] = series.map((s) => {
    const values: Array<number | null> = new Array(xs.length).fill(null);
    const info: Array<PointInfo | null> = new Array(xs.length).fill(null);
    for (const m of s.monthly) {
      const i = column.get(monthX(m.month))!;
      values[i] = Number(m.amount);
      info[i] = { kind: 'monthly', when: m.month, amount: m.amount, min: m.min_amount, max: m.max_amount, avg: m.avg_amount };
    }
    for (const d of s.daily) {
      const i = column.get(dayX(d.date))!;
      values[i] = Number(d.amount);
      info[i] = { kind: 'daily', when: d.date, amount: d.amount, min: d.min_amount, max: d.max_amount, avg: null };
    }
    return { storeId: s.store_id, storeName: s.store_name, values, info, dailyCount: s.daily.length, monthlyCount: s.monthly.length };
  });
  return { currency, xs, lines, lowest: lowestOf(series) };
}

/** The lowest price ever among the stores (ties: the earliest), placed on the point that holds it. */
function lowestOf(series: readonly PriceSeries[]): LowestMark | null {
  let best: PriceSeries | null = null;
  for (const s of series) {
    const equal = best !== null && !lessThan(s.lowest.amount, best.lowest.amount) && !lessThan(best.lowest.amount, s.lowest.amount);
    if (!best || lessThan(s.lowest.amount, best.lowest.amount) || (equal && s.lowest.fetched_at < best.lowest.fetched_at)) best = s;
  }
  if (!best) return null;
  const day = best.lowest.fetched_at.slice(0, 10);
  const month = day.slice(0, 7);
  const onDay = best.daily.find((d) => d.date === day);
  const onMonth = onDay ? undefined : best.monthly.find((m) => m.month === month);
  return {
    storeName: best.store_name,
    amount: best.lowest.amount,
    when: onDay || !onMonth ? day : month,
    x: onDay ? dayX(day) : onMonth ? monthX(month) : null,
    y: Number(best.lowest.amount),
  };
}

export const RANGES = [
  { key: '30', label: '30 days', days: 30 },
  { key: '90', label: '90 days', days: 90 },
  { key: '365', label: '365 days', days: 365 },
  { key: 'all', label: 'All', days: null },
] as const;
export type RangeKey = (typeof RANGES)[number]['key'];

/** The x range a button shows: the last `days` days up to now, or every point (padded by half a day). */
export function rangeOf(xs: readonly number[], days: number | null, nowSeconds: number): { min: number; max: number } {
  const first = xs[0] ?? nowSeconds;
  const last = xs[xs.length - 1] ?? nowSeconds;
  if (days === null) return { min: first - DAY_S / 2, max: Math.max(last, first) + DAY_S / 2 };
  const max = Math.max(nowSeconds, last) + DAY_S / 2;
  // Whole days: today and the `days` days before it, from midnight UTC (a day's point sits at its noon),
  // so the day 30 days ago stays in "30 days" whatever the hour.
  const today = Math.floor(nowSeconds / DAY_S) * DAY_S;
  return { min: today - days * DAY_S, max };
}

/** The indexes of `xs` inside a range (for keyboard moves), as [first, last], or null when none is. */
export function indexesIn(xs: readonly number[], range: { min: number; max: number }): [number, number] | null {
  let first = -1;
  let last = -1;
  xs.forEach((x, i) => {
    if (x < range.min || x > range.max) return;
    if (first < 0) first = i;
    last = i;
  });
  return first < 0 ? null : [first, last];
}

/** Among the lines with a value at column `i`, the one nearest to `y` (the pointer's price), else null. */
export function nearestLine(lines: readonly StoreLine[], i: number, y: number): number | null {
  let best: number | null = null;
  let distance = Infinity;
  lines.forEach((line, index) => {
    const value = line.values[i];
    if (value === null || value === undefined) return;
    const d = Math.abs(value - y);
    if (d < distance) [best, distance] = [index, d];
  });
  return best;
}

/** The next line (by `step`, wrapping) with a value at column `i`: ↑/↓ move between stores at one date. */
export function stepLine(lines: readonly StoreLine[], i: number, from: number, step: 1 | -1): number | null {
  for (let k = 1; k <= lines.length; k++) {
    const index = (((from + step * k) % lines.length) + lines.length) % lines.length;
    if (lines[index]?.values[i] !== null && lines[index]?.values[i] !== undefined) return index;
  }
  return null;
}
