// The book chart's pure pieces under Node: aligned columns per store, the lowest ever, ranges, keyboard steps.
import { describe, expect, it } from 'vitest';
import {
  buildChartData, dayX, indexesIn, monthX, nearestLine, type PriceSeries, rangeOf, seriesByCurrency, stepLine,
} from '../../../../src/adapters/web/client/price-history-model.js';

const series = (store_id: number, over: Partial<PriceSeries> = {}): PriceSeries => ({
  store_id,
  store_name: `Store ${store_id}`,
  currency: 'EUR',
  latest: { amount: '12.00', availability: 'in_stock', url: 'https://s.example/p', fetched_at: '2026-11-29T12:00:00.000Z' },
  lowest: { amount: '12.00', fetched_at: '2026-11-29T12:00:00.000Z' },
  daily: [],
  monthly: [],
  ...over,
});
const day = (date: string, amount: string) => ({ date, amount, min_amount: amount, max_amount: amount, quote_count: 1 });

describe('buildChartData', () => {
  it('puts every store on one x axis (days at noon, months mid-month), with gaps where a store had no price', () => {
    const data = buildChartData([
      series(1, { daily: [day('2026-11-28', '12.00'), day('2026-11-29', '11.50')] }),
      series(2, {
        daily: [day('2026-11-29', '13.00')],
        monthly: [{ month: '2026-09', amount: '14.00', min_amount: '10.00', max_amount: '15.00', avg_amount: '13.00', sample_count: 30 }],
        lowest: { amount: '10.00', fetched_at: '2026-09-30T12:00:00.000Z' },
      }),
    ]);
    expect(data.xs).toEqual([monthX('2026-09'), dayX('2026-11-28'), dayX('2026-11-29')]);
    expect(data.lines.map((l) => l.values)).toEqual([[null, 12, 11.5], [14, null, 13]]);
    expect(data.lines[1]!.info[0]).toEqual({ kind: 'monthly', when: '2026-09', amount: '14.00', min: '10.00', max: '15.00', avg: '13.00' });
    // The lowest ever is a monthly minimum: marked on that month's point, at its amount.
    expect(data.lowest).toEqual({ storeName: 'Store 2', amount: '10.00', when: '2026-09', x: monthX('2026-09'), y: 10 });
    expect(data.lines.map((l) => [l.dailyCount, l.monthlyCount])).toEqual([[2, 0], [1, 1]]);
  });

  it('compares amounts exactly and takes the earliest of equal lows', () => {
    const data = buildChartData([
      series(1, { lowest: { amount: '9.90', fetched_at: '2026-11-20T00:00:00.000Z' } }),
      series(2, { lowest: { amount: '9.9', fetched_at: '2026-11-10T00:00:00.000Z' }, daily: [day('2026-11-10', '9.9')] }),
      series(3, { lowest: { amount: '10.00', fetched_at: '2026-11-01T00:00:00.000Z' } }),
    ]);
    expect(data.lowest).toMatchObject({ storeName: 'Store 2', when: '2026-11-10', x: dayX('2026-11-10') });
  });

  it('keeps currencies apart', () => {
    expect([...seriesByCurrency([series(1), series(2, { currency: 'GBP' }), series(3)]).entries()].map(([c, s]) => [c, s.map((x) => x.store_id)])).toEqual([
      ['EUR', [1, 3]],
      ['GBP', [2]],
    ]);
  });
});

describe('ranges and keyboard steps', () => {
  const xs = [dayX('2026-10-01'), dayX('2026-11-20'), dayX('2026-11-29')];
  const now = Date.parse('2026-11-29T18:00:00Z') / 1000;

  it('shows the last n days up to now, or every point', () => {
    const month = rangeOf(xs, 30, now);
    expect(indexesIn(xs, month)).toEqual([1, 2]);
    expect(indexesIn(xs, rangeOf(xs, null, now))).toEqual([0, 2]);
    expect(indexesIn(xs, rangeOf(xs, 1, now + 30 * 86_400))).toBeNull();
  });

  it('counts whole days: the day n days ago is in the range at any hour of today, the day before it is not', () => {
    const days = [dayX('2026-10-29'), dayX('2026-10-30'), dayX('2026-11-29')];
    for (const hour of ['00:00:01', '11:59:59', '12:06:00', '23:59:59']) {
      expect(indexesIn(days, rangeOf(days, 30, Date.parse(`2026-11-29T${hour}Z`) / 1000)), hour).toEqual([1, 2]);
    }
  });

  it('finds the store nearest the pointer, and steps between stores that have a price at a date', () => {
    const lines = buildChartData([
      series(1, { daily: [day('2026-11-28', '12.00'), day('2026-11-29', '11.00')] }),
      series(2, { daily: [day('2026-11-29', '15.00')] }),
      series(3, { daily: [day('2026-11-29', '20.00')] }),
    ]).lines;
    expect(nearestLine(lines, 1, 14)).toBe(1);
    expect(nearestLine(lines, 0, 30)).toBe(0);
    expect(stepLine(lines, 1, 0, 1)).toBe(1);
    expect(stepLine(lines, 1, 0, -1)).toBe(2);
    expect(stepLine(lines, 0, 0, 1)).toBe(0);
  });
});
