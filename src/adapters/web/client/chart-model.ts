// Pure: the geometry of the price-history chart (time → x, amount → y). No DOM, unit-tested under Node.
// Amounts become Numbers only for coordinates; every label shows the API's own decimal strings.

export interface ChartQuote {
  store_id: number;
  amount: string;
  currency: string;
  fetched_at: string;
  quote_kind: 'daily' | 'monthly';
  month?: string;
  min_amount?: string;
  max_amount?: string;
  avg_amount?: string;
}

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the axis labels. */
  padLeft: number;
  padRight: number;
  padTop: number;
  padBottom: number;
}

export interface DailyPoint {
  x: number;
  y: number;
  amount: string;
  at: string;
}

export interface MonthlyBand {
  x1: number;
  x2: number;
  yMin: number;
  yMax: number;
  yAvg: number;
  month: string;
  min: string;
  max: string;
  avg: string;
}

export interface StoreSeries {
  storeId: number;
  daily: DailyPoint[];
  monthly: MonthlyBand[];
}

export interface AxisLabel {
  position: number;
  text: string;
}

export interface ChartModel {
  currency: string;
  series: StoreSeries[];
  yLabels: AxisLabel[];
  xLabels: AxisLabel[];
}

const DAY_MS = 86_400_000;

function monthRange(month: string): [number, number] {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return [Date.UTC(year, mon - 1, 1), Date.UTC(year, mon, 1)];
}

/** Splits quotes by currency: one chart per currency, never two currencies on one axis. */
export function byCurrency<Q extends ChartQuote>(quotes: readonly Q[]): Map<string, Q[]> {
  const groups = new Map<string, Q[]>();
  for (const q of quotes) groups.set(q.currency, [...(groups.get(q.currency) ?? []), q]);
  return groups;
}

/** The chart of quotes in one currency: per store, daily quotes as points in time order, monthly ones as bands. */
export function buildChartModel(quotes: readonly ChartQuote[], box: ChartBox): ChartModel {
  const currency = quotes[0]?.currency ?? '';
  const times: number[] = [];
  const values: Array<{ value: number; text: string }> = [];
  for (const q of quotes) {
    if (q.quote_kind === 'monthly' && q.month) {
      times.push(...monthRange(q.month));
      for (const text of [q.min_amount ?? q.amount, q.max_amount ?? q.amount, q.avg_amount ?? q.amount]) values.push({ value: Number(text), text });
    } else {
      times.push(Date.parse(q.fetched_at));
      values.push({ value: Number(q.amount), text: q.amount });
    }
  }
  let tMin = Math.min(...times);
  let tMax = Math.max(...times);
  if (!(tMax > tMin)) [tMin, tMax] = [tMin - DAY_MS / 2, tMax + DAY_MS / 2];
  const lowest = values.reduce((a, b) => (b.value < a.value ? b : a), values[0] ?? { value: 0, text: '0' });
  const highest = values.reduce((a, b) => (b.value > a.value ? b : a), values[0] ?? { value: 0, text: '0' });
  // A flat price sits in the middle rather than on an edge.
  const spread = highest.value - lowest.value;
  const vMin = spread > 0 ? lowest.value : lowest.value - 1;
  const vMax = spread > 0 ? highest.value : highest.value + 1;

  const plotW = box.width - box.padLeft - box.padRight;
  const plotH = box.height - box.padTop - box.padBottom;
  const x = (t: number) => round(box.padLeft + ((t - tMin) / (tMax - tMin)) * plotW);
  const y = (v: number) => round(box.padTop + ((vMax - v) / (vMax - vMin)) * plotH);

  const stores = new Map<number, StoreSeries>();
  const seriesOf = (storeId: number): StoreSeries => {
    let s = stores.get(storeId);
    if (!s) stores.set(storeId, (s = { storeId, daily: [], monthly: [] }));
    return s;
  };
  for (const q of quotes) {
    if (q.quote_kind === 'monthly' && q.month) {
      const [start, end] = monthRange(q.month);
      const min = q.min_amount ?? q.amount;
      const max = q.max_amount ?? q.amount;
      const avg = q.avg_amount ?? q.amount;
      seriesOf(q.store_id).monthly.push({ x1: x(start), x2: x(end), yMin: y(Number(min)), yMax: y(Number(max)), yAvg: y(Number(avg)), month: q.month, min, max, avg });
    } else {
      seriesOf(q.store_id).daily.push({ x: x(Date.parse(q.fetched_at)), y: y(Number(q.amount)), amount: q.amount, at: q.fetched_at });
    }
  }
  for (const s of stores.values()) {
    s.daily.sort((a, b) => a.x - b.x);
    s.monthly.sort((a, b) => a.x1 - b.x1);
  }
  const yLabels = spread > 0 ? [{ position: y(highest.value), text: highest.text }, { position: y(lowest.value), text: lowest.text }] : [{ position: y(lowest.value), text: lowest.text }];
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  const xLabels = [{ position: x(tMin), text: day(tMin) }, { position: x(tMax), text: day(tMax) }];
  return { currency, series: [...stores.values()].sort((a, b) => a.storeId - b.storeId), yLabels, xLabels };
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
