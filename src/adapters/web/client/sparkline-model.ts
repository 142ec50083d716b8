// Pure: a sparkline (one store's recent prices of one edition, no axes) from the price chart's own geometry.
import { buildChartModel, type ChartBox, type ChartQuote } from './chart-model.js';

export interface Sparkline {
  /** The SVG path through the quotes in time order (a lone quote is a zero-length segment, drawn as a dot). */
  d: string;
  count: number;
  oldest: ChartQuote;
  newest: ChartQuote;
}

/** The quotes of `storeId` in `currency` as a path in `box`; null when there are none. A monthly quote counts with its average. */
export function buildSparkline(quotes: readonly ChartQuote[], storeId: number, currency: string, box: ChartBox): Sparkline | null {
  const mine = quotes.filter((q) => q.store_id === storeId && q.currency === currency);
  if (mine.length === 0) return null;
  const series = buildChartModel(mine, box).series[0]!;
  const points = [
    ...series.daily.map((p) => ({ x: p.x, y: p.y })),
    ...series.monthly.map((band) => ({ x: Math.round((band.x1 + band.x2) * 5) / 10, y: band.yAvg })),
  ].sort((a, b) => a.x - b.x);
  const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ') + (points.length === 1 ? ' h0' : '');
  const byTime = [...mine].sort((a, b) => Date.parse(a.fetched_at) - Date.parse(b.fetched_at));
  return { d, count: mine.length, oldest: byTime[0]!, newest: byTime[byTime.length - 1]! };
}
