// Pure: a sparkline (a wish's daily lowest prices over a window, no axes) as an SVG path. No DOM, unit-tested under
// Node. Amounts become Numbers only for the y coordinate; every label shows the API's own decimal strings.

/** One point of `GET /api/wishes/price-history`: a UTC day and the lowest price of that day (or month). */
export interface PricePoint {
  date: string;
  amount: string;
}

export interface SparkBox {
  width: number;
  height: number;
  /** Room on every side, so the stroke and the dots are never cut. */
  pad: number;
}

export interface Sparkline {
  /** The path through the points in date order (a lone point is a zero-length segment, drawn as a dot). */
  d: string;
  count: number;
  oldest: PricePoint;
  newest: PricePoint;
  lowest: PricePoint;
}

const DAY = 86_400_000;
const dayNumber = (date: string): number => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY);
const round = (n: number): number => Math.round(n * 10) / 10;

/**
 * The points placed by date across the window (`firstDay`..`lastDay`, the API's window; the points' own span without
 * one), cheapest at the bottom. Null without points.
 */
export function buildSparkline(points: readonly PricePoint[], box: SparkBox, window?: { firstDay: string; lastDay: string }): Sparkline | null {
  const sorted = points.filter((p) => Number.isFinite(Number(p.amount)) && !Number.isNaN(dayNumber(p.date))).sort((a, b) => a.date.localeCompare(b.date));
  if (sorted.length === 0) return null;
  const first = window ? dayNumber(window.firstDay) : dayNumber(sorted[0]!.date);
  const last = window ? dayNumber(window.lastDay) : dayNumber(sorted[sorted.length - 1]!.date);
  const amounts = sorted.map((p) => Number(p.amount));
  const low = Math.min(...amounts);
  const high = Math.max(...amounts);
  const innerWidth = box.width - 2 * box.pad;
  const innerHeight = box.height - 2 * box.pad;
  const x = (date: string): number => (last === first ? box.pad + innerWidth / 2 : box.pad + ((dayNumber(date) - first) / (last - first)) * innerWidth);
  // A flat line sits in the middle; otherwise the lowest price touches the bottom and the highest the top.
  const y = (amount: number): number => (high === low ? box.pad + innerHeight / 2 : box.pad + ((high - amount) / (high - low)) * innerHeight);
  const d = sorted.map((p, i) => `${i === 0 ? 'M' : 'L'}${round(x(p.date))} ${round(y(amounts[i]!))}`).join(' ') + (sorted.length === 1 ? ' h0' : '');
  const lowest = sorted[amounts.indexOf(low)]!;
  return { d, count: sorted.length, oldest: sorted[0]!, newest: sorted[sorted.length - 1]!, lowest };
}
